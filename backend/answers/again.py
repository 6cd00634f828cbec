"""Follow-ups that ask again what was just asked, one thing changed: a document's state or date after that
document («¿está vencido?», «¿desde cuándo?» after «SOAT de la TRX905»), a count with another city, state or
kind («¿cuántos en Bello?», «¿cuántos activos?»), the count of a list («¿cuántos son?»), the latest of
notes listed («¿cuál fue la última?»). Pure: the parsed questions only (`followup` merges them)."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.core.text import fold
from backend.understanding import lexicon as lx
from backend.understanding.parse import Question

_HOW_MANY = re.compile(r"\bcu[aá]nt[oa]s\b", re.I)


_PLURAL_DOC_WORDS = {"documentos", "papeles", "vencimientos", "cuales", "que", "vehiculos", "carros", "todos", "todas"}


def asks_of_document(q: Question, previous: Question) -> bool:
    """«¿está vencido?», «¿desde cuándo?», «¿cuándo vence?», «¿hace cuánto?» right after one document type
    was asked («SOAT de la TRX905»): the same document, only its state or date asked."""
    if not previous.doc_type or q.doc_type or q.names_entity() or set(q.tokens) & _PLURAL_DOC_WORDS:
        return False
    own = q.slots_set - {"status", "expiry"}
    return bool(q.slots_set) and (not own or (own == {"attribute"} and q.attribute == "when"))


COUNT_WORDS = {"cuantos", "cuantas"}
LIST_WORDS = {"cuales", "quienes"}  # «¿cuáles en Bello?»: the same count's list (`as_list_question`)
_COUNT_FILLER = {"y", "e", "en", "de", "del", "hay", "son", "tenemos", "estan", "quedan", "total"}


def counts_again(q: Question, previous: Question, city_said: str | None = None) -> bool:
    """«¿cuántos en Bello?», «¿cuántos activos?» after a count: the same count, one slot changed (a city,
    an active state, a vehicle kind). The city is read by the caller: here its words are name words."""
    if previous.aggregation != "count" or not set(q.tokens) & (COUNT_WORDS | LIST_WORDS):
        return False
    m = q.mentions
    if m.codes or m.numbers or m.plates or m.notes or m.spoken_codes:
        return False
    if q.slots_set - {"active", "vehicle_kind", "status"}:
        return False
    rest = {t for t in q.tokens if t not in _COUNT_FILLER and not lx.is_keyword(t)} - set(q.name_words)
    if city_said:
        return not rest - set(fold(city_said).split())
    return not rest and bool(q.slots_set or q.name_words)


_HOW_MANY_FILLER = {
    "y",
    "son",
    "eran",
    "fueron",
    "hay",
    "en",
    "total",
    "a",
    "ver",
    "al",
    "todo",
    "por",
    "todos",
    "todas",
}
_WHICH_START = re.compile(r"^\W*(?:y\s+)?(?:q|que|qu[eé]|cu[aá]les|cu[aá]l)\b", re.I)


def asks_how_many(q: Question) -> bool:
    """«¿cuántos son?», «¿y cuántas hay?» after a list: only asks to count what was just listed."""
    words = set(q.tokens)
    return bool(words & COUNT_WORDS) and words <= COUNT_WORDS | _HOW_MANY_FILLER and not q.names_entity()


def as_count_question(text: str, word: str) -> str:
    """«¿qué vehículos tienen el SOAT vencido?» -> «cuantos vehículos tienen el SOAT vencido?»,
    «remisiones de ayer» -> «cuantas remisiones de ayer» (`word`: the «cuántos» / «cuántas» said); a count
    already is asked again as it was."""
    if _HOW_MANY.search(text):
        return text
    if _WHICH_START.search(text):
        return _WHICH_START.sub(word, text, count=1)
    return f"{word} {text}"


def asks_latest(q: Question) -> bool:
    """«¿cuál fue la última?», «la más reciente»: the latest one (of notes listed newest first)."""
    latest = q.attribute == "last" or bool({"ultima", "ultimo", "reciente"} & set(q.tokens))
    return latest and not q.period and not q.names_entity() and not {"ultimas", "ultimos"} & set(q.tokens)


_WHY = {"por", "que", "porque", "no", "y", "pero", "entonces", "razon", "motivo", "cual", "es", "la", "el"}
_LACKS = re.compile(r"^(?:y |pero )?(?:que|cual|cuales) (?:le |les )?(?:falta|faltan|tiene pendiente|debe)$")


def asks_why(q: Question) -> bool:
    """«¿por qué no?», «¿y por qué?», «¿qué le falta?», «¿de cuánto?» after a yes-or-no answer: the same
    question again (its answer gives the reasons or the amount: the documents that keep a vehicle from going
    out, the negative saldo)."""
    words = set(q.tokens)
    how_much = bool(words & {"cuanto", "cuanta"}) and words <= {"de", "cuanto", "cuanta", "y", "es", "pero"}
    why = how_much or bool(words & {"porque"} or {"por", "que"} <= words) and words <= _WHY
    return (why or bool(_LACKS.match(" ".join(q.tokens)))) and not q.names_entity()


_MEMBER_VERBS = {"tienen", "tiene", "hay", "estan", "son", "van"}


def counts_members(q: Question) -> bool:
    """«¿cuántos tienen la licencia vencida?» after a list: how many members meet a condition — a count of
    the company's, not a question about each listed one (unlike «¿cuántas canastillas tienen?»)."""
    toks = q.tokens
    pairs = zip(toks, toks[1:], strict=False)
    return not q.asset and any(a in COUNT_WORDS and b in _MEMBER_VERBS for a, b in pairs)


