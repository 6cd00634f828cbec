"""Cities compared with a verdict: «compara medellín con itagüí en estibas», «¿dónde hay más tapas, en Cali o
en Rionegro?», «¿Medellín tiene más estibas que Itagüí?» («No: más estibas hay en Itagüí: 18.377, frente a
10.693 en Medellín.»), «¿hay más clientes en Cali o en Medellín?», «¿dónde se despachó más en noviembre, Cali o
Medellín?» — and the cities just discussed: «cuántas canastillas hay en Medellín» → «y en Itagüí» →
«compáralas en estibas» / «compara esos dos» / «¿cuál tiene más tapas?», then «¿y estibas?» again.

The measure is the question's (the chain's, newest said first): the clients' saldo of an asset (one line per
asset type when none is said), units moved or delivery notes in a period (`store.groupings`, as the city
groupings measure them), or how many clients. One line per measure, the city with more first."""

from __future__ import annotations

import re
from datetime import date

from backend.answers import compare, named_compare
from backend.answers import compare_facts as facts
from backend.answers import render as r
from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact, city_in
from backend.answers.understood import Step, Understood
from backend.answers.units_moved import MOVED
from backend.core import spanish
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import groupings as store
from backend.understanding.parse import Question, parse_question

_COMPARED = frozenset({"more", "less", "compare"})
_ONE_OF = frozenset({"cliente", "conductor", "chofer", "vehiculo", "carro", "camion", "remision", "placa"})
_NOTES = frozenset({"remision", "remisiones", "entregas", "viajes", "despachos", "devoluciones"})
_SAID = re.compile(r"^(?:Sí: |No: )?(?:(?:[Mm]ás|[Mm]enos) .+ (?:hay|hubo) en |.+ tienen lo mismo: )")


async def routed(s: Step) -> Understood | None:
    """The comparison of cities `s.q` asks (named, or the ones just discussed), else None."""
    asset_words = {w for a in s.assets for w in fold(f"{a.name} {a.plural}").split()}
    said = fresh(s.q, s.cities, asset_words)
    chain = [s.q]
    if said is None and (before := discussed(s.q, s.turns, s.cities, s.company.today, asset_words)) is not None:
        said, chain = before[0], [*before[1], s.q]
    if said is None:
        return None
    return Understood(s.q, Subject(), await answer(s.ask(), said, chain))


def named(tokens: tuple[str, ...], cities: list[str]) -> list[str]:
    """The company's cities `tokens` name, in the order said."""
    found: list[str] = []
    rest = tokens
    while (city := city_in(rest, cities)[0]) is not None and city not in found:
        found.append(city)
        rest = city_in(rest, [city])[1]
    return sorted(found, key=lambda c: min(i for i, t in enumerate(tokens) if t not in city_in(tokens, [c])[1]))


def _how(q: Question) -> str | None:
    kind = compare.how(q)
    return kind if kind in _COMPARED and not _ONE_OF & set(q.tokens) else None


def fresh(q: Question, cities: list[str], asset_words: set[str]) -> list[str] | None:
    """The cities `q` compares when it names two or more and asks a comparison naming nothing else, else None."""
    said = named(q.tokens, cities)
    m = q.mentions
    if len(said) < 2 or _how(q) is None or m.codes or m.numbers or m.plates or m.notes:
        return None
    city_words = {w for c in said for w in fold(c).split()}
    rest = [w for w in q.name_words if w not in city_words and w not in asset_words and not compare.verb((w,))]
    rest = [w for w in rest if city_in((w,), said)[0] is None]  # a city typed with a typo
    return None if rest else said


def discussed(
    q: Question, turns: list[Turn], cities: list[str], today: date, asset_words: set[str]
) -> tuple[list[str], list[Question]] | None:
    """The cities of the latest turns that `q` (naming none, asking a comparison) compares, and the questions
    whose measure it keeps: a city comparison just given, a question naming two cities, or two turns of one
    city each («… en Medellín» → «¿y en Itagüí?»)."""
    m = q.mentions
    if not turns or _how(q) is None and not _again(q) or named(q.tokens, cities) or m.codes or m.numbers or m.plates:
        return None
    if {w for w in q.name_words if not compare.verb((w,))} - asset_words - {"dos"}:
        return None
    said = [parse_question(t.q, today) for t in turns[-3:]]
    if _SAID.match(turns[-1].a):
        found = named(tuple(fold(turns[-1].a.split("\n", 1)[0]).split()), cities)
        return (found, said) if len(found) >= 2 else None
    if _how(q) is None:
        return None
    if len(latest := named(said[-1].tokens, cities)) >= 2:
        return latest, said[-1:]
    if len(said) >= 2 and said[-1].is_elliptical():
        two = [named(x.tokens, cities) for x in said[-2:]]
        if all(len(c) == 1 for c in two) and two[0] != two[1]:
            return [two[0][0], two[1][0]], said[-2:]
    return None


