"""Questions written in English: fleetops answers in Spanish and understands Spanish only, so an English
question gets a Spanish reply saying so — never an answer to a question it did not understand."""

from __future__ import annotations

import re

from backend.core.text import fold

SPANISH_ONLY = (  # no code in the examples: it is every company's text
    "Solo entiendo preguntas en español. Por ejemplo: «¿qué documentos vencen este mes?» o "
    "«¿qué vehículos tienen el SOAT vencido?»."
)
_WORD = re.compile(r"[a-z']+")
# Words of English questions that are not Spanish words (nor usual in client names).
ENGLISH = frozenset(
    """how many much does do did what which who whose when where why is are was were the have has of this
    that these those next last month week today yesterday expire expires expired expiring crates crate pallets
    pallet lids lid client clients customer customers vehicle vehicles truck trucks driver drivers documents
    document phone number balance show me list please tell give owe owes delivered returned deliveries
    insurance license licence drop table select from delete insert update""".split()
)
_QUESTION = frozenset({"how", "what", "which", "who", "when", "where", "why", "show", "list", "tell", "give"})


def english(text: str) -> bool:
    """Whether `text` reads as English: three English words or more, a question word among them."""
    words = _WORD.findall(fold(text))
    hits = {w for w in words if w in ENGLISH}
    return len(hits) >= 3 and bool(hits & _QUESTION)
