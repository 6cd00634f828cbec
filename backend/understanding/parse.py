"""One question -> `Question`: what is asked (slots) and what it names (mentions). Pure, no I/O, < 1 ms.

The intent is settled later (`backend.answers.intents`), once the named entities are resolved and the
conversation focus is known: «¿quién era el conductor?» is about a vehicle or a delivery note
depending on the focus. See backend/understanding/README.md for the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, TypeVar

from backend.context.mentions import Mentions, find_mentions
from backend.understanding import lexicon as lx
from backend.understanding import movement_verbs as mv
from backend.understanding import slots as sl
from backend.understanding.periods import Period, find_period
from backend.understanding.vocabulary import MONTHS

_TOP_N = re.compile(r"\b(?:top|los|las|primeros|primeras|mayores)\s+(\d{1,2})\b(?!\s*(?:de\s+[a-z]+\b))")
_ONE_CLIENT = re.compile(r"\bcliente\b(?!\s*\d)")
_FOLLOW_UP_START = re.compile(r"^\W*(?:y|e|tambien|ahora)\b")
T = TypeVar("T")
_PLURAL_KINDS = frozenset({"motocarros", "furgones", "camiones", "tractocamiones", "tractomulas", "mulas"})
_FLEET_WORDS = frozenset({"cual", "cuales", "algun", "alguno", "alguna", "ningun", "ninguno", "hay"})
_AGE_ALONE = re.compile(r"\b(?:el|la|cual es el|cual es la) mas (?:viej|antigu|nuev)\w*$")
_POSSESSIVE = frozenset("su sus ese esa eso aquel aquella mismo misma dicho dicha el ella le".split())
_WORD_NUMBERS = {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9}
_WORD_NUMBERS |= {"diez": 10, "quince": 15, "veinte": 20}


@dataclass(frozen=True)
class Question:
    """Slots of one question (None / empty = not said). `tokens` are folded and typo-corrected.

    attribute: balance | city | code | name | phone | driver | vehicle | plate | licence | documents | kind |
               brand | year | status | document_number | date | client | notes | last | contents (what a
               delivery note carried: «¿qué llevó?»)
    subject: clients | vehicles | drivers | licences | documents | notes | cities (a plural noun: fleet-wide)
    asset: folded asset stem («canastilla», «estiba», «tapa», «canasta»); doc_type: SOAT | TECNOMECANICA |
    POLIZA_RC; movement: dispatch | return; status: vencido | por_vencer | vigente; active: True/False;
    vehicle_kind: «furgón»…; aggregation: total | count | top | negative | per_city | None; top_n;
    expiry: the question is about due dates; follow_up: starts with «y» / refers back («su», «ese»).
    """

    text: str
    tokens: tuple[str, ...]
    mentions: Mentions
    attribute: str | None = None
    subject: str | None = None
    asset: str | None = None
    doc_type: str | None = None
    movement: str | None = None
    period: Period | None = None
    status: str | None = None
    active: bool | None = None
    vehicle_kind: str | None = None
    aggregation: str | None = None
    top_n: int | None = None
    more_assets: tuple[str, ...] = ()  # the other asset stems named besides `asset`, in order
    age: str | None = None  # «el carro más viejo» -> "oldest", «el más nuevo» -> "newest" (by model year)
    model_year: tuple[int | None, int | None] | None = None  # «carros del 2015» -> (2015, 2015); None: open end
    light: str | None = None  # the semáforo colour asked: rojo | amarillo | verde («¿cuáles están en rojo?»)
    brand: str | None = None  # a brand said of the fleet's vehicles («¿cuántos Chevrolet hay?»), set by answers
    expiry: bool = False
    follow_up: bool = False
    name_words: tuple[str, ...] = ()
    slots_set: frozenset[str] = field(default_factory=frozenset)

    def names_entity(self) -> bool:
        m = self.mentions
        return bool(m.codes or m.numbers or m.notes or m.plates or m.spoken_codes or self.name_words)

    def is_elliptical(self) -> bool:
        """Only slot values, no question of its own: «¿y estibas?», «¿y la tecnomecánica?», «¿y el 310?»."""
        own = {"attribute", "subject", "aggregation", "status", "active", "vehicle_kind", "expiry"}
        return not (self.slots_set & own)

    def merged_onto(self, previous: Question) -> Question:
        """`previous` with the slots this question sets replaced (an elliptical follow-up)."""
        changes = {name: getattr(self, name) for name in self.slots_set}
        if "asset" in changes:
            changes.setdefault("more_assets", ())  # «¿y estibas?» after «canastillas y tapas»: estibas only
        if ("asset" in changes or "movement" in changes) and previous.attribute not in ("balance", "notes", "last"):
            changes.setdefault("attribute", None)
        if "doc_type" in changes and previous.attribute not in ("documents",):
            changes.setdefault("attribute", None)
        if "expiry" in changes and previous.attribute not in ("documents", "licence"):
            changes.setdefault("attribute", None)  # «¿y ese cuándo vence?» after «¿quién lo maneja?»: the due dates
            changes.setdefault("asset", None)  # … or after a saldo: no asset expires
        merged = replace(
            previous,
            text=self.text,
            tokens=self.tokens,
            mentions=self.mentions,
            name_words=self.name_words,
            follow_up=True,
            **changes,
        )
        return replace(merged, slots_set=previous.slots_set | self.slots_set)


def _month_typos(text: str) -> str:
    """«novimbre» -> «noviembre»: a misspelled month said as the month, so the period is read (not dropped)."""

    def month(m: re.Match[str]) -> str:
        word = m.group(0)
        folded = word.lower()
        fixed = lx.correct(folded) if len(folded) >= 5 and folded not in MONTHS else folded
        return fixed if fixed in MONTHS and fixed != folded else word

    return re.sub(r"[^\W\d_]+", month, text)


UP_TO_DATE = re.compile(r"\bal dia\b|\ben regla\b|\bal corriente\b|\ben orden\b")
_WHICH = re.compile(r"\b(?:que|cual|cuales)\b")


def parse_question(text: str, today: date) -> Question:
    """Slots and mentions of `text` (already cleaned). `today` is the company's local date."""
    text = _month_typos(text)
    raw_tokens = lx.tokens(text)
    toks = [lx.correct(t) for t in raw_tokens]
    joined = " ".join(toks)
    expiry = any(t in lx.EXPIRY or t in lx.STATUS for t in toks) or bool(
        re.search(r"\bpor vencer\b|\bhasta cuando\b", joined)
    )
    past = any(t in ("vencieron", "vencio", "vencidos", "vencidas", "vencido", "vencida") for t in toks)
    period, spans = find_period(text, today, future=(expiry and not past) or "proxim" in joined)
    top = _TOP_N.search(joined)
    top_n = int(top.group(1)) if top else None
    if top_n is None:
        word_top = re.search(r"\b(?:top|los|las|primeros)\s+(" + "|".join(_WORD_NUMBERS) + r")\b", joined)
        top_n = _WORD_NUMBERS[word_top.group(1)] if word_top else None
    masked = text
    for a, b in spans:
        masked = masked[:a] + " " * (b - a) + masked[b:]
    masked = re.sub(r"(?i)\b(top|primer[oa]s|l[oa]s)\s+\d{1,2}\b", " ", masked)
    mentions = find_mentions(masked)
    name_words = tuple(w for w in mentions.words if not lx.is_keyword(lx.correct(w)) and not w.isdigit())
    mentions.words = list(name_words)
    mentions.word_groups = [g for g in ([w for w in group if w in name_words] for group in mentions.word_groups) if g]

    slots: dict[str, Any] = {}  # Question's field name -> value said
    # a period's words are no attribute («en lo que va del año» asks no model year)
    period_free = [lx.correct(t) for t in lx.tokens(masked)]
    attribute = sl.attribute(period_free, " ".join(period_free))
    if attribute is None and "cuando" in toks and not expiry:
        attribute = "when"  # «¿y cuándo?»: a date of what is in focus (a note's, a client's latest note…)
    if attribute == "name" and {"conductor", "chofer"} & set(toks):
        attribute = "driver"  # «¿su conductor cómo se llama?»
    if (
        attribute == "driver"
        and name_words
        and not mentions.plates
        and re.search(r"\bplaca\b.*\b(?:conductor|chofer)\b", joined)
    ):
        attribute = "plate"  # «placa del conductor Diego Toro»: the plate of the driver named
    subject = sl.first(toks, lx.SUBJECTS)
    if re.search(r"\bquien(?:es)? (?:no tiene[n]?|esta[n]? sin) (?:carro|vehiculo|camion|moto)", joined):
        subject, attribute = "drivers", "vehicle"  # «¿quién no tiene carro asignado?»
    if attribute == "documents" and subject == "documents" and not sl.plural_doc_question(joined):
        subject = None
    if subject == "documents" and attribute == "documents" and sl.plural_doc_question(joined):
        attribute = None
    asset = sl.first(toks, lx.ASSETS)
    named_assets = list(dict.fromkeys(lx.ASSETS[t] for t in toks if t in lx.ASSETS))
    more_assets = tuple(a for a in named_assets if a != asset)  # «canastillas y estibas»
    doc_type = sl.first(toks, lx.DOCS)
    for pattern, named in (
        (r"\bseguro obligatorio\b", "SOAT"),
        (r"\bresponsabilidad civil\b", "POLIZA_RC"),
        (r"\btecnic[oa]\s*mecanica", "TECNOMECANICA"),
    ):
        if re.search(pattern, joined):
            doc_type = named
    owner = mv.owner_said(toks, code=bool(mentions.codes or mentions.numbers), plate=bool(mentions.plates))
    ranked = sl.MOVED_MOST.search(joined) and owner in (None, "client")  # «¿cuál recibió menos?»: clients ranked
    owner = "client" if ranked else owner
    # «el 310 recibió»: our dispatch; a name's side is decided once it is resolved (`notes_of`), the company's
    # own («¿cuánto trajeron ayer?») is the drivers'
    movement = sl.first(toks, lx.MOVEMENTS)
    how_much = bool({"cuanto", "cuanta", "cuantas", "cuantos"} & set(toks))
    asks_who = not how_much and bool({"conductor", "chofer"} & set(toks))  # «¿qué conductor llevó …?»
    if attribute != "contents" and not asks_who:  # «¿qué llevó?» of a note: its lines, both ways
        movement = mv.movement_of(toks, owner) or movement or mv.movement_of(toks, "driver")
    if ranked:  # «¿quién recibió más?»: what a client received is our dispatch
        movement = mv.movement_of([t for t in toks if t not in ("quien", "quienes")], "client") or movement
    if (
        (asset or how_much)
        and attribute in (None, "driver", "balance_verb")
        and ({"llevo", "llevaba", "cargo", "cargaba"} & set(toks) or (movement and attribute == "driver"))
        and "quien" not in toks
        and not asks_who  # «¿qué conductor llevó la última?» asks who
    ):
        attribute, movement = None, movement or "dispatch"  # «¿cuántas estibas llevaba?»: what it carried
    status = sl.first(toks, lx.STATUS)
    if re.search(
        r"\bpor vencer\b|\bproxim[oa]s? a vencer\b|\ba punto de vencer\b|\bvencen? pronto\b|"
        r"\bvencen?\b.*\bpronto\b",
        joined,
    ):
        status = "por_vencer"
    active = sl.first(toks, lx.ACTIVE)
    vehicle_kind = sl.first(toks, lx.VEHICLE_KINDS) if subject == "vehicles" or "vehiculos" not in toks else None
    if vehicle_kind and subject is None and any(t in _PLURAL_KINDS for t in toks):
        subject = "vehicles"  # «¿cuántas tractomulas hay?»
    if re.search(r"\bquien(?:es)? (?:tiene[n]?|esta[n]? con) (?:un )?(?:carro|vehiculo|camion|moto)", joined):
        subject, attribute = "drivers", "vehicle"  # «¿quiénes tienen vehículo asignado?»
    if subject is None and not mentions.plates and sl.first(toks, lx.ACTIVE) is not None and set(toks) & _FLEET_WORDS:
        subject, attribute = "vehicles", None  # «¿cuál está inactivo?», «¿hay algún inactivo?»
    model_year = None
    plate_asked = attribute == "plate" and not {"remision", "remisiones"} & set(toks)  # «¿qué placa es el 2015?»
    of_vehicles = subject == "vehicles" or vehicle_kind or attribute in ("vehicle", "year") or plate_asked
    if not mentions.plates and of_vehicles:
        model_year = sl.model_years(joined, today.year)
    if model_year is not None:  # «carros del 2015»: a model year, no period nor client code or note number
        subject, period = "vehicles", None
        attribute = None if attribute in ("vehicle", "year") else attribute
        said = set(re.findall(r"\b(?:19|20)\d{2}\b|\b\d{1,2}(?= anos\b)", joined))
        for kind in ("numbers", "codes", "notes"):
            setattr(mentions, kind, [n for n in getattr(mentions, kind) if n not in said])
    light = sl.light(toks) if not mentions.plates else None
    if vehicle_kind == "camión" and attribute == "vehicle":
        vehicle_kind = None
    age = sl.age(joined) if attribute in ("vehicle", "year") or subject == "vehicles" or vehicle_kind else None
    if age is None and not (subject or asset or attribute or mentions.words) and _AGE_ALONE.search(joined):
        age = sl.age(joined)  # «¿cuál es el más nuevo?»: only vehicles have an age
    if age:
        subject, attribute = "vehicles", None
        vehicle_kind = sl.first(toks, lx.VEHICLE_KINDS)  # «el camión más viejo»: «camión» is no attribute here
    if (
        subject == "vehicles"
        and not mentions.plates
        and re.search(
            r"\bpor (?:tipos?|clases?)\b|\bde cada (?:tipo|clase)\b"
            r"|\b(?:que|cuales) (?:tipos?|clases?) de (?:vehiculos|carros)\b",
            joined,
        )
    ):
        attribute = "kind_count"  # «vehículos por tipo»
    if re.search(
        r"\b(?:carros|vehiculos|camiones|placas|motocarros|furgones|tractocamiones)\s+(?:que\s+)?(?:sin|no tienen?)"
        r"\s+(?:un\s+)?(?:conductor|chofer|conductores|choferes)",
        joined,
    ):
        subject, attribute = "vehicles", "driver"  # «carros sin conductor»
    aggregation = sl.aggregation(toks, joined, subject, asset, top_n)
    one = re.search(r"\b(?:quien|cual|que cliente)\b", joined) and subject != "clients"
    if aggregation in ("top", "bottom") and top_n is None and (one or _ONE_CLIENT.search(joined)):
        top_n = 1  # «¿quién tiene más canastillas?», «el cliente con menos tapas»; without a number: 10
    if aggregation == "bottom":  # «menos», «más bajo» say the order, they name no one
        name_words = tuple(w for w in name_words if w not in sl.BOTTOM_WORDS)
        mentions.words = list(name_words)
        mentions.word_groups = [g for g in ([w for w in grp if w in name_words] for grp in mentions.word_groups) if g]
    if attribute == "status" and subject == "vehicles":
        attribute = None
    if doc_type and status is None and UP_TO_DATE.search(joined):  # «¿tiene el SOAT al día?»: vigente
        status, expiry = "vigente", True
    if doc_type and attribute == "plate" and not _WHICH.search(joined):  # «¿esa placa tiene el SOAT al día?»:
        attribute = "vehicle"  # the vehicle's document, not its plate («¿qué placa tiene el SOAT vencido?» is)
    for name, value in (
        ("attribute", attribute),
        ("subject", subject),
        ("asset", asset),
        ("doc_type", doc_type),
        ("movement", movement),
        ("period", period),
        ("status", status),
        ("active", active),
        ("vehicle_kind", vehicle_kind),
        ("aggregation", aggregation),
        ("top_n", top_n),
        ("age", age),
        ("model_year", model_year),
        ("light", light),
        ("more_assets", more_assets or None),
    ):
        if value is not None:
            slots[name] = value
    if expiry and (attribute in (None, "documents") or status):
        slots["expiry"] = True
    follow_up = bool(_FOLLOW_UP_START.search(joined)) or any(t in _POSSESSIVE and t not in ("el",) for t in toks)
    return Question(
        text=text,
        tokens=tuple(toks),
        mentions=mentions,
        follow_up=follow_up,
        name_words=name_words,
        slots_set=frozenset(slots),
        **slots,
    )
