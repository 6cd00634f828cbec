"""Readers of single slots from a question's folded tokens: the attribute asked, the aggregation, the
vehicle age asked, whether documents are asked in the plural. Pure; used by `parse`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from backend.understanding import lexicon as lx

T = TypeVar("T")
DEMONSTRATIVES = {"su", "sus", "ese", "esa", "aquel", "aquella", "dicho", "dicha", "mismo", "misma"}


def first(tokens: list[str], table: Mapping[str, T]) -> T | None:
    """The value in `table` of the first token found there."""
    for tok in tokens:
        if tok in table:
            return table[tok]
    return None


def attribute(toks: list[str], joined: str) -> str | None:
    """The attribute asked, from phrases first, then single keywords (most specific first)."""
    phrases = [
        (r"\b(?:a que hora|cuando|que dias?) (?:abre|abren|cierra|cierran|atiende|atienden)\b", "unknown"),
        (r"\ben que ciudad\b|\bdonde (?:queda|esta|se ubica)\b|\bde donde es\b", "city"),
        (r"\bnumero de (?:la )?(?:cedula|identificacion|documento)\b", "document_number"),  # not «número»: phone
        (r"\bcuantos anos tiene\b|\bque edad tiene\b|\bque tan viej[oa]\b|\bde que ano\b", "year"),
        (r"\bque placa\b|\bcual placa\b", "plate"),
        (
            r"\bque (?:carro|vehiculo|camion)\b|\ben que (?:carro|vehiculo|camion)\b|\bcual (?:carro|vehiculo)\b",
            "vehicle",
        ),
        (
            r"\bquien (?:la |lo )?(?:llevo|lleva|maneja|manejaba|conduce|conducia|condujo|iba|va)\b"
            r"|\bquien (?:esta|va|anda|queda) (?:asignad[oa] |en )",
            "driver",
        ),
        (
            r"\bque (?:llevo|lleva|llevaba|contenia|contiene|tenia|traia|trajo|cargo|cargaba)\b"
            r"|\bque se (?:despacho|llevo|entrego|mando)\b",
            "contents",
        ),
        (r"\b(?:licencia|pase)\b", "licence"),
        (
            r"\ba quien\b|\bpara quien\b|\bque cliente\b|\bcual cliente\b|\bde quien\b"
            r"|\b(?:quien|cual) (?:es|era|fue) el cliente\b",
            "client",
        ),
        (r"\ba que hora\b|\bque hora\b", "time"),
        (r"\bhace cuanto\b|\bdesde cuando\b", "when"),
        (r"\bque dia\b|\bque fecha\b|\bcuando (?:fue|se hizo|salio|llego|se entrego)\b", "date"),
        (r"\bcomo se llama\b", "name"),
        (r"\bque tipo\b|\bque clase\b|\bque es\b", "kind"),
        (r"\bultim[oa]s?\s+(?:remision|movimiento|despacho|devolucion|entrega)|\bultima vez\b", "last"),
    ]
    for pattern, attribute in phrases:
        if re.search(pattern, joined):
            return attribute
    order = (
        "unknown",
        "licence",
        "phone",
        "document_number",
        "city",
        "code",
        "name",
        "driver",
        "brand",
        "year",
        "kind",
        "plate",
        "status",
        "documents",
        "notes",
        "balance",
        "who",
    )
    found = {lx.ATTRIBUTES[t] for t in toks if t in lx.ATTRIBUTES}
    for attribute in order:
        if attribute in found:
            return attribute
    if "vehicle" in found:
        return "vehicle"
    return None


def age(joined: str) -> str | None:
    if (
        re.search(
            r"\b(?:mas|menos)\s+(?:viej|antigu|nuev|modern|recient)|\b(?:viej|antigu|nuev|modern|recient)\w*\s+de\b",
            joined,
        )
        is None
    ):
        return None
    newest = re.search(r"\bmas\s+(?:nuev|modern|recient)|\bmenos\s+(?:viej|antigu)", joined)
    return "newest" if newest else "oldest"


def plural_doc_question(joined: str) -> bool:
    return bool(re.search(r"\b(?:que|cuales|cuantos|los|todos los)\s+documentos\b", joined)) and not re.search(
        r"\b(?:sus|los de|de la|del)\s+(?:documentos|papeles)\b", joined
    )


_HELD = r"(?:saldos?|canastillas?|estibas?|tapas?|canastas?|activos|unidades|envases|cantidad)"
#: a ranking lowest first: «¿quién tiene menos canastillas?», «el cliente con menor saldo de tapas», «los
#: que menos estibas tienen», «el saldo más bajo» (not «menos de 10»: a threshold, nor «menos viejo»)
BOTTOM = re.compile(
    r"\b(?:menos|menor(?:es)?|minimo|minimos)\s+" + _HELD + r"\b"
    r"|\bquien(?:es)?\s+(?:tiene(?:n)?\s+)?menos\b(?!\s+de\b)"
    r"|\b(?:que|los que|las que|el que|la que)\s+menos\b(?!\s+de\b)"
    r"|\b" + _HELD + r"\s+(?:mas\s+)?baj[oa]s?\b|\bmas\s+baj[oa]s?\b|\b" + _HELD + r"\s+minim[oa]s?\b"
    r"|\bcon\s+menos(?=\s*$|\s+(?:en|de\s+tod[oa]s)\b)"
)
#: «¿y con más?» after a ranking lowest first (the other words of a ranking most first: `aggregation`)
MOST_BARE = re.compile(r"\bcon\s+mas(?=\s*$|\s+(?:en|de\s+tod[oa]s)\b)")
#: «¿quién despachó más en noviembre?», «¿a quién le despachamos menos?», «¿qué cliente devolvió más?»: who
#: moved most (or least), no asset said; `(1)` is «mas» or «menos»
_MOVED = r"(?:despach\w*|devolv\w*|devuel\w*|recibi\w*|reciben|recibe)"
MOVED_MOST = re.compile(
    rf"\b(?:quien(?:es)?|(?:que|cual(?:es)?)\s+clientes?|^(?:y\s+)?cual(?:es)?)\b(?:\s+\w+){{0,2}}?\s+{_MOVED}"
    r"\s+(mas|menos)\b(?!\s+de\b)"
    # «¿cuál fue el cliente que más recibió?», «¿quién es el que menos devolvió?»
    rf"|\b(?:clientes?|quien(?:es)?|cual(?:es)?)\b(?:\s+\w+){{0,3}}?\s+que\s+(mas|menos)\s+(?:(?:se\s+)?les?\s+)?{_MOVED}"
)
#: the words that say a ranking is lowest first (no name: «menos» is no client)
BOTTOM_WORDS = frozenset({"menos", "bajo", "baja", "bajos", "bajas", "minimo", "minima", "minimos", "minimas"})


def aggregation(toks: list[str], joined: str, subject: str | None, asset: str | None, top_n: int | None) -> str | None:
    if any(t in lx.NEGATIVE for t in toks):
        return "negative"
    if re.search(r"\bpor ciudad(?:es)?\b|\bcada ciudad\b|\bpor municipio\b|\ben que ciudades\b", joined):
        return "per_city"
    moved, of_clients = MOVED_MOST.search(joined), subject not in ("vehicles", "documents", "licences")
    if of_clients and (BOTTOM.search(joined) or (moved and "menos" in moved.groups())):
        return "bottom"
    if of_clients and moved:
        return "top"
    if (
        top_n is not None
        or re.search(
            r"\b(?:mas|mayor(?:es)?)\s+(?:saldo|canastillas|estibas|tapas|canastas|activos)\b"
            r"|\bquien(?:es)? tiene(?:n)? mas\b|\btop\b|\bmayor(?:es)? saldo"
            r"|\b(?:quien(?:es)?|que|cual(?:es)?)(?:\s+clientes?)?\s+(?:mas\s+deben?|deben?\s+mas)\b(?!\s+de\b)",
            joined,
        )
        or MOST_BARE.search(joined)
    ):
        return "top"
    if subject in ("clients", "vehicles", "drivers", "cities", "documents", "notes", "licences") and re.search(
        r"\b(?:cuant[oa]s|numero de|cantidad de)\s+(?:\w+\s+)?(?:clientes|vehiculos|carros|camiones|conductores|"
        r"choferes|ciudades|motocarros|furgones|tractocamiones|tractomulas|mulas|placas|documentos|remisiones|licencias)\b",
        joined,
    ):
        return "count"
    if subject == "clients" and re.search(r"\bhay (?:mas |otros )?clientes\b", joined):
        return "count"  # «¿y en Cali hay más clientes?»: how many there are, a question of its own
    if re.search(r"\b(?:cuant[oa]s|numero de|cantidad de)\s+(?:soat|tecnomecanicas?|polizas?|tecnos?)\b", joined):
        return "count"
    if re.search(r"\bcuant[oa]s\s+(?:tiene|estan|vencen)\b.*\b(?:vencid[oa]s?|vencer|vigentes?)\b", joined):
        return "count"  # «¿cuántos tienen el SOAT vencido?»: how many (a list answer's members or the fleet)
    if (
        asset
        and not set(toks) & DEMONSTRATIVES
        and (
            any(
                t in ("total", "totales", "calle", "afuera", "circulacion", "prestadas", "inventario", "existencias")
                for t in toks
            )
            or re.search(r"\bcuant[oa]s\s+\w+\s+(?:hay|tenemos|existen)\b|\ben total\b|\btodos los clientes\b", joined)
        )
    ):
        return "total"
    return None


_YEAR = r"((?:19|20)\d{2})"
_MODEL_YEAR_SAID = re.compile(
    rf"\b(?:del|de|modelo|modelos|ano|model)\s+(?:ano\s+)?{_YEAR}\b|\b{_YEAR}\s+(?:o|y)\s+(?:mas|anteriores|antes)\b"
)
# «¿qué placas tiene el 2015?», «vehículos 2015», «carros que son 2015»: a year a few words after a word of
# the fleet is a model year too — unless a month or a due date is said with it («vence en enero de 2027»)
_FLEET_WORD_THEN_YEAR = re.compile(
    r"\b(?:placas?|vehiculos?|carros?|camion(?:es)?|camionetas?|motocarros?|furgon(?:es)?|tractomulas?|mulas?"
    rf"|tractocamion(?:es)?|modelos?|flota)\b(?:\s+\w+){{0,3}}?\s+{_YEAR}\b"
)
_MONTHS = r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
_MONTH_BEFORE = re.compile(rf"\b(?:{_MONTHS})\s$")
_DATED = re.compile(rf"\b(?:{_MONTHS}|venc\w*|caduc\w*|expir\w*|remision(?:es)?)\b")


def model_years(joined: str, this_year: int) -> tuple[int | None, int | None] | None:
    """The vehicles' model years asked, as an inclusive (first, last) range (None: open), or None.

    «carros del 2015» -> (2015, 2015); «entre 2010 y 2015» -> (2010, 2015); «antes del 2015» -> (None,
    2014); «del 2020 en adelante», «2020 o más nuevos» -> (2020, None); «después del 2020» -> (2021, None);
    «de más de 10 años» (in 2026) -> (None, 2015): older than 10 years; «de menos de 5 años» -> (2022, None).
    `joined` is the question's folded tokens joined by spaces (the caller knows it is about vehicles)."""
    if m := re.search(r"\b(?:mas|mayores) de (\d{1,2}) anos\b", joined):
        return None, this_year - int(m.group(1)) - 1
    if m := re.search(r"\bmenos de (\d{1,2}) anos\b", joined):
        return this_year - int(m.group(1)) + 1, None
    if m := re.search(rf"\bentre (?:el )?{_YEAR} y (?:el )?{_YEAR}\b", joined):
        a, b = sorted((int(m.group(1)), int(m.group(2))))
        return a, b
    if m := re.search(rf"\b(?:antes del?|anteriores al?|menores al?|previos al?) (?:ano |modelo )?{_YEAR}\b", joined):
        return None, int(m.group(1)) - 1
    if m := re.search(rf"\b(?:despues del?|posteriores al?|mayores al?) (?:ano |modelo )?{_YEAR}\b", joined):
        return int(m.group(1)) + 1, None
    if m := re.search(
        rf"\b{_YEAR} (?:en adelante|para arriba|o mas nuevos?|o posteriores|o despues|hacia adelante)\b", joined
    ):
        return int(m.group(1)), None
    if m := re.search(rf"\b{_YEAR} (?:para atras|o mas viejos?|o anteriores|o antes|hacia atras)\b", joined):
        return None, int(m.group(1))
    for m in _MODEL_YEAR_SAID.finditer(joined):
        if not _MONTH_BEFORE.search(joined[: m.start()]):  # «vence en enero de 2027» is a date
            year = int(m.group(1) or m.group(2))
            return year, year
    if (m := _FLEET_WORD_THEN_YEAR.search(joined)) and not _DATED.search(joined) and int(m.group(1)) <= this_year + 1:
        year = int(m.group(1))
        return year, year
    return None


def light(toks: list[str]) -> str | None:
    """The semáforo colour asked («¿cuáles están en rojo?», «vehículos en amarillo»), or None."""
    return first(toks, lx.LIGHTS)
