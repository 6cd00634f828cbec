"""A question that names another company of the deployment: by its name, its slug or part of its name,
typed loosely («cuántos vehículos tiene lácteos del valle», «saldo del 412 de lacteos-del-valle», «¿qué
frigorífico andino tiene más canastillas?»). Each bot serves one company and reads only its rows, so such
a question is refused (`scope.only_own_company`), never answered with the own company's figures.

The other companies' slugs and names come from `store.companies.other_company_names` (nothing else of
theirs). A word of their name counts when it is distinctive: not a legal form or an article, not a word
of the own company's name, four letters or more; a typo of a word of six letters or more counts too
(rapidfuzz ratio ≥ 85), a shorter one must be exact («vale» and «calle» are no «valle»)."""

from __future__ import annotations

import re
from functools import lru_cache

import asyncpg
from rapidfuzz import fuzz, process

from backend.core.text import fold
from backend.store import companies as store_companies
from backend.store import names as store_names

_WORD = re.compile(r"[a-z0-9]+")
_NOT_DISTINCTIVE = frozenset(
    "sas sa ltda cia y e de del la las el los and co company compania empresa grupo inversiones".split()
)
NEAR = 85


def distinctive_words(name: str, own_name: str) -> set[str]:
    """The words of `name` that tell it apart (see the module docstring)."""
    own = set(_WORD.findall(fold(own_name)))
    return {w for w in _WORD.findall(fold(name)) if len(w) >= 4 and w not in _NOT_DISTINCTIVE and w not in own}


@lru_cache(maxsize=4096)
def _marks(slug: str, name: str, own_name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The distinctive words of another company's name and slug, and of its name alone (pure: kept per
    (slug, name, own name), so a question does not fold 50 names again)."""
    marks = frozenset(distinctive_words(f"{name} {slug.replace('-', ' ')}", own_name))
    return marks, frozenset(distinctive_words(name, own_name)) or marks


def _near(word: str, marks: set[str] | frozenset[str]) -> bool:
    """A typo of a long distinctive word («lactios», «frigorifco»); short words must be exact («vale» is
    no «valle»)."""
    long_marks = [m for m in marks if len(m) >= 6]
    return (
        len(word) >= 6
        and bool(long_marks)
        and bool(process.extractOne(word, long_marks, scorer=fuzz.ratio, score_cutoff=NEAR))
    )


def named_words(question: str, own_name: str, others: list[tuple[str, str]]) -> tuple[bool, set[str]]:
    """How `question` names one of `others` ((slug, name) pairs): (in full — its slug, or every distinctive
    word of its name —, the question's words that are only some of a name's distinctive words). Some words
    alone («¿y en Lácteos?») may also be words of the own company's clients, drivers or cities
    («SUPERMERCADO ANDINO» at Lácteos): the caller checks them (`store.names.own_name_words`)."""
    text = fold(question)
    words = [w for w in _WORD.findall(text) if len(w) >= 4]
    some: set[str] = set()
    for slug, name in others:
        if slug in text and re.search(rf"\b{re.escape(slug)}\b", text):
            return True, set()
        marks, name_marks = _marks(slug, name, own_name)
        said = {w for w in words if w in marks or _near(w, marks)}
        if said and all(any(w == m or _near(w, {m}) for w in said) for m in name_marks):
            return True, set()
        some |= said
    return False, some


def names_other_company(question: str, own_name: str, others: list[tuple[str, str]]) -> bool:
    """Whether `question` names one of `others` by its slug or a distinctive word (text only: the words
    the own company's names also hold are not told apart here; see `named_words`)."""
    full, some = named_words(question, own_name, others)
    return full or bool(some)


async def asks_other_company(
    conn: asyncpg.Connection,
    question: str,
    own_name: str,
    cities: list[str],
    others: list[tuple[str, str]] | None = None,
) -> bool:
    """Whether `question` names another company of the deployment (inside `tenant_transaction`): in full,
    or by a word of its name that none of the own clients, drivers or cities holds. `others`: the other
    companies' (slug, name) when the caller has them (`CompanyCatalogue.others`), else one statement reads
    them; one more only when such a word alone is said."""
    if others is None:
        others = await store_companies.other_company_names(conn)
    named, some = named_words(question, own_name, others)
    if named or not some:
        return named
    theirs = await store_names.own_name_words(conn, some) | {w for c in cities for w in fold(c).split()}
    return bool(some - theirs)
