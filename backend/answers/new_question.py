"""A follow-up that asks a question of its own over the chain: «¿y en total cuánto tiene?» right after a
client's units moved in a period is its saldo today (not that movement again); «¿y el 632 cuántas tiene?»
right after «¿y en qué ciudad queda?» is the 632's saldo of the chain's asset (not its city: only an
elliptic «¿y el 632?» repeats the previous question)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from backend.answers.bare_count import as_follow_up as bare_how_many
from backend.store.asset_types import AssetType
from backend.understanding.parse import Question, parse_question
from backend.understanding.vocabulary import ASSETS

#: a client's fields that are no quantity (asked of a chain about an asset, the asset is kept)
_CLIENT_FIELDS = frozenset({"city", "name", "code"})
#: what an entity's question asks that is no quantity: a new «¿cuántas …?» replaces it
_NO_QUANTITY = frozenset(
    """city code name phone driver vehicle plate licence kind brand year status document_number date client who
    last when documents time""".split()
)
_HAS_NOW = frozenset({"tiene", "tienen", "debe", "deben", "queda", "quedan"})
_HOW_MANY = frozenset({"cuantas", "cuantos", "cuanto", "cuanta"})


def asks_how_many_of(q: Question, previous: Question) -> bool:
    """«¿y el 632 cuántas tiene?» after «¿y en qué ciudad queda?»: a new entity with a question word of its
    own asks that (how many: the chain's asset), not the previous question's field."""
    return (
        q.names_entity()
        and bool(_HOW_MANY & set(q.tokens))
        and q.attribute in (None, "balance")
        and previous.attribute in _NO_QUANTITY
    )


def reworded(q: Question, previous: Question, out: Question) -> Question:
    """`out` (`q` merged onto `previous`) with the previous question's movement, period or field dropped when
    `q` asks a question of its own: a saldo («cuánto tiene», «cuántas le quedan») after units moved, how many
    after a field."""
    if previous.movement and not q.movement and q.is_elliptical() and _HAS_NOW & set(q.tokens):
        whole = not q.asset and bool({"cuanto", "total"} & set(q.tokens))  # «cuánto tiene en total»: every asset
        out = replace(
            out,
            movement=None,
            period=None,
            attribute="balance" if whole else None,
            asset=None if whole else out.asset,
            more_assets=() if whole else out.more_assets,
            slots_set=out.slots_set - {"movement", "period"},
        )
    if asks_how_many_of(q, previous):
        out = replace(out, attribute=None, slots_set=out.slots_set - {"attribute"})
    toks = set(q.tokens)
    if q.names_entity() and _HOW_MANY & toks and _OWES & toks and not q.movement and "period" not in q.slots_set:
        # «y el 77 cuántas debe?» after any question (a city's notes, its negatives): that client's saldo now
        own = q.slots_set
        out = replace(
            out,
            movement=None,
            period=None,
            subject=q.subject,
            aggregation=q.aggregation if "aggregation" in own else None,
            attribute=q.attribute if "attribute" in own else None,
            slots_set=out.slots_set - ({"movement", "period", "subject", "aggregation", "attribute"} - own),
        )
    return out


#: Owing is a saldo whatever the chain asked before («¿y el 77 cuántas debe?»).
_OWES = frozenset({"debe", "deben", "debia", "debian"})


def with_chain_asset(q: Question, understood: Question | None) -> Question:
    """`q` as the chain's latest question when it merged onto nothing: «¿y en qué ciudad queda?» after
    «¿cuántas canastillas tiene el 412?» is asked of a chain about canastillas (a «¿y el 632 cuántas tiene?»
    next is of canastillas); no slot is set, so nothing later merges the asset as said."""
    if understood is not None and q.asset is None and q.attribute in _CLIENT_FIELDS and not q.names_entity():
        return replace(q, asset=understood.asset, more_assets=understood.more_assets)
    return q


def drops_period(q: Question) -> bool:
    """A bare new subject («412») merged onto a question with a period: it asks the same kind, not that
    period (only «¿y el 412?» or «412 esta semana» keeps or sets one)."""
    return q.tokens[:1] not in (("y",), ("e",), ("tambien",)) and "period" not in q.slots_set and q.names_entity()


_ASSET_WORDS = [AssetType(code, word, word) for word, code in ASSETS.items()]  # any company's asset words


def read_as_flow(q: Question, understood: Question | None, today: date) -> Question:
    """A history turn read as the flow read it: «¿cuántas tapas le despachamos?» right after an answer is
    «¿y cuántas tapas le despachamos?» (`bare_count`), so the chain keeps its period for «¿y estibas?»."""
    return parse_question(f"y {q.text}", today) if understood is not None and bare_how_many(q, _ASSET_WORDS) else q
