"""The words of operations questions: folded keywords -> slot values, with typo tolerance (rapidfuzz).

`tokens(text)` folds and splits; `correct(token)` maps a misspelled keyword to the keyword it most
likely is («canstillas» -> «canastillas», «vencimeinto» -> «vencimiento»), or returns it unchanged.
Only keywords are corrected, never names: a token must be close to one keyword (ratio ≥ 84, length ≥ 5;
«camilo» must stay a name, not become «camion»).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from backend.core.text import fold

_TOKEN = re.compile(r"[a-z0-9]+")

#: asset keyword -> the folded stem matched against the company's asset type names.
ASSETS = {
    "canastilla": "canastilla",
    "canastillas": "canastilla",
    "canasta": "canasta",
    "canastas": "canasta",
    "estiba": "estiba",
    "estibas": "estiba",
    "tapa": "tapa",
    "tapas": "tapa",
    "pallet": "estiba",
    "pallets": "estiba",
    "canasticas": "canastilla",
    "guacal": "canastilla",
    "guacales": "canastilla",
}
DOCS = {
    "soat": "SOAT",
    "tecnomecanica": "TECNOMECANICA",
    "tecno": "TECNOMECANICA",
    "tecnicomecanica": "TECNOMECANICA",
    "revision": "TECNOMECANICA",
    "poliza": "POLIZA_RC",
    "rc": "POLIZA_RC",
    "polizas": "POLIZA_RC",
    "polisa": "POLIZA_RC",
    "polisas": "POLIZA_RC",
    "tecnicomecanicas": "TECNOMECANICA",
    "tecnomecanicas": "TECNOMECANICA",
}
MOVEMENTS = {
    "despacho": "dispatch",
    "despachos": "dispatch",
    "despachamos": "dispatch",
    "despacharon": "dispatch",
    "despachado": "dispatch",
    "despachadas": "dispatch",
    "despachados": "dispatch",
    "despache": "dispatch",
    "enviamos": "dispatch",
    "enviaron": "dispatch",
    "entregamos": "dispatch",
    "entregaron": "dispatch",
    "entregadas": "dispatch",
    "llevamos": "dispatch",
    "salieron": "dispatch",
    "devolucion": "return",
    "devoluciones": "return",
    "devolvio": "return",
    "devolvieron": "return",
    "devuelto": "return",
    "devueltas": "return",
    "devueltos": "return",
    "devolvimos": "return",
    "recogimos": "return",
    "recogieron": "return",
    "retorno": "return",
    "retornaron": "return",
    "regresaron": "return",
    "recibimos": "return",
    "recibio": "return",
    "recogio": "return",
}
#: attribute keyword -> attribute
ATTRIBUTES = {
    "saldo": "balance",
    "saldos": "balance",
    "debe": "balance",
    "deben": "balance",
    "tiene": "balance_verb",
    "ciudad": "city",
    "queda": "city",
    "ubicado": "city",
    "ubicada": "city",
    "donde": "city",
    "municipio": "city",
    "codigo": "code",
    "nombre": "name",
    "llama": "name",
    "telefono": "phone",
    "celular": "phone",
    "cel": "phone",
    "contacto": "phone",
    "numero": "phone",
    "conductor": "driver",
    "chofer": "driver",
    "maneja": "driver",
    "manejaba": "driver",
    "manejo": "driver",
    "llevo": "driver",
    "conducia": "driver",
    "conduce": "driver",
    "condujo": "driver",
    "quien": "who",
    "vehiculo": "vehicle",
    "carro": "vehicle",
    "camion": "vehicle",
    "placa": "plate",
    "licencia": "licence",
    "pase": "licence",
    "documentos": "documents",
    "papeles": "documents",
    "documentacion": "documents",
    "vencimientos": "documents",
    "tipo": "kind",
    "clase": "kind",
    "marca": "brand",
    "modelo": "year",
    "ano": "year",
    "activo": "status",
    "activa": "status",
    "inactivo": "status",
    "estado": "status",
    "funcionando": "status",
    "cedula": "document_number",
    "identificacion": "document_number",
    "fecha": "date",
    "cuando": "when",
    "dia": "date",
    "cliente": "client",
    "entrego": "client_verb",
    "entregada": "client_verb",
    "entregado": "client_verb",
    "remisiones": "notes",
    "movimientos": "notes",
    "movimiento": "notes",
    "remision": "note_word",
    "ultimo": "last",
    "ultima": "last",
    "ultimos": "last",
    "ultimas": "last",
    "reciente": "last",
}
SUBJECTS = {
    "clientes": "clients",
    "vehiculos": "vehicles",
    "carros": "vehicles",
    "camiones": "vehicles",
    "flota": "vehicles",
    "placas": "vehicles",
    "motocarros": "vehicles",
    "furgones": "vehicles",
    "tractocamiones": "vehicles",
    "conductores": "drivers",
    "choferes": "drivers",
    "licencias": "licences",
    "pases": "licences",
    "documentos": "documents",
    "papeles": "documents",
    "vencimientos": "documents",
    "remisiones": "notes",
    "movimientos": "notes",
    "ciudades": "cities",
}
VEHICLE_KINDS = {
    "motocarro": "motocarro",
    "motocarros": "motocarro",
    "furgon": "furgón",
    "furgones": "furgón",
    "camion": "camión",
    "camiones": "camión",
    "tractocamion": "tractocamión",
    "tractocamiones": "tractocamión",
    "tracto": "tractocamión",
    "tractomulas": "tractocamión",
    "tractomula": "tractocamión",
    "mulas": "tractocamión",
}
STATUS = {
    "vencido": "vencido",
    "vencidos": "vencido",
    "vencida": "vencido",
    "vencidas": "vencido",
    "vencio": "vencido",
    "vencieron": "vencido",
    "caducado": "vencido",
    "caducados": "vencido",
    "vigente": "vigente",
    "vigentes": "vigente",
}
ACTIVE = {
    "activo": True,
    "activos": True,
    "activa": True,
    "activas": True,
    "inactivo": False,
    "inactivos": False,
    "inactiva": False,
    "inactivas": False,
    "desactivado": False,
    "desactivados": False,
}
EXPIRY = {
    "vence",
    "vencen",
    "vencer",
    "vencimiento",
    "vencimientos",
    "caduca",
    "caducan",
    "expira",
    "expiran",
    "semaforo",
    "renovar",
    "vencera",
    "venceran",
}
TOTAL = {
    "total",
    "totales",
    "calle",
    "afuera",
    "fuera",
    "prestadas",
    "prestados",
    "circulacion",
    "todos",
    "todas",
    "general",
    "sumando",
    "suma",
    "hay",
    "tenemos",
    "existen",
}
TOP = {"top", "mas", "mayor", "mayores", "principales", "primeros", "ranking", "grandes"}
NEGATIVE = {"negativo", "negativos", "negativa", "negativas"}
COUNT = {"cuantos", "cuantas", "numero", "cantidad"}
MONTHS = {
    "enero": 1,
    "febrero": 2,
    "marzo": 3,
    "abril": 4,
    "mayo": 5,
    "junio": 6,
    "julio": 7,
    "agosto": 8,
    "septiembre": 9,
    "setiembre": 9,
    "octubre": 10,
    "noviembre": 11,
    "diciembre": 12,
}
#: words that never name a client or driver (verbs, fillers, question words).
FILLER = set(
    """