def _again(q: Question) -> bool:
    """«¿y estibas?», «¿y en noviembre?»: the comparison just made, one slot changed."""
    return q.tokens[:1] in (("y",), ("e",)) and bool(q.asset or q.period or q.movement) and not q.name_words


async def answer(ask: Ask, said: list[str], chain: list[Question]) -> Exact:
    """The comparison of the cities `said` in the measure of `chain` (its last question `ask.q`)."""
    q = ask.q
    how = next((k for k in (_how(x) for x in reversed(chain)) if k), "more")
    fewest = how == "less"
    m = facts.metric(*chain)
    moved_said = MOVED & {t for x in chain for t in x.tokens}
    of_notes = m.notes or (not m.asset and bool(_NOTES & {t for x in chain for t in x.tokens}))
    clients = not m.asset and not of_notes and any(x.subject == "clients" for x in chain)
    lines: list[str] = []
    if clients:
        per_city = dict(await store_clients.clients_per_city(ask.conn))
        lines.append(_line({c: per_city.get(c, 0) for c in said}, fewest, "clientes", "hay"))
    elif of_notes or m.movement or m.period or moved_said:
        movement = m.movement if m.movement or not moved_said or not m.period else None
        movement = movement if movement or of_notes or moved_said else "dispatch"
        assets = [ask.asset_of(m.asset)] if m.asset else [None]
        for asset in assets:
            rows = await store.grouped(
                ask.conn,
                by="city",
                measure="notes" if of_notes else "units",
                movement=movement,
                asset_code=asset.code if asset else None,
                start=m.period.start if m.period else None,
                end=m.period.end if m.period else None,
            )
            got = {x.key: x.amount for x in rows}
            what = "remisiones" if of_notes else asset.plural if asset else "unidades"
            if not of_notes:
                what += {"dispatch": " despachadas", "return": " devueltas"}.get(movement or "", " movidas")
            lines.append(_line({c: got.get(c, 0) for c in said}, fewest, f"{what}{_period(m)}", "hubo"))
    else:
        held = [a for a in [ask.asset_of(m.asset)] if a] if m.asset else ask.assets
        for one in held:
            rows = await store.grouped(
                ask.conn, by="city", measure="saldo", movement=None, asset_code=one.code, start=None, end=None
            )
            got = {x.key: x.amount for x in rows}
            lines.append(_line({c: got.get(c, 0) for c in said}, fewest, one.plural, "hay"))
    if named_compare.claims(q.tokens):
        lines = [r.verdict_led(_leads(line, said[0]), line) for line in lines]
    return Exact("\n".join(lines), "answer", f"cities.versus.{how}")


def _period(m: facts.Metric) -> str:
    return f" {m.period.label}" if m.period else ""


def _line(values: dict[str, int], fewest: bool, what: str, verb: str) -> str:
    """«Más estibas hay en Itagüí: 18.377, frente a 10.693 en Medellín.» (several: «… Luego Cali: 5.020; …»)."""
    order = sorted(values, key=lambda c: values[c] if fewest else -values[c])
    top, rest = order[0], order[1:]
    n = values[top]
    if all(values[c] == n for c in rest):
        return f"{r.enumeration(list(values))} tienen lo mismo: {spanish.number(n)} {what}."
    head = f"{'Menos' if fewest else 'Más'} {what} {verb} en {top}: {spanish.number(n)}"
    if len(rest) == 1:
        return f"{head}, frente a {spanish.number(values[rest[0]])} en {rest[0]}."
    return f"{head}. Luego " + "; ".join(f"{c}: {spanish.number(values[c])}" for c in rest) + "."


def _leads(line: str, first: str) -> bool:
    """Whether the line puts `first` (the city the claim is about) first, and not all the same."""
    return "lo mismo" not in line and line.split(":", 1)[0].endswith(f" en {first}")
