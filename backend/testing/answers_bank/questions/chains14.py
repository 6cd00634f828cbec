"""Bank questions of the session-14 follow-up chains (a fleet admin's phone chats of 3–5 turns): an amount
said bare after a figure («¿tiene más de 200?», «¿es más de 5000?», «¿y más de 100?») is yes or no of that
figure, and what follows it keeps the chain; «el primero (que te pregunté)» with the question's own words
(«… en qué ciudad está?», «… cuál es su teléfono?») after two entities asked, no list shown; a wh-word
anywhere asks a figure, no «Sí»; the largest of a driver's notes when the driver came from the chain; «¿y el
otro …?» right after a comparison of two named; «¿cuál tiene más canastas de leche?» after two saldos (the
asset's words are no name); «¿y a quién se entregó?» after turns about the note's driver; and chains that
mix entities, correct a code, pick from a ranking and change a city or an asset."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# 1. an amount said bare right after a figure: «Sí» / «No» of that figure; the chain goes on with its entity
add(
    "amount_bare",
    FA,
    ["¿cuántas canastillas tiene el 412?", "¿tiene más de 200?"],
    "yes_balance",
    "412",
    "canastillas",
    "more",
    200,
)
_997 = ["¿cuántas tapas tiene el 997?", "¿es más de 5000?"]
add("amount_bare", FA, _997, "yes_balance", "997", "tapas", "more", 5000)
add("amount_bare", FA, [*_997, "¿y estibas?"], "balance", "997", "estibas")
add("amount_bare", FA, ["saldo del 412", "¿tiene tapas?", "¿y más de 100?"], "yes_balance", "412", "tapas", "more", 100)
add(
    "amount_bare",
    FA,
    ["cuantas estibas tiene el 310", "mas de 300?", "y menos de 400?"],
    "yes_balance",
    "310",
    "estibas",
    "less",
    400,
)
_664 = ["¿cuántas canastas de leche tiene el 664?", "¿más de 3000?"]
add("amount_bare", LV, _664, "yes_balance", "664", "canastas de leche", "more", 3000)
add(
    "amount_bare",
    LV,
    ["cuantas canastillas tiene la vaquita", "y menos de 100?"],
    "yes_balance",
    "412",
    "canastillas",
    "less",
    100,
)
add("amount_bare", LV, [*_664, "¿y canastillas?"], "balance", "664", "canastillas")
_310 = ["¿cuántas estibas tiene el 310?", "¿y ya pasa de 300?"]
add("amount_bare", FA, _310, "yes_balance", "310", "estibas", "more", 300)
add("amount_bare", FA, [*_310, "¿y las tapas?"], "balance", "310", "tapas")
add("amount_bare", FA, ["cuantas tapas tiene el 632", "pasa de 8000?"], "yes_balance", "632", "tapas", "more", 8000)
add("amount_bare", FA, "¿el 412 supera las 200 canastillas?", "yes_balance", "412", "canastillas", "more", 200)
add(
    "amount_bare",
    LV,
    ["¿cuántas canastas de leche tiene el 976?", "¿supera las 4000?"],
    "yes_balance",
    "976",
    "canastas de leche",
    "more",
    4000,
)
# 2. «el primero (que te pregunté)» with a question of its own, after two entities asked (no list shown)
_310_KLM = ["saldo del 310", "¿quién maneja la KLM482?"]
add("recall_asked", FA, [*_310_KLM, "¿y el primero que te pregunté en qué ciudad está?"], "city", "310")
_TAPAS = ["¿cuántas tapas tiene el 412?", "¿y el 310?"]
add(
    "recall_asked",
    FA,
    [*_TAPAS, "¿y el primero que te pregunté cuántas estibas tiene?"],
    "plain_balance",
    "412",
    "estibas",
)
_DRIVERS = ["¿quién maneja la KLM482?", "¿y la TRX905?"]
add("recall_asked", FA, [*_DRIVERS, "¿y el primero cuál es su teléfono?"], "phone", "1072416216")
add(
    "recall_asked",
    FA,
    ["¿cuántas tapas tiene el 632?", "¿y el 997?", "¿y el primero en qué ciudad está?"],
    "city",
    "632",
)
_LV_DRIVERS = ["¿quién maneja la ZBX893?", "¿y la CWN340?", "¿y el primero cuándo se le vence la licencia?"]
add("recall_asked", LV, _LV_DRIVERS, "licence", "891772070")
_LV_MIX = ["saldo del 664", "¿quién maneja la ZBX893?", "y el primero q te pregunte cuantas canastillas tiene"]
add("recall_asked", LV, _LV_MIX, "plain_balance", "664", "canastillas")
# 3. a wh-word after «ese cliente», a pick or a recall asks the figure: no «Sí»
_8297 = ["remisión 8297", "¿a quién se entregó?"]
add("figure_asked", FA, [*_8297, "¿y ese cliente cuántas canastillas tiene?"], "plain_balance", "007", "canastillas")
_MARTA = ["remisiones de Marta Londoño en noviembre", "la tercera", "¿a quién se entregó?"]
add("figure_asked", FA, [*_MARTA, "¿y ese cliente cuántas canastillas tiene?"], "plain_balance", "633", "canastillas")
# 4. the largest (smallest) of a driver's notes when the driver came from the chain, not the company's
_DIEGO = ["¿quién maneja la KLM482?", "¿y la licencia de ese?", "¿cuántas remisiones hizo en noviembre?"]
add(
    "driver_largest",
    FA,
    [*_DIEGO, "¿cuál fue la más grande?"],
    "extreme_note",
    "noviembre",
    False,
    None,
    None,
    "driver",
    "1072416216",
)
_CAMILO = ["¿quién maneja la ZBX893?", "¿cuántas remisiones hizo en octubre?", "¿cuál fue la más grande?"]
add("driver_largest", LV, _CAMILO, "extreme_note", "octubre", False, None, None, "driver", "891772070")
_MARTA_PHONE = ["teléfono de Marta Londoño", "¿cuántas entregas hizo en noviembre?", "¿y la más pequeña?"]
add("driver_largest", FA, _MARTA_PHONE, "extreme_note", "noviembre", True, None, None, "driver", "493832053")
# 5. «¿y el otro …?» right after a comparison of two named: the one it did not lead with, asked that
_VERSUS = ["¿quién tiene más canastillas, el 412 o el 310?", "¿y el otro en qué ciudad queda?"]
add("other_versus", FA, _VERSUS, "city", "412")
add(
    "other_compared",
    LV,
    ["¿quién tiene más canastas de leche, el 664 o el 976?", "¿y el otro dónde queda?"],
    "city",
    "664",
)
# 6. «¿cuál tiene más canastas de leche?» after two saldos: the two compared (the asset's words are no name)
_LV_TWO = ["saldo del 664", "¿y el 976?"]
add(
    "compare_asset",
    LV,
    [*_LV_TWO, "¿cuál tiene más canastas de leche?"],
    "compare_balance",
    "more",
    "canastas de leche",
    "664",
    "976",
)
_LV_CAN = ["¿cuántas canastillas tiene el 664?", "¿y el 976?", "¿cuál tiene más?", "¿y canastas de leche?"]
add("compare_asset", LV, _LV_CAN, "compare_balance", "more", "canastas de leche", "664", "976")
add(
    "compare_asset",
    LV,
    [*_LV_TWO, "¿cuál de los dos tiene menos canastas de leche?"],
    "compare_balance",
    "less",
    "canastas de leche",
    "664",
    "976",
)
# 7. a note's question after turns about its driver: the note the chain was about
_52071 = ["remisión 52071", "¿quién la llevó?", "¿y su licencia cuándo vence?", "¿y a quién se entregó?"]
add("note_back", LV, _52071, "note", "52071", "client")
add(
    "note_back",
    FA,
    ["remisión 8297", "¿quién la llevó?", "¿y su teléfono?", "¿para quién fue?"],
    "note",
    "8297",
    "client",
)
# 8. chains that mix entities, correct, pick and vary (answered right already; kept so they stay so)
_412_NOTE = ["¿cuántas canastillas tiene el 412?", "¿y cuándo fue su última remisión?", "¿quién la llevó?"]
add("mixed_chain", FA, [*_412_NOTE, "¿y su teléfono?"], "phone", "1082877785")
_8297_TOTAL = [*_8297, "¿y cuánto debe ese cliente en total?", "¿en qué ciudad queda?"]
add("mixed_chain", FA, _8297_TOTAL, "city", "007")
_STREET = ["¿cuántas canastillas hay en la calle?", "¿y en Cali?", "¿y tapas?", "¿y en Medellín?"]
add("mixed_chain", FA, _STREET, "city_saldo", "Medellín", "tapas")
add(
    "mixed_chain",
    FA,
    ["¿cuántas estibas tiene el 412?", "no, el 413", "no perdón, el 310"],
    "balance",
    "310",
    "estibas",
)
_TOP5 = ["los 5 clientes con más estibas", "el tercero", "¿y en qué ciudad queda?", "el último de la lista"]
add("mixed_chain", FA, _TOP5, "city", "861")
add("mixed_chain", LV, ["¿cuántas canastillas tiene la vaquita?", "no, el 500", "¿y dónde queda?"], "city", "500")
_NAMES = [
    "¿cuántas canastillas tiene bahía solana?",
    "¿y puerto claro?",
    "¿cuál de los dos tiene más?",
    "¿y en estibas?",
]
add("mixed_chain", FA, _NAMES, "compare_balance", "more", "estibas", "310", "412")
_LV_TOP = [
    "los 3 clientes con más canastas de leche",
    "el segundo",
    "¿en qué ciudad está?",
    "¿y cuántas canastillas tiene?",
]
add("mixed_chain", LV, _LV_TOP, "plain_balance", "664", "canastillas")
_RESET = ["saldo de la vaquita", "¿cuántos vehículos hay?", "¿y sus canastillas?"]
add("mixed_chain", LV, _RESET, "balance", "412", "canastillas")
_DOCS = ["¿qué documentos vencen esta semana?", "el segundo", "¿quién lo maneja?"]
add("mixed_chain", FA, _DOCS, "vehicle", "TPV948", "driver")
# 9. «¿y la más pequeña?» right after a driver's «entregas» (read as «entregadas»): of those notes
_ENTREGAS = ["¿cuántas entregas hizo Marta Londoño en noviembre?", "¿y la más pequeña?"]
add("driver_largest", FA, _ENTREGAS, "extreme_note", "noviembre", True, None, None, "driver", "493832053")
# 10. another vehicle right after «¿qué le falta?»: what that one lacks, not the question before it
_LACKS = ["¿quién maneja la NXM840?", "¿y qué le falta?", "¿y la QMW158?"]
add("lacks_next_vehicle", FA, _LACKS, "vehicle_lacks", "QMW158")
_LV_LACKS = ["¿quién maneja la CWN340?", "¿qué le falta?", "¿y a la ZBX893?"]
add("lacks_next_vehicle", LV, _LV_LACKS, "vehicle_lacks", "ZBX893")
# 11. «¿y cuántas estibas tienen?» right after the clients of a city were counted: theirs, whatever client before
_ITAGUI = ["¿cuántas canastillas tiene el 632?", "¿cuántos clientes hay en Itagüí?", "¿y cuántas estibas tienen?"]
add("city_clients_hold", FA, _ITAGUI, "city_saldo", "Itagüí", "estibas")
_CALI = ["saldo del 412", "¿cuántos clientes hay en Cali?", "¿cuántas tapas tienen?"]
add("city_clients_hold", FA, _CALI, "city_saldo", "Cali", "tapas")
_LV_CALI = ["saldo de la vaquita", "cuantos clientes hay en Rionegro", "y cuantas canastas de leche tienen"]
add("city_clients_hold", LV, _LV_CALI, "city_saldo", "Rionegro", "canastas de leche")
# 12. «ella» / «él» right after an answer naming one driver: that driver, not the vehicle or note asked of
_ELLA = ["¿quién maneja la TRX905?", "¿y cuántas remisiones hizo ella en noviembre?"]
add("person_pronoun", FA, _ELLA, "owner_note_count", "driver", "493832053", "noviembre")
add("person_pronoun", FA, [*_ELLA, "¿y en octubre?"], "owner_note_count", "driver", "493832053", "octubre")
add("person_pronoun", FA, ["remisión 8297", "¿quién la llevó?", "¿y él qué licencia tiene?"], "licence", "178146303")
add("person_pronoun", LV, ["¿quién maneja la ZBX893?", "¿cuál es el teléfono de él?"], "phone", "891772070")