queda esta estan estaba ubicado ubicada vive tenemos tengo tienes tiene tenia quedan hay habia cuenta cuentan
llevo llevaron lleva llevaba era eran fue fueron sera seran dijiste dijo oye bueno listo vale entonces ahora
quiero quisiera necesito muestra muestrame pasame pasa dime decime cuentame regalame porfavor favor please
cual cuales que quien quienes cuanto cuanta cuantos cuantas como donde cuando ellos ellas nuestro nuestra
nuestros nuestras empresa mi mis su sus ese esa eso esos esas este esta estos estas aquel aquella alla aca aqui
the calle total general todos todas semana mes ano hoy ayer manana proximos proximas siguientes ultimos
vencen vence vencer vencio vencido vencidos vencida vencidas vigente vigentes activo activos inactivo inactivos
estan pendiente pendientes pronto punto primer primeros mayor mayores menor menores principales ranking
despachamos despacharon devolvieron devolvio entregamos entregaron recogimos recibimos enviamos
numero cantidad dato datos info informacion contacto telefono celular cedula licencia pase tipo marca modelo
clase estado ciudad codigo nombre llama saldo saldos debe deben conductor chofer placa vehiculo carro camion
negativo negativos negativa negativas por cada entre del desde hasta dias semanas meses tiempo van vamos
maneja manejaba conduce conducia condujo hizo hace hacen tuvo tuvieron paso pasaron algun alguna ningun ninguna
ver revisar consultar saber decir dar mandar enviar llevo lleva llevaron entrego entregada entregado recibio
pregunta preguntas opcion punto paso item linea pagina numeral parte contenia contiene traia trajo cargo cargaba
viejo vieja viejos viejas antiguo antigua antiguos nuevo nueva nuevos nuevas moderno moderna reciente asignado
asignada asignados asignadas alli ahi primero primera segundo segunda tercero tercera cuarto cuarta quinto quinta

""".split()
)
_VOCAB = sorted(
    set(ASSETS)
    | set(DOCS)
    | set(MOVEMENTS)
    | set(ATTRIBUTES)
    | set(SUBJECTS)
    | set(VEHICLE_KINDS)
    | set(STATUS)
    | set(ACTIVE)
    | EXPIRY
    | TOTAL
    | NEGATIVE
    | set(MONTHS)
    | {"tecnomecanica", "vencimiento", "remision", "devolucion", "canastillas", "proximos", "semana"}
)
_KEYWORDS = frozenset(_VOCAB)


#: chat shorthand -> the word it stands for («q vehículo maneja…», «xq no…»).
SHORTHAND = {
    "q": "que",
    "k": "que",
    "ke": "que",
    "xq": "porque",
    "pq": "porque",
    "tb": "tambien",
    "tmb": "tambien",
    "cuants": "cuantas",
}


def tokens(text: str) -> list[str]:
    """Folded word tokens of `text`, shorthand expanded: '¿Q CANASTILLAS?' -> ['que', 'canastillas']."""
    return [SHORTHAND.get(t, t) for t in _TOKEN.findall(fold(text))]


@lru_cache(maxsize=4096)
def correct(token: str) -> str:
    """The keyword `token` most likely is (typo tolerance), else `token` itself."""
    if token in _KEYWORDS or len(token) < 5 or token.isdigit() or token in FILLER:
        return token
    best = process.extractOne(token, _VOCAB, scorer=fuzz.ratio, score_cutoff=84)
    return best[0] if best else token


def is_keyword(token: str) -> bool:
    return token in _KEYWORDS or token in FILLER
