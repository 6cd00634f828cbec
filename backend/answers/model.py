"""Types shared by the exact-answer modules: the request's understanding (`Ask`) and the result (`Exact`)."""

from __future__ import annotations

from dataclasses import dataclass, field

import asyncpg
from rapidfuzz import fuzz, process

from backend.contract import AnswerKind, FocusEntity
from backend.core import asset_words
from backend.core.text import fold
from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies
from backend.understanding.parse import Question


@dataclass
class Exact:
    """An exact answer: `text` (Spanish, figures from SQL), `kind`, the `focus` it sets, the `intent`
    that produced it, whether it is a `confident` single-fact lookup (answered directly in `lookups`
    mode) and `note`: the one delivery note it is about, when it is about one (its PDF can be sent:
    «mándame la última remisión del 310»)."""

    text: str
    kind: AnswerKind = "answer"
    intent: str = ""
    focus: list[FocusEntity] = field(default_factory=list)
    confident: bool = False
    note: str = ""


@dataclass
class Ask:
    """One question being answered: connection (tenant transaction), company, its asset types and
    cities, the parsed question (merged with the previous one when elliptical) and the city it names."""

    conn: asyncpg.Connection
    company_id: int
    company: store_companies.Company
    assets: list[store_asset_types.AssetType]
    cities: list[str]
    q: Question
    city: str | None = None

    def asset(self) -> store_asset_types.AssetType | None:
        """The company's asset type the question names (None: not named, or not one of this company's)."""
        return self.asset_of(self.q.asset) if self.q.asset else None

    def asset_of(self, stem: str) -> store_asset_types.AssetType | None:
        exact = [a for a in self.assets if stem in (fold(a.name).split()[0], fold(a.plural).split()[0])]
        if exact or "leche" in self.q.tokens:
            return exact[0] if exact else None  # «canastas de leche» named explicitly: not another crate type
        # «canastas» / «canast» where the company's only crate type is the canastilla: that one
        i = asset_words.asset_type_index(stem, [(a.name, a.plural) for a in self.assets])
        return None if i is None else self.assets[i]

    def chosen_assets(self) -> list[store_asset_types.AssetType]:
        """The asset types asked («canastillas y estibas»: both, in the company's order), else all."""
        one = self.asset()
        if not one:
            return list(self.assets)
        more = {a.code for stem in self.q.more_assets if (a := self.asset_of(stem)) is not None}
        return [a for a in self.assets if a.code == one.code or a.code in more]


def city_in(words: tuple[str, ...], cities: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """(the company city all of whose words are among `words`, typos tolerated, and the remaining words)."""

    def near(part: str) -> str | None:
        if part in words:
            return part
        hit = process.extractOne(part, words, scorer=fuzz.ratio, score_cutoff=85) if len(part) >= 5 else None
        return hit[0] if hit else None

    for city in sorted(cities, key=len, reverse=True):
        used = [near(p) for p in fold(city).replace("-", " ").split() if p not in ("de", "del", "la", "el")]
        if used and all(used):
            return city, tuple(w for w in words if w not in used)
    return None, words
