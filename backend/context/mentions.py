"""What a text names, before looking anything up: pure functions over one question or turn.

`find_mentions(text)` returns client codes, bare numbers (a client code or a delivery-note number),
delivery-note numbers, plates, spoken code/plate readings (via `backend.core.spoken` when present) and the
significant folded words used for client and driver names.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from backend.core.amount_words import BEYOND, EXCEEDS
from backend.core.client_codes import CODE_PATTERN, client_code
from backend.core.note_numbers import NOTE_PATTERN, note_number
from backend.core.spoken import NOT_PLATE_WORDS
from backend.core.text import fold, normalize_plate

if TYPE_CHECKING:
    from backend.core.spoken import Mention

_T = TypeVar("_T")

# «cliente 412», «código 007», «#412»; «cliente 1.050» is 1050 (a thousands dot, as «remisión 1.234»: it
# was client «1»); «cliente 412.5» is no code. A comma stays a list's («los clientes 412,310»).
_CODE_MARKED = re.compile(
    r"(?:\bclientes?|\bc[oó]d(?:igo)?\.?|\bcod\b|#)\s*(?:n[uú]mero|no\.?|nro\.?)?\s*:?\s*"
    r"([0-9]{1,3}(?:\.[0-9]{3})+|[0-9]{1,10}|[A-Za-z]{1,4}-[0-9]{1,8}|[A-Za-z]{1,2}[0-9]{1,8})\b(?!\.[0-9])",
    re.I,
)
# «el C-1050», «saldo del c-1050»: one or two letters, a dash and digits is a client code as the ERP writes it
# (`backend.core.client_codes`; any case: `store.clients.code_key`), also without «cliente» before it
_CODE_LETTERED = re.compile(r"(?<![\w-])([A-Za-z]{1,2}-[0-9]{2,8})(?![\w-])")
_CODE_BRACKET = re.compile(r"\[(" + CODE_PATTERN + r")\]")  # «[412] …»: `backend.core.client_codes`
# «remisión 8297», «remisión R-1234», «rem. 1.234»: the number as `backend.core.note_numbers` defines it.
_NOTE = re.compile(
    r"\b(?:remisi[oó]n(?:es)?|rem\.?|nota de entrega)\s*(?:n[uú]mero|no\.?|nro\.?|#)?\s*:?\s*"
    r"([0-9]{1,3}(?:\.[0-9]{3})+|" + NOTE_PATTERN + r")(?![\w-]|[.,][0-9])",
    re.I,
)
_PLATE = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{3})[\s\-.]?([0-9]{3}|[0-9]{2}[A-Za-z])(?![A-Za-z0-9])")
_NUMBER = re.compile(r"(?<![\w\-/:.,])([0-9]{1,10})(?![\w\-/:]|[.,][0-9])")
_WORD = re.compile(r"[a-z0-9]+")
_JOINED = re.compile(r"\s(?:y|e|o|u|que|con|vs|versus|contra|frente a|comparado con)\s|[,;]")
_UNITS = {
    "dia",
    "dias",
    "canastilla",
    "canastillas",
    "estiba",
    "estibas",
    "tapa",
    "tapas",
    "unidad",
    "unidades",
    "hora",
    "horas",
    "semana",
    "semanas",
    "mes",
    "meses",
    "ano",
    "anos",
    "minuto",
    "minutos",
    "pesos",
    "km",
    "kilos",
    "kg",
    "vehiculos",
    "carros",
    "clientes",
    "conductores",
    "documentos",
    "veces",
    "primeros",
    "ultimos",
    "mayores",
    "principales",
    "mas",
    "menos",
}
#: Words of an amount compared: the number after «más de», «menos que», «mayor a» is a quantity.
_BEYOND, _PASSES = BEYOND, EXCEEDS
_OF = {"de", "que", "a", "los", "las"}
_ORDINAL_NOUNS = {"pregunta", "opcion", "punto", "paso", "item", "linea", "pagina", "numeral", "parte"}
_NOT_PLATE = NOT_PLATE_WORDS | {"top"}
STOPWORDS = set(
    """
