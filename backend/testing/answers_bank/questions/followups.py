"""Bank questions about follow-up chains: the working memory, the focus, picks from a list, one detail, two hops."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_412 = "¿cuántas canastillas tiene el 412?"
_SOAT_KLM, _TO_8297 = "¿cuándo vence el SOAT de la KLM482?", "¿a quién se entregó la remisión 8297?"

add("chain", FA, [_412, "¿y en qué ciudad queda?"], "city", "412")
add("chain", FA, [_412, "¿y estibas?"], "balance", "412", "estibas")
add("chain", FA, [_412, "¿y en qué ciudad queda?", "¿y estibas?"], "balance", "412", "estibas")
add("chain", FA, [_412, "¿y en qué ciudad queda?", "¿y estibas?", "¿y el 310?"], "balance", "310", "estibas")
add("chain", FA, [_412, "¿y el 310?"], "balance", "310", "canastillas")
add("chain", FA, [_412, "¿y el 413?"], "balance", "413", "canastillas")
# right after a code not found, «¿y tapas?» is about that code again (not found), never the 412 before it
add("chain", FA, [_412, "¿y el 413?", "¿y tapas?"], "balance", "413", "tapas")
add("chain", FA, [_412, "¿cómo se llama?"], "name", "412")
add("chain", FA, ["saldo de bahía solana", "¿y de qué ciudad es?"], "city", "310")
add("chain", FA, ["¿cuántas tapas tiene el 007?", "y el 77"], "balance", "77", "tapas")
add("chain", FA, ["¿cuántas tapas tiene el 007?", "y el 77", "y canastillas"], "balance", "77", "canastillas")
add(
    "chain",
    FA,
    ["cuantas canastillas tiene el cuatrocientos doce", "y en que ciudad queda"],
    "city",
    "412",
    style="spoken",
)
add(
    "chain",
    FA,
    ["cuantas canastillas tiene el 412", "y estibas", "y el trescientos diez"],
    "balance",
    "310",
    "estibas",
    style="spoken",
)
add("chain", FA, ["¿quién maneja la KLM482?", "¿y su licencia?"], "licence", "1072416216")
add("chain", FA, ["¿quién maneja la KLM482?", "¿y su teléfono?"], "phone", "1072416216")
add("chain", FA, [_SOAT_KLM, "¿y la tecnomecánica?"], "vehicle_doc", "KLM482", "TECNOMECANICA")
add("chain", FA, [_SOAT_KLM, "¿y la tecnomecánica?", "¿y la del TRX905?"], "vehicle_doc", "TRX905", "TECNOMECANICA")
add("chain", FA, [_SOAT_KLM, "¿quién era el conductor?"], "vehicle", "KLM482", "driver")
add("chain", FA, [_SOAT_KLM, "¿de qué marca es?"], "vehicle", "KLM482", "brand")
add(
    "chain",
    FA,
    ["cuando vence el soat de la KLM482", "y la poliza"],
    "vehicle_doc",
    "KLM482",
    "POLIZA_RC",
    style="spoken",
)
add("chain", FA, ["¿cuándo vence la tecno del TPV948?", "¿de qué año es?"], "vehicle", "TPV948", "year")
add("chain", FA, [_TO_8297, "¿cuántas tapas devolvió?"], "note", "8297", "qty", "tapas", "return")
add("chain", FA, [_TO_8297, "¿quién la llevó?"], "note", "8297", "driver")
add("chain", FA, [_TO_8297, "¿en qué vehículo?"], "note", "8297", "vehicle")
add("chain", FA, [_TO_8297, "¿quién la llevó?", "¿y su teléfono?"], "phone", "178146303")
add("chain", FA, ["pdf:8297", "¿cuántas tapas devolvió?"], "note", "8297", "qty", "tapas", "return")
add("chain", FA, ["pdf:8297", "¿quién la llevó?"], "note", "8297", "driver")
add("chain", FA, ["pdf:7851", "¿a qué cliente fue?"], "note", "7851", "client")
add("chain", FA, ["pdf:7851", "¿qué día fue?"], "note", "7851", "date")
add(
    "chain",
    FA,
    ["¿qué vehículos tienen el SOAT vencido?", "¿y la tecnomecánica?"],
    "docs_status",
    "vencido",
    "TECNOMECANICA",
)
add("chain", FA, ["remisiones del 310 en noviembre", "¿y en octubre?"], "client_notes", "310", "octubre")
add("chain", FA, ["remisiones del 310 en noviembre", "¿y del 1050?"], "client_notes", "1050", "noviembre")
add("chain", FA, ["los 3 clientes con más tapas", "¿y con más estibas?"], "top", "estibas", 3)
add("chain", FA, ["¿cuántas estibas hay en la calle?", "¿y canastillas?"], "total", "canastillas")
add("chain", FA, ["¿cuántos clientes tenemos en Barranquilla?", "¿y en Cali?"], "city_count", "Cali")
add("chain", FA, ["¿cuál es el código de bahía solana?", "¿cuántas tapas tiene?"], "balance", "310", "tapas")
add(
    "chain",
    FA,
    ["¿qué vehículo maneja Jorge Vélez Cardona?", "¿cuándo vence su SOAT?"],
    "vehicle_doc",
    "PTD681",
    "SOAT",
)
add(
    "chain",
    FA,
    ["¿cuántas canastillas tiene el 412?", "¿qué remisiones tuvo en octubre?"],
    "client_notes",
    "412",
    "octubre",
)
add("chain", FA, [_TO_8297, "¿y la 7851?"], "note", "7851", "client")
add("chain", FA, ["¿quién maneja la TBA622?", "¿y la póliza?"], "vehicle_doc", "TBA622", "POLIZA_RC")
add("chain", LV, [_412, "¿y el 007?"], "balance", "007", "canastillas")
add("chain", LV, [_412, "¿y en qué ciudad queda?"], "city", "412")
add("chain", LV, [_412, "¿y canastas de leche?"], "balance", "412", "canastas de leche")
add("chain", LV, [_412, "¿y el 500?"], "balance", "500", "canastillas")
add("chain", LV, ["saldo de la esperanza", "el depósito"], "balances", "514")
add("chain", LV, ["¿en qué ciudad queda la bahía?", "el de Pereira"], "city", "220")
add("chain", LV, ["¿cuándo vence la tecnomecánica del GFT663?", "¿y el SOAT?"], "vehicle_doc", "GFT663", "SOAT")
add("chain", LV, ["¿quién maneja el VLL330?", "¿y su licencia?"], "licence", "1124995925")
add(
    "chain",
    LV,
    ["¿a qué cliente fue la remisión 52072?", "¿cuántas canastillas devolvió?"],
    "note",
    "52072",
    "qty",
    "canastillas",
    "return",
)
add("chain", LV, ["pdf:52071", "¿quién la llevó?"], "note", "52071", "driver")
add("chain", LV, ["¿cuántas canastillas tiene el 412?", "¿y la KLM482?"], "vehicle_docs", "KLM482")
add("chain", FA, ["¿cuántas tapas tiene el 310?", "¿y el 412?", "¿y estibas?"], "balance", "412", "estibas")
add("chain", FA, ["¿quién maneja la QBM563?", "¿y cuándo vence su licencia?"], "licence", "867649115")
add(
    "chain",
    FA,
    ["¿cuándo vence la tecnomecánica de la KLM482?", "¿y la del TPV948?", "¿y el SOAT?"],
    "vehicle_doc",
    "TPV948",
    "SOAT",
)
add("chain", LV, ["¿cuántas canastillas tiene el 500?", "¿y la vaquita feliz?"], "balance", "412", "canastillas")
add("chain", FA, ["remisiones del 310 en noviembre", "¿quién llevó la 8423?"], "note", "8423", "driver")
add("chain", FA, ["¿cuántos clientes tenemos en Barranquilla?", "¿y en Medellín?", "¿y en Cali?"], "city_count", "Cali")
add("chain", LV, ["¿quién llevó la remisión 52072?", "¿y su teléfono?"], "phone", "1124995925")
add("chain", FA, ["pdf:8423", "¿a quién se le entregó?"], "note", "8423", "client")
add("chain", FA, [_412, "¿y el 310?", "¿y el 413?", "¿y el 007?"], "balance", "007", "canastillas")
add(
    "chain",
    FA,
    ["cuantas tapas tiene el trescientos diez", "y en que ciudad queda", "y el cuatro doce"],
    "city",
    "412",
    style="spoken",
)
add("chain", FA, ["¿cuántas estibas tiene el 424?", "¿y tapas?", "¿dónde queda?"], "city", "424")
add("chain", LV, ["¿quién maneja la EXH791?", "¿y qué teléfono tiene?"], "phone", "637874911")
add(
    "chain",
    FA,
    ["remisiones del 007 en noviembre", "¿cuántas estibas devolvió en la 8297?"],
    "note",
    "8297",
    "qty",
    "estibas",
    "return",
)
add("chain", FA, ["¿cuándo vence el SOAT del TRX905?", "¿quién lo maneja?", "¿y su licencia?"], "licence", "493832053")
add("chain", LV, ["¿cuántas canastas de leche hay en la calle?", "¿y canastillas?"], "total", "canastillas")
add("chain", FA, ["¿qué documentos vencen esta semana?", "¿y en los próximos 15 días?"], "docs_between", "proximos 15")
add("chain", FA, ["¿cuántas canastillas tiene don pacho?", "el de Barranquilla"], "balance", "264", "canastillas")
add("chain", LV, ["saldo de don pacho", "el de Pereira"], "balances", "687")
add("chain", FA, ["¿cuántas tapas tiene el 412?", "¿y el 007?", "¿y en qué ciudad queda?"], "city", "007")
add(
    "chain",
    LV,
    ["¿cuándo vence el SOAT del ZBX893?", "¿y la póliza?", "¿quién lo maneja?"],
    "vehicle",
    "ZBX893",
    "driver",
)
add("chain", FA, ["¿cuántas estibas despachamos ayer?", "¿y tapas?"], "moved", "tapas", "dispatch", "ayer")
add("chain", FA, ["¿qué pólizas están vencidas?", "¿y por vencer?"], "docs_status", "por vencer", "POLIZA_RC")
add("chain", FA, ["pdf:8297", "¿de qué fecha es?"], "note", "8297", "date")
# a follow-up without «y» about the focus: a plural verb, «ese cliente … en total», «su cliente»
add(
    "focus",
    FA,
    ["¿quién llevó la remisión 8297?", "¿cuántas tapas devolvieron?"],
    "note",
    "8297",
    "qty",
    "tapas",
    "return",
)
add(
    "focus",
    FA,
    ["¿cuántas tapas tiene el 310?", "ese cliente cuántas estibas debe en total"],
    "balance",
    "310",
    "estibas",
)
add(
    "focus",
    FA,
    ["¿a qué cliente fue la remisión 8350?", "¿y ese cliente cuántas canastillas tiene en total?"],
    "balance",
    "1050",
    "canastillas",
)
# driver -> the driver's vehicle -> its document
add(
    "two_hop",
    FA,
    ["¿cuándo vence la licencia de Wilson Peña Arango?", "¿y la póliza de su vehículo?"],
    "vehicle_doc",
    "UTI333",
    "POLIZA_RC",
)
# a pick from a listed answer by a word of the name (drivers too)
add("pick", FA, ["¿qué placa tiene el conductor julián?", "el peña"], "driver_vehicle", "879510109")
add("pick", FA, ["licencia del conductor óscar", "el quintero"], "licence", "48012107")
add("pick", LV, ["¿qué vehículo tiene andrés?", "el de apellido zapata"], "driver_vehicle", "136885507")
# one detail asked, one detail answered (chat shorthand «q» read as «qué»)
add("one_detail", FA, "la remision 8297 para q cliente era", "note", "8297", "client")
add("one_detail", FA, "¿en q camión anda Wilson Peña Arango?", "driver_vehicle", "479491320")
add("one_detail", LV, "q placa tiene sandra agudelo", "driver_vehicle", "423425535")
# two hops: a driver's vehicle's document, a vehicle's driver's licence
add(
    "two_hop",
    LV,
    ["¿qué teléfono tiene Sandra Zapata Mejía?", "¿y el soat de su camión?"],
    "vehicle_doc",
    "AFB115",
    "SOAT",
)
add("two_hop", FA, ["¿cuándo vence el SOAT del TRX905?", "¿y la licencia de su conductor?"], "licence", "493832053")
# a pick by position from a listed answer (candidates or a ranking), a name-number narrowed by a city
add("pick", FA, ["saldo de la 33", "el segundo"], "balances", "255")
add("pick", FA, ["teléfono del conductor julián", "el tercero"], "phone", "330320224")
add("pick", LV, ["los 3 clientes con más canastillas", "el primero", "¿dónde queda?"], "city", "976")
add("one_detail", FA, ["q dia fue la remision 8412", "quien es el cliente"], "note", "8412", "client")
# a document asked with the vehicle word, a driver's name asked with «cómo se llama», an age ranking after a vehicle
add("one_detail", FA, ["la KLM482 de quien es", "ese carro q soat tiene"], "vehicle_doc", "KLM482", "SOAT")
add(
    "one_detail", LV, ["¿cuándo vence el SOAT del VLL330?", "su conductor cómo se llama"], "vehicle", "VLL330", "driver"
)

# --- chains round 4: a pick from a document list, a recall of the first entity asked, «¿cuáles?» after a
# list, a count then its list then another city
_SOAT_OUT = "¿qué vehículos tienen el SOAT vencido?"
_DUE_WEEK = "¿qué documentos vencen esta semana?"
add("chain", FA, [_SOAT_OUT, "¿y el primero?"], "listed_doc", "vencido", "SOAT", 1)
add("chain", FA, [_SOAT_OUT, "¿y el primero?", "¿quién lo maneja?"], "listed_doc", "vencido", "SOAT", 1, "driver")
add(
    "chain",
    FA,
    [_SOAT_OUT, "¿y el primero?", "¿quién lo maneja?", "¿y su teléfono?"],
    "listed_doc",
    "vencido",
    "SOAT",
    1,
    "phone",
)
add("chain", FA, [_DUE_WEEK, "¿y el segundo?"], "listed_doc", "esta semana", None, 2)
add("chain", FA, [_DUE_WEEK, "el tercero"], "listed_doc", "esta semana", None, 3)
add("chain", FA, [_DUE_WEEK, "el tercero", "¿y el último?"], "listed_doc", "esta semana", None, 4)
add("chain", FA, [_DUE_WEEK, "¿y el segundo?", "¿quién lo maneja?"], "listed_doc", "esta semana", None, 2, "driver")
add("chain", LV, [_SOAT_OUT, "¿cuáles?"], "docs_status", "vencido", "SOAT")
add("chain", LV, [_SOAT_OUT, "¿cuáles?", "¿y el segundo?"], "listed_doc", "vencido", "SOAT", 2)
add(
    "chain",
    LV,
    ["¿cuántos vehículos tienen el SOAT vencido?", "¿cuáles son?", "¿y el primero?"],
    "listed_doc",
    "vencido",
    "SOAT",
    1,
)
add("chain", FA, ["¿cuántos clientes hay en Rionegro?", "¿cuáles?", "¿y en Bello?"], "city_count", "Bello")
add("chain", LV, ["¿cuántos clientes hay en Rionegro?", "¿cuáles?", "¿y en Bello?"], "city_count", "Bello")
_FIRST, _KLM, _SECOND = "¿y el primero que te pregunté?", "¿quién maneja la KLM482?", "¿y el segundo que te pregunté?"
add("chain", FA, [_412, _KLM, _FIRST], "balance", "412", "canastillas")
add("chain", FA, [_412, _KLM, _FIRST, "¿y estibas?"], "balance", "412", "estibas")
add("chain", FA, [_412, "¿y el 310?", _FIRST], "balance", "412", "canastillas")
add("chain", FA, [_412, "¿y el 310?", "¿cuándo vence el SOAT de la TRX905?", _SECOND], "balance", "310", "canastillas")
add(
    "chain",
    LV,
    ["¿quién maneja la VLL330?", "¿cuántas canastillas tiene el 412?", _FIRST],
    "vehicle",
    "VLL330",
    "driver",
)
add("chain", FA, [_FIRST], "asks_which", "código")
add("chain", LV, [_SOAT_OUT, "¿y el tercero?"], "asks_which", "lista")
