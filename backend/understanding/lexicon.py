"""The words of operations questions: the vocabulary (`vocabulary`) with typo tolerance (rapidfuzz).

`tokens(text)` folds and splits; `correct(token)` maps a misspelled keyword to the keyword it most
likely is («canstillas» -> «canastillas», «vencimeinto» -> «vencimiento»), or returns it unchanged.
Only keywords are corrected, never names: a token must sound exactly like one keyword (`sound_key`, length
≥ 4: «amariyo», «berde», «soad») or be close to one (ratio ≥ 84, length ≥ 5; «camilo» must stay a name, not
become «camion»).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from backend.core.text import fold
from backend.understanding.movement_verbs import VERBS
from backend.understanding.sound_key import index, sounds_like
from backend.understanding.vocabulary import (
    ASSETS,
    ATTRIBUTES,
    COUNT,
    MONTHS,
    MOVEMENTS,
    NEGATIVE,
    SUBJECTS,
    TOP,
    TOTAL,
)
from backend.understanding.vocabulary_fields import PERSON_FIELDS, UNKNOWN_FIELDS
from backend.understanding.vocabulary_fleet import ACTIVE, DOCS, EXPIRY, LIGHTS, STATUS, VEHICLE_KINDS

_TOKEN = re.compile(r"[a-z0-9]+")

__all__ = [
    "ASSETS",
    "DOCS",
    "MOVEMENTS",
    "ATTRIBUTES",
    "SUBJECTS",
    "VEHICLE_KINDS",
    "STATUS",
    "ACTIVE",
    "LIGHTS",
    "EXPIRY",
    "TOTAL",
    "UNKNOWN_FIELDS",
    "TOP",
    "NEGATIVE",
    "PERSON_FIELDS",
    "COUNT",
    "MONTHS",
    "FILLER",
    "SHORTHAND",
    "correct",
    "heard_as",
    "is_keyword",
    "tokens",
]

#: words that never name a client or driver (verbs, fillers, question words).
FILLER = (
    set(
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
sexto sexta septimo septima octavo octava noveno novena decimo decima penultimo penultima 1ro 1ero 2do 2da 3ro 3ra
3ero sigue siguiente anterior abajo quedo quedaron lugar puesto primeras ultimas
inventario existencias stock viaje viajes
actual actualmente ahorita hecho realizo falta faltan pendiente compara comparame comparar ambos ambas
puede pueden podria salir circular rodar operar trabajar habilitado habilitada tarde temprano
anos semaforo anteriores posteriores adelante arriba atras despues antes
proximo proxima grande grandes pequeno pequena hubo hubieron habra salio sale salen firmo firmaron firmada
pasas pasan das dices decis regalas regala regalan mandas mandan envias puedes podes sabes sabe sabias
recuerdas ayudas ayudame colaboras averiguas confirmas confirma confirmame indicas indica indicame
vos usted ud vez xfa xf porfa porfis plis pls

""".split()
    )
    | VERBS
)  # «el 310 cuánto recibió», «diego toro cuánto llevó»: verbs of a movement, no name
_VOCAB = sorted(
    set(ASSETS)
    | set(DOCS)
    | set(MOVEMENTS)
    | VERBS
    | set(ATTRIBUTES)
    | set(SUBJECTS)
    | set(VEHICLE_KINDS)
    | set(STATUS)
    | set(ACTIVE)
    | set(LIGHTS)
    | EXPIRY
    | TOTAL
    | NEGATIVE
    | set(MONTHS)
    | {"tecnomecanica", "vencimiento", "remision", "devolucion", "canastillas", "proximos", "semana"}
)
_KEYWORDS = frozenset(_VOCAB)
_SOUNDS = index(_VOCAB)  # keywords typed by ear (`sound_key`): the closed vocabulary only, never names


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
    # phone typos too short for the fuzzy correction (under 5 letters, or one transposition away)
    "keda": "queda",
    "kedan": "quedan",
    "qeda": "queda",
    "qda": "queda",
    "qdan": "quedan",
    "kda": "queda",
    "cuidad": "ciudad",
    # ordinals typed fast («el segudo», «el utlimo»): a place in a list, never a name
    "primro": "primero",
    "pimero": "primero",
    "priemro": "primero",
    "segudo": "segundo",
    "sgundo": "segundo",
    "segundp": "segundo",
    "segunod": "segundo",
    "segnudo": "segundo",
    "tecero": "tercero",
    "terceo": "tercero",
    "tercro": "tercero",
    "trecero": "tercero",
    "utlimo": "ultimo",
    "ulitmo": "ultimo",
    "ultmo": "ultimo",
    "utimo": "ultimo",
    "utlima": "ultima",
    "ultma": "ultima",
    "penulitmo": "penultimo",
    "2o": "2do",
    "3o": "3ro",
    "ciuda": "ciudad",
    "sldo": "saldo",
    "sald": "saldo",
    "sldos": "saldos",
    "tine": "tiene",
    "tien": "tiene",
    "kien": "quien",
    "qien": "quien",
    "dnd": "donde",
    "dnde": "donde",
    "cuado": "cuando",
    "cundo": "cuando",
    "est": "estibas",
    "ests": "estibas",
    "tap": "tapas",
    "taps": "tapas",
    "tel": "telefono",
    "tlf": "telefono",
}


_SPELLED = re.compile(r"\bs\W{0,2}o\W{0,2}a\W{0,2}t\b")  # «el s o a t», «s.o.a.t.»: the SOAT spelled out


def tokens(text: str) -> list[str]:
    """Folded word tokens of `text`, shorthand expanded: '¿Q CANASTILLAS?' -> ['que', 'canastillas']."""
    return [SHORTHAND.get(t, t) for t in _TOKEN.findall(_SPELLED.sub("soat", fold(text)))]


@lru_cache(maxsize=4096)
def correct(token: str) -> str:
    """The keyword `token` most likely is (typo tolerance), else `token` itself."""
    if token in SHORTHAND:
        return SHORTHAND[token]
    if token in _KEYWORDS or len(token) < 4 or token.isdigit() or token in FILLER:
        return token
    if (heard := heard_as(token)) is not None:
        return heard  # «amariyo», «berde», «estivaz», «soad»: the keyword it sounds like
    if len(token) < 5:
        return token
    best = process.extractOne(token, _VOCAB, scorer=fuzz.ratio, score_cutoff=84)
    return best[0] if best else token


def heard_as(token: str) -> str | None:
    """The keyword folded `token` sounds exactly like (`sound_key`), else None."""
    return sounds_like(token, _SOUNDS)


def is_keyword(token: str) -> bool:
    return token in _KEYWORDS or token in FILLER