a al algo alguna alguno algun ante antes aqui asi aun bien cada casi como con contra cual cuales cuando cuanto
cuanta cuantos cuantas cuantes de del desde donde dos el ella ellos en entre era es esa ese eso esta este esto
estos estas fue ha han hasta hay la las le les lo los mas me mi mis muy nada ni no nos o otra otro para pero poco
por porque que quien quienes se sea segun ser si sin sobre solo son su sus tal tambien tan tanto te tiene tienen
todo todos toda todas tu tus un una uno unos unas ya y yo hola gracias favor porfa dime dame muestrame mandame
manda envia enviame quiero necesito saber decir puedes podrias cual cuales dame ver mira revisa consulta
cliente clientes codigo saldo saldos debe deben deuda tienen tenia lleva llevan cuantas cuantos total totales
canastilla canastillas estiba estibas tapa tapas activo activos envase envases vacio vacios
vehiculo vehiculos carro carros camion camiones placa placas moto motocarro furgon flota conductor conductores
chofer choferes maneja manejan documento documentos soat tecnomecanica poliza vence vencen vencido vencidos
vencimiento vencimientos vigente vigentes semaforo remision remisiones pdf nota entrega entregaron entrego
dia dias hoy ayer manana semana mes ano fecha cuando ultimo ultima ultimos ultimas movimiento movimientos
despacho despachos devolucion devoluciones proximo proximos mayor mayores menor top lista listado resumen
estado informacion datos ese esa eso aquel aquella mismo misma nombre nombres ciudad listame listar listado
enlistame listalos listalas enumera enumerame hubo hubieron habia
""".split()
)


@dataclass
class Mentions:
    """Everything a text names. Lists keep order of appearance, without repeats."""

    codes: list[str] = field(default_factory=list)  # explicit client codes: "cliente 412", "[412]"
    numbers: list[str] = field(default_factory=list)  # bare numbers: a client code or a note number
    notes: list[str] = field(default_factory=list)  # explicit notes: "remisión 1234"
    plates: list[str] = field(default_factory=list)  # canonical plates: "KLM482"
    spoken_codes: list[tuple[str, ...]] = field(default_factory=list)  # readings of one spoken number
    words: list[str] = field(default_factory=list)  # significant folded words (names)
    # plates written apart that may be part of a name instead: «el Sol 24h» -> "SOL24H" (and words sol, 24h)
    loose_plates: list[str] = field(default_factory=list)
    # `words` split where the text joins several names («el sol 24h y la economía», «puerto claro con bahía»)
    word_groups: list[list[str]] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.codes or self.numbers or self.notes or self.plates or self.spoken_codes or self.words)


_SPELLED = re.compile(r"(?<![a-z0-9])[a-df-np-tv-xz](?: [a-df-np-tv-xz]){2,}(?![a-z0-9])")


def _letters_joined(folded: str) -> str:
    """Three or more single letters in a row are one word, as typed for «S.A.S.»: «s a s» -> «sas» (not
    with a conjunction among them: «a y b» stays three words)."""
    return _SPELLED.sub(lambda m: m.group(0).replace(" ", ""), folded)


def _add(target: list[_T], value: _T) -> None:
    if value not in target:
        target.append(value)


def _next_word(folded: str, end: int) -> str:
    match = _WORD.search(folded, end)
    return match.group(0) if match and not folded[end : match.start()].strip(" ") else ""


def _spoken(text: str) -> list[Mention]:
    if importlib.util.find_spec("backend.core.spoken") is None:
        return []
    found: list[Mention] = importlib.import_module("backend.core.spoken").spoken_mentions(text)
    return found


def find_mentions(text: str) -> Mentions:
    """Mentions in `text` (a question, or one history turn)."""
    found = Mentions()
    for match in _NOTE.finditer(text):
        if (note := note_number(match.group(1).replace(".", ""))) is not None:
            _add(found.notes, note)
    for match in _CODE_MARKED.finditer(text):
        _add(found.codes, match.group(1).replace(".", ""))
    notes_at = [m.span(1) for m in _NOTE.finditer(text)]
    for match in _CODE_LETTERED.finditer(text):
        if not any(start <= match.start(1) < end for start, end in notes_at):  # «remisión R-1234»: a note
            _add(found.codes, match.group(1))
    for match in _CODE_BRACKET.finditer(text):
        if client_code(match.group(1)) is not None:
            _add(found.codes, match.group(1))
    masked = text
    for m in (*_CODE_LETTERED.finditer(text), *_CODE_MARKED.finditer(text)):
        if not m.group(1).replace(".", "").isdigit():  # «C-1050»: a code, not the number 1050 nor a word «c»
            masked = masked[: m.start(1)] + " " * (m.end(1) - m.start(1)) + masked[m.end(1) :]
    loose_words: list[str] = []
    for match in _PLATE.finditer(text):
        if match.group(1).lower() not in _NOT_PLATE:
            _add(found.plates, normalize_plate(match.group(0)))
            if len(match.group(0)) > 6 and not match.group(0).isupper():  # «Sol 24h», not «KLM 482» or «klm-482»
                _add(found.loose_plates, normalize_plate(match.group(0)))
                loose_words += [fold(match.group(1)), fold(match.group(2))]
                if not match.group(2).isdigit():
                    continue  # «sol 24h» stays in the text: its words may group with others («… y la economía»)
            masked = masked[: match.start()] + " " * (match.end() - match.start()) + masked[match.end() :]
    spans = [
        m.span(1)
        for m in (*_NOTE.finditer(text), *_CODE_MARKED.finditer(text))
        if any(ch.isdigit() for ch in m.group(1))
    ]
    lowered = masked.lower()
    for match in _NUMBER.finditer(masked):
        if match.span(1) in spans or _next_word(fold(lowered[match.end(1) : match.end(1) + 30]), 0) in _UNITS:
            continue
        before = _WORD.findall(fold(lowered[max(0, match.start(1) - 20) : match.start(1)]))
        if before and before[-1] in _ORDINAL_NOUNS:
            continue  # «pregunta 3», «opción 2»: a position, not a code
        if (
            before
            and before[-1] in _PASSES
            or len(before) >= 2
            and before[-2] in _BEYOND | _PASSES
            and before[-1] in _OF
        ):
            continue  # «¿y más de 200?», «¿es menos de 50?», «¿ya pasa de 300?»: an amount compared, not a code
        value = match.group(1)
        if value not in found.codes and value not in found.notes:
            _add(found.numbers, value)
    spoken_words: set[str] = set()
    folded = fold(text)
    for mention in _spoken(text):
        spoken_words.update(mention.text.split())
        at = folded.find(mention.text)
        if at >= 0 and _next_word(folded, at + len(mention.text)) in _UNITS:
            continue  # "quince días", "dos canastillas": a quantity, not a code
        if mention.kind == "plate":
            for plate in mention.candidates:
                _add(found.plates, plate)
        elif not mention.text.replace(" ", "").isdigit():
            _add(found.spoken_codes, tuple(mention.candidates))
    for word in _WORD.findall(_letters_joined(fold(masked))) + [w for w in loose_words if not w.isdigit()]:
        if len(word) >= 3 and not word.isdigit() and word not in STOPWORDS and word not in spoken_words:
            _add(found.words, word)
    found.words = found.words[:12]
    parts = [_WORD.findall(part) for part in _JOINED.split(_letters_joined(fold(masked)))]
    found.word_groups = [g for g in ([w for w in part if w in found.words] for part in parts) if g]
    return found
