"""Words by which a question names its own, company-wide scope (`scope.company_scope` reads them first):

- a plural «which» with a plural verb and a state: «¿cuáles tienen la tecno vencida?», «¿cuántos están
  vencidos?», «¿quiénes tienen el pase por vencer?» (the tokens correct «tienen» to «tiene»: read as typed);
- a superlative over all of a kind: «¿cuál es el conductor con la licencia más próxima a vencer?», «¿cuál fue
  la remisión más grande de noviembre?», «el carro más viejo»;
- which document of a kind is due first: «¿qué SOAT vence primero?»;
- the latest or first note of a period: «¿cuál fue la última remisión de ayer?», «el primer despacho de
  noviembre»;
- an impersonal «se» with a movement verb: «¿cuánto se devolvió del 1 al 15 de noviembre?», «¿qué se
  despachó ayer?» (without a period: the delivery note in focus, when there is one).

A word pointing back («ese», «su», «de esos», «le») keeps the conversation's subject (none of these apply):
«¿cuáles de esos tienen la tecno vencida?» is about the set just described (`of_those`)."""

from __future__ import annotations

import re
from typing import Literal

from backend.core.text import fold
from backend.understanding.parse import Question

BACK_WORDS = frozenset(
    """ese esa esos esas este esta estos estas ellos ellas aquel aquella aquellos aquellas su sus le les
    mismo misma dicho dicha""".split()
)
PLURAL_WHICH = re.compile(
    r"\b(?:cuales|cuantos|cuantas|quienes)\s+(?:(?:ya|aun|todavia|no)\s+)?"
    r"(?:tienen|estan|vencen|son|deben|cumplen|se\s+vencen|se\s+vencieron|vencieron)\b"
)
_NOUN = (
    r"(?:conductor|chofer|remision|despacho|devolucion|entrega|vehiculo|carro|camion|moto|furgon|placa|cliente"
    r"|licencia|pase|soat|poliza|tecno|documento)\w*"
)
_SUPERLATIVE = re.compile(
    rf"\b(?:el|la)\s+{_NOUN}\b(?:\s+\w+){{0,4}}?\s+(?:(?:mas|menos)\s+(?:grande|pequen|chic|proxim|antigu|viej|nuev|"
    rf"recient|pront|larg|cerca)\w*|mayor|menor)\b"
)
#: «¿qué SOAT vence primero?», «¿cuál licencia se vence antes?»: the first due of all of that kind
_FIRST_DUE = re.compile(
    r"\b(?:que|cual|cuales)\s+(?:(?:es|son|fue)\s+)?(?:(?:el|la|los|las)\s+)?"  # «¿cuál es la licencia que…?»
    r"(?:soat|poliza|polisa|rc|tecno\w*|revision|seguro|licencia|pase|documento)\w*"
    r"(?:\s+\w+){0,2}?\s+(?:se\s+)?vence[n]?\s+(?:primero|antes|mas\s+pronto)\b"
)
#: «la última remisión de ayer», «el primer despacho de noviembre»: one note of the company's period
_ONE_OF_PERIOD = re.compile(
    r"\b(?:la|el)\s+(?:ultim|primer|mas\s+recient)\w*\s+(?:remision|despacho|devolucion|entrega|movimiento)\w*"
)
_IMPERSONAL = re.compile(r"\bse\s+(?:despach|devolv|entreg|recog|envi|recib|mov|llev|mand)\w*")


def typed_words(q: Question) -> tuple[set[str], str]:
    """The words of `q` as typed (folded, not typo-corrected) with its tokens, and the typed text."""
    typed = " ".join(re.findall(r"[a-z0-9]+", fold(q.text)))
    return set(typed.split()) | set(q.tokens), typed


def fleet_scope(q: Question) -> Literal["company", "company_unless_note"] | None:
    """The company-wide scope `q`'s own words give (see the module docstring), else None. `q` is the
    question as asked (not merged) and names no entity."""
    words, typed = typed_words(q)
    if words & BACK_WORDS or re.search(r"\bde\s+los\s+dos\b|\bambos\b|\bambas\b", typed):
        return None
    state = q.status or q.expiry or q.light or q.doc_type or q.attribute == "licence"
    if state and PLURAL_WHICH.search(typed):
        return "company"  # «¿cuáles tienen la tecno vencida?» with a vehicle in focus: the company's
    if _SUPERLATIVE.search(typed):
        return "company"  # «el conductor con la licencia más próxima a vencer»: over all of them
    if _FIRST_DUE.search(typed):
        return "company"  # «¿qué SOAT vence primero?» with a vehicle in focus: the fleet's first
    if q.period and _ONE_OF_PERIOD.search(typed):
        return "company"  # «¿cuál fue la última remisión de ayer?» with a client in focus: the company's
    if _IMPERSONAL.search(typed):
        return "company" if q.period else "company_unless_note"
    return None