_BOTH = re.compile(r"\b(?:los|las|a los|a las|esos|esas|estos|estas|a esos|a esas) dos\b|\bamb[oa]s\b")
_BOTH_WORDS = frozenset({"compara", "comparame", "comparar", "ambos", "ambas", "dos"})


def said_both(q: Question) -> bool:
    """«compara los dos», «¿en qué ciudad quedan ambos?»: the two entities just discussed, naming no other
    («los dos» is no client code 2 and no «top 2»)."""
    m = q.mentions
    named = bool(m.codes or m.numbers or m.plates or m.notes) or any(c != ("2",) for c in m.spoken_codes)
    ranking = q.subject is not None or bool(
        {"mas", "menos", "top", "primeros"} & set(q.tokens)
    )  # «los dos clientes con más tapas»
    return bool(_BOTH.search(" ".join(q.tokens))) and not named and not ranking


def without_both(q: Question) -> Question:
    """`q` without what «los dos» made of it (a spoken code 2, a top 2) and without «compara»."""
    q.mentions.spoken_codes = []
    q.mentions.words = [w for w in q.mentions.words if w not in _BOTH_WORDS]
    q.mentions.word_groups = [[w for w in g if w not in _BOTH_WORDS] for g in q.mentions.word_groups]
    q.mentions.word_groups = [g for g in q.mentions.word_groups if g]
    slots = q.slots_set - {"top_n"} - ({"aggregation"} if q.aggregation == "top" else set())
    name_words = tuple(w for w in q.name_words if w not in _BOTH_WORDS)
    aggregation = None if q.aggregation == "top" else q.aggregation
    return replace(q, top_n=None, aggregation=aggregation, name_words=name_words, slots_set=slots)


def asks_same(q: Question, answer: str) -> bool:
    """«¿cuántos son?» or «¿por qué no?» (answered `answer`): the question before asked again, so a later
    follow-up varies that one («¿y la tecno?» after «¿qué vehículos tienen el SOAT vencido?» → «¿cuántos son?»)."""
    return asks_how_many(q) or (asks_why(q) and answer.startswith(("No, ", "Sí, ")))


_THEY = frozenset({"quedan", "estan", "viven", "tienen", "deben", "manejan", "vencen"})
_ALL = frozenset({"todos", "todas", "juntos", "juntas", "suman", "sumados"})


def says_them(text: str) -> bool:
    """«¿y en qué ciudad quedan?», «¿y cuántas tapas tienen?», «compara los dos»: a «y …» follow-up with a
    plural verb (as typed: «tienen» is corrected to «tiene» in the tokens), or «los dos» / «ambos»."""
    words = re.findall(r"[a-z]+", fold(text))
    both = bool(_BOTH.search(" ".join(words)))
    return both or (words[:1] in (["y"], ["e"]) and bool(set(words) & _THEY) and not set(words) & _ALL)


def plural_follow_up(q: Question) -> bool:
    """`says_them` of a question naming nothing and asking no list, total, status or period: about the two
    entities just discussed, one after the other (`picks.both_before`)."""
    plain = not (q.subject or q.aggregation or q.status or q.period or q.names_entity())
    return plain and says_them(q.text)
