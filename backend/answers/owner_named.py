"""«remisiones de tienda la vaquita feliz», «¿cuántas remisiones tuvo la vaquita?»: delivery notes asked of a
name that resolves to no client or driver. That is a name not found, never the company's whole list of notes
(README «Answer what was asked»: a client name whose distinctive words no client has is not found)."""

from __future__ import annotations

from backend.understanding.parse import Question

_OWNER_BEFORE = frozenset({"de", "del", "tuvo", "tiene", "hizo", "llevo", "a", "al", "para"})
_ARTICLES = frozenset({"la", "el", "los", "las"})


def notes_of_a_name(q: Question) -> bool:
    """`q` asks about delivery notes and its name words follow «de», «del», «tuvo»… as one phrase (articles
    between allowed): the notes of someone named, not the company's."""
    toks, names = q.tokens, set(q.name_words)
    if not names or not (q.subject == "notes" or {"remision", "remisiones"} & set(toks)):
        return False
    spots = [i for i, t in enumerate(toks) if t in names]
    if not spots:
        return False  # the names of an earlier question («¿y la anterior?» after a name not found)
    first, last = spots[0], spots[-1]
    if any(t not in names and t not in _ARTICLES for t in toks[first : last + 1]):
        return False  # the words are scattered: not one name
    before = [t for t in toks[:first] if t not in _ARTICLES]
    return bool(before) and before[-1] in _OWNER_BEFORE
