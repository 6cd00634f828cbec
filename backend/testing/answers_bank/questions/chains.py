"""Bank questions of the follow-up chains round, typed as on a phone (no accents, short): comparisons of
the entities just discussed, a vehicle or day changed on a «¿puede salir?», a period changed on a ranking
or on due dates, another company, «el otro» / «la otra placa», «allá» after a client's city, a line of a
listed answer of delivery notes."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

_412, _310 = "cuantas canastillas tiene el 412", "y el 310"
_KLM, _TRX = "quien maneja la KLM482", "y la TRX905"

# comparisons of the last two (or more) entities discussed: «dos» is no client code 2
add(
    "compare",
    FA,
    [_412, "y en q ciudad queda", "y estibas", _310, "cual de los dos tiene mas"],
    "compare_balance",
    "more",
    "estibas",
    "412",
    "310",
)
add("compare", FA, [_412, _310, "cual de los dos tiene menos"], "compare_balance", "less", "canastillas", "412", "310")
add("compare", FA, [_412, _310, "cuantas tienen entre los dos"], "compare_balance", "sum", "canastillas", "412", "310")
add("compare", FA, [_412, _310, "cuantas tienen los dos juntos"], "compare_balance", "sum", "canastillas", "412", "310")
add("compare", FA, [_412, _310, "y la diferencia?"], "compare_balance", "diff", "canastillas", "412", "310")
add("compare", FA, [_412, _310, "cual tiene mas", "y estibas?"], "compare_balance", "more", "estibas", "412", "310")
add(
    "compare",
    FA,
    [_412, _310, "cual tiene mas", "y estibas?", "y tapas"],
    "compare_balance",
    "more",
    "tapas",
    "412",
    "310",
)
add(
    "compare",
    FA,
    ["saldo del 310", "y el 412", "cual tiene mas canastillas", "y menos tapas?"],
    "compare_balance",
    "less",
    "tapas",
    "310",
    "412",
)
add(
    "compare",
    FA,
    [_412, _310, "y el 007", "cual tiene mas"],
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "310",
    "007",
)
add(
    "compare",
    FA,
    ["cuantas canastillas tienen el 412 y el 77", "cual tiene mas"],
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "77",
)
add(
    "compare",
    FA,
    ["cuantas canastillas devolvio el 412 en octubre", _310, "cual devolvio mas"],
    "compare_moved",
    "more",
    "canastillas",
    "return",
    "octubre",
    "412",
    "310",
)
add(
    "compare",
    FA,
    ["cuantas canastillas devolvio el 412 en octubre", _310, "cual devolvio mas", "y en noviembre"],
    "compare_moved",
    "more",
    "canastillas",
    "return",
    "noviembre",
    "412",
    "310",
)
add(
    "compare",
    FA,
    ["que cliente tiene la remision 8297", "y la 8423", "cual llevo mas tapas"],
    "compare_notes",
    "more",
    "tapas",
    "dispatch",
    "8297",
    "8423",
)
add("compare", FA, [_KLM, _TRX, "cual de los dos es mas nuevo"], "compare_years", True, "KLM482", "TRX905")
add("compare", FA, [_KLM, _TRX, "cual es mas viejo"], "compare_years", False, "KLM482", "TRX905")
add(
    "compare",
    FA,
    ["soat de la klm482", "y el de la trx905", "cual vence primero"],
    "compare_docs",
    "SOAT",
    "KLM482",
    "TRX905",
)
add(
    "compare",
    FA,
    ["licencia de diego arango", "y la de marta londoño", "cual vence primero"],
    "compare_licences",
    "1072416216",
    "493832053",
)
add("compare", FA, [_412, "cuantos vehiculos hay", "cual de los dos tiene mas"], "asks_which", "comparo")
add("compare", FA, [_412, _310, "quien tiene mas canastillas"], "top", "canastillas", 1)
add(
    "compare",
    LV,
    ["cuantas canastas de leche tiene el 412", "y el 500", "cual de los dos tiene mas"],
    "compare_balance",
    "more",
    "canastas de leche",
    "412",
    "500",
)
add(
    "compare",
    LV,
    ["cuantas canastas de leche tiene el 412", "y el 500", "entre los dos cuantas tienen"],
    "compare_balance",
    "sum",
    "canastas de leche",
    "412",
    "500",
)
# another vehicle or a driver on «¿puede salir?»: the same question of it (not its notes of «hoy»)
add("ready_again", FA, ["la qbm563 puede salir hoy", "y la klm482?"], "ready", "KLM482")
add("ready_again", FA, ["la KLM482 puede salir hoy", _TRX, "y la QBM563?"], "ready", "QBM563")
add("ready_again", FA, ["la TRX905 esta al dia?", "y la TBA622"], "ready", "TBA622")
# another period on a ranking of drivers, on due dates asked ahead («enero» is the coming one)
add("period_again", FA, ["que conductor hizo mas entregas en octubre", "y en noviembre"], "top_driver", "noviembre")
add(
    "period_again",
    FA,
    ["que conductor hizo mas entregas en octubre", "y en noviembre", "y en septiembre?"],
    "top_driver",
    "septiembre",
)
add("period_again", FA, ["que documentos vencen esta semana", "y en enero?"], "docs_between", "enero 2027")
add("period_again", FA, ["que soat vencen este mes", "y en enero"], "docs_between", "enero 2027", "SOAT")
add("period_again", FA, ["que documentos vencieron en octubre", "y en noviembre?"], "docs_between", "noviembre")
# another company: never its data, and the topic stays
add("other_company", FA, [_412, "y la otra empresa?"], "other_company")
add("other_company", FA, [_412, "y la otra empresa?", "y estibas"], "balance", "412", "estibas")
add("other_company", FA, "cuantos vehiculos tiene la otra empresa", "other_company")
add("other_company", LV, [_412, "y en la otra compañia?"], "other_company")
add("other_company", LV, ["quien maneja la VLL330", "y la otra empresa"], "other_company")
# «el otro», «la otra placa»: the entity before, asked what was asked of the latest; none: said so
add("other_one", FA, [_KLM, "y su licencia", "y el SOAT de ese carro", "y la otra placa?"], "no_other")
add(
    "other_one",
    FA,
    ["quien maneja la TRX905", _KLM, "y su licencia", "y el SOAT de ese carro", "y la otra placa?"],
    "vehicle_doc",
    "TRX905",
    "SOAT",
)
add(
    "other_one",
    FA,
    ["soat de la klm482", "y la tecno", "y el de la trx905", "y el otro carro"],
    "vehicle_doc",
    "KLM482",
    "TECNOMECANICA",
)
add("other_one", FA, ["cuantas tapas tiene el 412", "y el otro cliente?"], "no_other")
# «allá» after a client's city: that city
add("there", FA, [_412, "y en q ciudad", "cuantos clientes hay alla"], "city_count", "Rionegro")
add("there", FA, ["donde queda el 310", "cuantas estibas hay alla"], "city_total", "estibas", "Barranquilla")
# a line of a listed answer of notes («la segunda»; «la última» is the newest, listed first)
add("note_line", FA, ["remisiones del 310 en noviembre", "la segunda a que hora fue"], "note", "8306", "date")
add(
    "note_line",
    FA,
    ["remisiones del 310 en noviembre", "quien llevo la primera", "y la tercera?"],
    "note",
    "8046",
    "driver",
)
add("note_line", FA, ["remisiones del 412 en octubre", "cual fue la ultima"], "note", "7851", "lines")
add("note_line", FA, ["remisiones del 412 en octubre", "y en noviembre?", "y la ultima?"], "note", "7851", "lines")
add("compare", FA, "cual de los dos tiene mas", "asks_which", "comparo")  # nothing in memory: which two?
# «¿cuál de ellos…?» after a listed ranking: among the listed; «el cliente con más …» stays the company's ranking
add(
    "compare",
    FA,
    ["los 3 clientes con mas estibas", "cual de ellos tiene mas tapas"],
    "compare_balance",
    "more",
    "tapas",
    "632",
    "997",
    "414",
)
add("compare", FA, [_412, "cual es el cliente con mas canastillas", "y estibas?"], "top", "estibas", 1)
# a question naming no one must not drag the topic in: «quién» with a status is the company's
add("no_drag", FA, [_KLM, "quien tiene la licencia vencida"], "licences", "vencido")
add("no_drag", FA, ["licencia de diego arango", "quienes tienen el soat vencido"], "docs_status", "vencido", "SOAT")
# a correction in words: «perdón, quería decir …», «me equivoqué, …»
add("correction", FA, [_412, "perdon queria decir estibas"], "balance", "412", "estibas")
add("correction", FA, ["cuantas tapas tiene el 412", "me equivoque, el 310"], "balance", "310", "tapas")
add("correction", FA, ["soat de la klm482", "perdon, quise decir la tecno"], "vehicle_doc", "KLM482", "TECNOMECANICA")
# a plural «y …» follow-up after one entity and then another: about both
each(
    "them",
    LV,
    ["cuantas canastillas tiene el 412", "y el 500", "y en q ciudad quedan"],
    ("city", "412"),
    ("city", "500"),
)
each(
    "them",
    LV,
    ["cuantas canastillas tiene el 412", "y el 500", "y en q ciudad quedan", "y canastas de leche?"],
    ("balance", "412", "canastas de leche"),
    ("balance", "500", "canastas de leche"),
)
each("them", FA, [_412, _310, "y cuantas tapas tienen"], ("balance", "412", "tapas"), ("balance", "310", "tapas"))
add("compare", FA, [_KLM, _TRX, "cual de los dos tiene mas"], "asks_which", "compararlos")  # more what? said so
add("compare", FA, [_412, _310, "cual de los dos vence primero"], "asks_which", "compararlos")
