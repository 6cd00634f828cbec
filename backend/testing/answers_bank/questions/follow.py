"""Bank questions of the fresh-user trial's follow-ups, typed as on a phone: «¿cuánto devolvió?» is units,
never the number of notes; comparisons on the measure last discussed; the n-th of a ranking just given; a
client picked among the ones just discussed; «el otro» of a comparison; what a capped list leaves out."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# «cuánto» is a quantity per asset type (of a client, a vehicle, a driver); «cuántas veces» a count
add("units", FA, "el 632 cuanto ha devuelto este año", "units_of", "client", "632", "return", "este año")
add("units", FA, "cuanto devolvio el 310 en noviembre", "units_of", "client", "310", "return", "noviembre")
add("units", FA, "cuanto le despachamos al 412 en octubre", "units_of", "client", "412", "dispatch", "octubre")
add("units", FA, "cuanto devolvio la klm482 en noviembre", "units_of", "vehicle", "KLM482", "return", "noviembre")
add("units", FA, "la trx905 cuanto despacho en noviembre", "units_of", "vehicle", "TRX905", "dispatch", "noviembre")
add(
    "units",
    FA,
    "cuantas estibas movio el 632 en noviembre",
    "units_of",
    "client",
    "632",
    "dispatch return",
    "noviembre",
    "estibas",
)
add("units", FA, "cuantas veces devolvio el 310 en noviembre", "client_note_count", "310", "noviembre")
add("units", LV, "el 510 cuanto devolvio en noviembre", "units_of", "client", "510", "return", "noviembre")
add("units", LV, "cuanto devolvio la vjp970 en noviembre", "units_of", "vehicle", "VJP970", "return", "noviembre")
add(
    "units",
    FA,
    ["en que ciudad queda el 632", "y cuanto ha devuelto este año"],
    "units_of",
    "client",
    "632",
    "return",
    "este año",
)

# «cuál de los dos tuvo más» compares on the measure last discussed: how many notes, not saldos
_632N, _997N = "cuantas remisiones tuvo el 632 en noviembre", "y el 997"
add(
    "compare_measure",
    FA,
    [_632N, _997N, "cual de los dos tuvo mas"],
    "compare_note_counts",
    "client",
    "noviembre",
    "632",
    "997",
)
add(
    "compare_measure",
    FA,
    [_632N, _997N, "quien tuvo mas de los dos"],
    "compare_note_counts",
    "client",
    "noviembre",
    "632",
    "997",
)
_KLMN = "remisiones de la klm482 en noviembre cuantas fueron"
add(
    "compare_measure",
    FA,
    [_KLMN, "y la trx905?", "cual de las dos hizo mas"],
    "compare_note_counts",
    "vehicle",
    "noviembre",
    "KLM482",
    "TRX905",
)
add(
    "compare_measure",
    FA,
    ["cuantas remisiones hizo la cqn859 en octubre", "y la klm482", "cual de las dos hizo mas"],
    "compare_note_counts",
    "vehicle",
    "octubre",
    "CQN859",
    "KLM482",
)
add(
    "compare_measure",
    LV,
    ["cuantas remisiones tuvo el 993 en noviembre", "y el 976", "cual de los dos tuvo mas"],
    "compare_note_counts",
    "client",
    "noviembre",
    "993",
    "976",
)
# «los dos» are the last two entities discussed one by one: a list of candidates offered between is not
_SJ = "saldo canastiyas almacen san jose"
add(
    "compare_pair",
    FA,
    [_SJ, "el express", "y la panaderia la macarena", "cual de los dos tiene mas estibas"],
    "compare_balance",
    "more",
    "estibas",
    "632",
    "997",
)
add(
    "compare_pair",
    FA,
    ["saldo de la macarena", "y la panaderia la macarena", "y el 412", "cual de los dos tiene mas estibas"],
    "compare_balance",
    "more",
    "estibas",
    "997",
    "412",
)
add(
    "compare_pair",
    FA,
    ["saldo del 310", "la macarena", "y el 412", "cual de los dos tiene menos tapas"],
    "compare_balance",
    "less",
    "tapas",
    "310",
    "412",
)
# «el otro» right after a comparison of two: the one it did not lead with, asked what was asked
_KS, _TS = "soat de la klm482", "y el de la trx905"
add(
    "other_compared",
    FA,
    [_KS, _TS, "cual de los dos vence primero", "y el otro cuando vence"],
    "vehicle_doc",
    "KLM482",
    "SOAT",
)
add("other_compared", FA, [_KS, _TS, "cual de los dos vence primero", "y el otro?"], "vehicle_doc", "KLM482", "SOAT")
add(
    "other_compared",
    FA,
    ["tecno de la qbm563", "y la de la klm482", "cual vence primero", "y la otra cuando vence"],
    "vehicle_doc",
    "KLM482",
    "TECNOMECANICA",
)
_PC, _CB = "cuantas tapas tiene distribuidora puerto claor", "y comercial bahia"
add(
    "other_compared",
    FA,
    [_PC, _CB, "cual de los dos tiene mas tapas", "y el otro cuantas estibas tiene"],
    "balance",
    "412",
    "estibas",
)
add(
    "other_compared",
    LV,
    ["cuantas canastas de leche tiene el 412", "y el 500", "cual de los dos tiene mas", "y el otro en q ciudad queda"],
    "city",
    "500",
)

# «¿y el segundo?» after a ranking of one: that ranking's n-th (never the first again, nor an older list's line)
_CALI = "q cliente tiene mas estibas en cali"
add("nth_ranked", FA, [_CALI, "y el segundo?"], "nth_top", "estibas", 2, "Cali")
add("nth_ranked", FA, [_CALI, "y el segundo?", "y el tercero"], "nth_top", "estibas", 3, "Cali")
add(
    "nth_ranked",
    FA,
    ["que vehiculos tienen la poliza vencida", "cual se vencio primero", _CALI, "y el segundo con mas?"],
    "nth_top",
    "estibas",
    2,
    "Cali",
)
add("nth_ranked", FA, ["quien tiene mas canastillas", "y el segundo"], "nth_top", "canastillas", 2)
add("nth_ranked", FA, ["quien tiene menos tapas", "y el segundo"], "nth_top", "tapas", 2, None, True)
add("nth_ranked", LV, ["que cliente tiene mas canastas de leche", "y el segundo?"], "nth_top", "canastas de leche", 2)
add("nth_ranked", LV, ["que cliente tiene mas canastas de leche", "el tercero"], "nth_top", "canastas de leche", 3)

# «última remisión que llevó» right after a driver: that driver's latest note, not the profile again
_DT = ["diego toro que vehiculo tiene", "y la licencia de el", "cual es su telefono"]
add("driver_last", FA, [*_DT, "ultima remision que llevo"], "latest_of", "driver", "308967926", "todo")
add(
    "driver_last",
    FA,
    ["telefono de marta londono", "y la ultima remision que llevo?"],
    "latest_of",
    "driver",
    "493832053",
    "todo",
)
add(
    "driver_last",
    LV,
    ["telefono de andres zapata", "ultima remision que hizo"],
    "latest_of",
    "driver",
    "136885507",
    "todo",
)

# a partial name right after a name answered: the one candidate that also holds that name («el express»)
add("pick_named", FA, [_SJ, "el express"], "balance", "632", "canastillas")
add("pick_named", FA, [_SJ, "y el express cuantas estibas tiene"], "balance", "632", "estibas")
add("pick_named", FA, ["cuantas tapas tiene avicola dona rosa", "el centro"], "balance", "414", "tapas")
add("pick_named", LV, ["saldo de mercados san jose #2", "el y cia"], "balances", "941")

# notes asked of a name no client or driver has (another company's client): not found, never every note
_VF = "vaquita feliz"
add("notes_named", FA, "remisiones de tienda la vaquita feliz", "no_client_named", _VF)
add("notes_named", FA, "cuantas remisiones tuvo la tienda la vaquita feliz", "no_client_named", _VF)
add("notes_named", FA, "ultima remision de la vaquita feliz en noviembre", "no_client_named", _VF)
add("notes_named", LV, "remisiones de distribuidora puerto claro", "no_client_named", "puerto claro")
# a capped list of notes says how many are left of all it counted (10 shown + N = the total)
add("capped_rest", FA, "remisiones de este año", "capped_notes", "este año")
add("capped_rest", LV, "remisiones de este año", "capped_notes", "este año")
add("capped_rest", FA, "remisiones de noviembre", "capped_notes", "noviembre")

# «¿y con menos?» after a ranking, with a client discussed before it: the ranking's other end («leche» of
# «canastas de leche» is no name that would take that client back)
_TOP3 = "los 3 clientes con mas canastas de leche"
add("other_end", LV, ["cuantas canastas de leche tiene el 976", _TOP3, "y con menos"], "bottom", "canastas de leche", 3)
add("other_end", LV, ["remisiones del 976 en noviembre", _TOP3, "y con menos"], "bottom", "canastas de leche", 3)
add(
    "other_end",
    LV,
    ["saldo del 412", "los 5 clientes con mas canastas de leche", "y con menos?"],
    "bottom",
    "canastas de leche",
    5,
)
add(
    "other_end",
    FA,
    ["cuantas canastillas tiene el 412", "los 3 clientes con mas tapas", "y con menos"],
    "bottom",
    "tapas",
    3,
)

# due dates of one kind's document when none is due soon: the kind said and each date, not a bare «ninguno»
add("kind_dates", FA, "vencimientos del soat de los motocarros", "kind_doc_dates", "motocarro", "motocarros", "SOAT")
add("kind_dates", FA, "cuando vence el soat de los motocarros", "kind_doc_dates", "motocarro", "motocarros", "SOAT")
add("kind_dates", LV, "vencimientos del soat de los motocarros", "kind_doc_dates", "motocarro", "motocarros", "SOAT")

# codes are text: a code typed without its zeros or split by a space is answered for the one client it can
# be, and the reading is said
add("read_as", FA, "cuantas canastillas tiene el 7", "read_as", "7", "007", "canastillas")
add("read_as", FA, "el 7 cuantas tapas tiene", "read_as", "7", "007", "tapas")
add("read_as", FA, "canastiyas del 41 2", "read_as", "41 2", "412", "canastillas", style="typo")
add("read_as", FA, "cuantas estibas tiene el 31 0", "read_as", "31 0", "310", "estibas", style="typo")
add("read_as", LV, "canastas de leche del 97 6", "read_as", "97 6", "976", "canastas de leche", style="typo")
