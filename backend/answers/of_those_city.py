"""«de esos, ¿cuál está en Medellín?», «¿cuáles de esos están en Cali?» right after a list of clients: the
listed clients of that city — every one of them, the lines the history cut included (the list is read
whole again), or «Ninguno de esos 5 clientes está en Medellín.» — never the city's clients at large nor a
question back."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers.about import entity_answer
from backend.answers.focus import Subject
from backend.answers.model import Exact
from backend.answers.understood import Step, Understood, settled
from backend.context.resolve import Entities
from backend.store import clients as store_clients

_THOSE = frozenset({"esos", "esas", "ellos", "ellas", "estos", "estas"})
_WHICH = frozenset({"cual", "cuales", "quien", "quienes"})
_LISTED = re.compile(r"^(?:•|\d+\.)\s*\[([^\]\s]{1,20})\]", re.M)  # «• [412] …», «2. [310] …»


async def _whole(s: Step) -> str:
    """The latest answer as it was given: a list the history cut is its question read again."""
    latest = s.turns[-1]
    if not latest.a.endswith("…"):
        return latest.a
    again = await s.again(s.conn, company_id=s.company_id, question=latest.q, turns=s.turns[:-1], focus=[])
    return again.exact.text if again.exact is not None and again.exact.kind == "answer" else latest.a


async def of_those_in_city(s: Step) -> Understood | None:
    """The answer when the question picks the listed clients of a city said (see the module docstring)."""
    toks = set(s.own.tokens)
    if not s.turns or s.city is None or not (toks & _THOSE and toks & _WHICH) or s.own.names_entity():
        return None
    codes = list(dict.fromkeys(_LISTED.findall(await _whole(s))))
    if len(codes) < 2:
        return None
    found = {c.code: c for c in await store_clients.clients(s.conn, codes=codes)}
    chosen = [found[code] for code in codes if code in found and found[code].city == s.city]
    if not chosen:
        text = f"Ninguno de esos {len(codes)} clientes está en {s.city}."
        return settled(Entities(), s.q, Subject(), Exact(text, intent="clients.of_those"))
    subject = Subject(clients=chosen, source="history", named=len(chosen) > 1)
    q, before = s.q, s.previous
    if before is not None and before.asset and not q.asset:  # the measure the list was about («… estibas»)
        q = replace(q, asset=before.asset, more_assets=before.more_assets, slots_set=q.slots_set | {"asset"})
    return settled(Entities(), q, subject, await entity_answer(s.ask(q), subject))
