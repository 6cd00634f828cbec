"""Voice questions: the codes and plates a transcript names, checked against the company's own entities.

A transcript says codes and plates the way people read them, and Whisper mishears some of it. Before a
voice question is answered (`/v1/ask` with `source == "voice"`), `resolve_spoken(text, keys)` decides per
spoken mention:
- a plate (three letters + three digits) resolves when it is one of the company's plates, or when the
  digits match exactly and the letters match exactly one of those plates closely (at least two of the
  three letters, in order); otherwise the candidates with those digits are named («¿Te refieres a KLM482
  o a MMB482?»), or, with none, «No entendí bien la placa…»;
- a code resolves when exactly one of its readings (with the leading zeros the company uses) is a client
  code or delivery-note number; several are named; none gives «No entendí bien el código…».
A code or plate the bot reports as not confirmed by the note's audio (`SpokenDoubt`, in
`AskRequest.unconfirmed`: a number said as a number that a reading with one digit changed sounds about as
likely as) is asked back even when it resolves: the candidates among it and the company's own keys that
sounded as close («¿Te refieres a la remisión 1068 o a la remisión 1168?»), or «No entendí bien…».
A plate spelled exactly that is not the company's and that the note's audio says clearly above every
plate of the company it could be (`clear`, from the bot) is answered as a typed one: «La placa VLL330 no
está en la flota de Frigorífico Andino.» — naming only what was heard, nothing of another company.
Never another company's entity (the keys come from the caller's tenant transaction) and never a guess.
Resolved mentions are rewritten as canonical tokens («cliente 412», «TRX905», «remisión 7851») for the
question parser.

What a mention could mean is `spoken_choice`'s; the keys are read by `spoken_keys.company_keys`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import asyncpg

from backend.context.spoken_choice import (
    PLATE_DIGITS,
    CompanyKeys,
    after_glued_letters,
    as_plate,
    code_choice,
    is_code,
    is_number,
    plate_choice,
)
from backend.context.spoken_keys import company_keys
from backend.contract import SpokenDoubt
from backend.core.spoken import spoken_mentions
from backend.core.spoken_kinds import announced_unheard, goes_on, kind_hint

UNCLEAR = {
    "client": "No entendí bien el código: ¿puedes repetirlo o escribirlo?",
    "plate": "No entendí bien la placa: ¿puedes repetirla o escribirla?",
    "note": "No entendí bien el número de la remisión: ¿puedes repetirlo o escribirlo?",
}
NOT_IN_FLEET = "La placa {plate} no está en la flota de {company}."  # as a typed plate's (answers.about)
MAX_CANDIDATES = 4


@dataclass(frozen=True)
class SpokenOutcome:
    """`question` rewritten with canonical tokens; when `answer` is set, send it instead of answering
    (`answer_kind` "ambiguous": candidates named; "not_found": «no entendí…»). `resolved`: the
    (kind, key) pairs the question was found to name, kind "client", "vehicle" or "delivery_note";
    `absent`: the plate heard clearly that is not the company's (answered «no está en la flota»)."""

    question: str
    answer: str | None = None
    answer_kind: Literal["answer", "ambiguous", "not_found"] = "answer"
    resolved: tuple[tuple[str, str], ...] = ()
    absent: tuple[str, ...] = ()


def _label(kind: str, key: str, keys: CompanyKeys) -> str:
    if kind == "client":
        return f"al cliente [{key}] {keys.clients[key]}"
    if kind == "note":
        return f"a la remisión {key}"
    return f"a {key}"


def _which(options: list[tuple[str, str]], keys: CompanyKeys) -> str:
    shown = [_label(kind, key, keys) for kind, key in options[:MAX_CANDIDATES]]
    more = f" (hay {len(options) - MAX_CANDIDATES} más)" if len(options) > MAX_CANDIDATES else ""
    return "¿Te refieres " + (", ".join(shown[:-1]) + " o " + shown[-1] if len(shown) > 1 else shown[0]) + f"?{more}"


def _known(kind: str, key: str, keys: CompanyKeys) -> bool:
    return key in (keys.clients if kind == "client" else keys.notes if kind == "note" else keys.plates)


def _doubted(text: str, kind: str, key: str, keys: CompanyKeys, doubts: Sequence[SpokenDoubt]) -> SpokenOutcome | None:
    """The question back for a resolved (kind, key) — kind "client", "note" or "plate" — that `doubts`
    says the audio did not confirm: its candidates and the company's `near` keys (at most
    `MAX_CANDIDATES`), or «no entendí»; None when it is not doubted."""
    wanted = {"client": "client", "note": "delivery_note", "plate": "vehicle"}[kind]
    mine = [d for d in doubts if d.kind == wanted and d.key == key]
    if not mine:
        return None
    near = [(kind, n) for d in mine for n in d.near if _known(kind, n, keys)]
    options = list(dict.fromkeys([(kind, key), *near]))
    if len(options) == 1 or len(options) > MAX_CANDIDATES:
        return SpokenOutcome(text, UNCLEAR[kind], "not_found")
    return SpokenOutcome(text, _which(options, keys), "ambiguous")


def doubt_keys(doubts: Sequence[SpokenDoubt]) -> tuple[set[str], set[str]]:
    """(codes, plate digits) that `company_keys` must also read for `doubts`' near keys."""
    codes = {n for d in doubts if d.kind != "vehicle" for n in d.near}
    digits = {n[3:] for d in doubts if d.kind == "vehicle" for n in d.near if PLATE_DIGITS.match(n)}
    return codes, digits


def resolve_spoken(
    text: str,
    keys: CompanyKeys,
    doubts: Sequence[SpokenDoubt] = (),
    clear: Sequence[str] = (),
    company: str = "la empresa",
    *,
    focused: bool = False,
) -> SpokenOutcome:
    """Decide what a voice question's spoken codes and plates are (rules in the module docstring).
    Pure: `keys` holds the company's existing keys (at least those the text could mean, and `doubts`'
    near keys); `doubts` the resolutions the audio did not confirm; `clear` the plates the audio said
    clearly (`AskRequest.heard_clearly`); `company` the caller's company's short name, for «no está en la flota»;
    `focused` whether the conversation has an entity in focus (a bare «…el vehículo?» then follows up on it,
    otherwise it announced a plate that was not heard: `spoken_kinds.announced_unheard`)."""
    out, last, resolved = [], 0, []
    mentions = spoken_mentions(text, heard=True)
    for m in mentions:
        plates = as_plate(text, m)
        if plates:
            chosen, candidates = plate_choice(plates, keys)
            said = m.candidates[0] if m.kind == "plate" and len(m.candidates) == 1 else None
            if (
                chosen is None and said is not None and said in clear and not goes_on(text, m)
            ):  # spelled exactly and whole, the audio sure of it: not the company's
                answer = NOT_IN_FLEET.format(plate=said, company=company)
                return SpokenOutcome(text, answer, "not_found", absent=(said,))
            if chosen is None:
                if not candidates or len(candidates) > MAX_CANDIDATES:
                    return SpokenOutcome(text, UNCLEAR["plate"], "not_found")
                return SpokenOutcome(text, _which([("plate", p) for p in candidates], keys), "ambiguous")
            if asked := _doubted(text, "plate", chosen, keys, doubts):
                return asked
            token = chosen
            resolved.append(("vehicle", chosen))
        elif is_number(text, m):
            hits = code_choice(text, m, keys)
            if after_glued_letters(text, m):  # a plate spelled, its letters glued: no code, no guess
                return SpokenOutcome(text, UNCLEAR["plate"], "not_found")
            if not hits and not is_code(text, m):
                continue
            if not hits:
                return SpokenOutcome(text, UNCLEAR.get(kind_hint(text, m) or "client", UNCLEAR["client"]), "not_found")
            if len(hits) > 1:
                return SpokenOutcome(text, _which(hits, keys), "ambiguous")
            kind, key = hits[0]
            named = kind_hint(text, m) is not None
            if kind == "note" and not named:  # a bare number is a client code far more often: ask
                return SpokenOutcome(text, _which(hits, keys), "ambiguous")
            if asked := _doubted(text, kind, key, keys, doubts):
                return asked
            token = key if named else ("cliente " if kind == "client" else "remisión ") + key
            resolved.append(("client" if kind == "client" else "delivery_note", key))
        else:
            continue
        start, end = m.span
        if start >= last:
            out += [text[last:start], token]
            last = end
    if not mentions and (unheard := announced_unheard(text, focused=focused)):
        return SpokenOutcome(text, UNCLEAR[unheard], "not_found")
    return SpokenOutcome("".join(out) + text[last:], resolved=tuple(dict.fromkeys(resolved)))


async def resolve_voice_question(
    conn: asyncpg.Connection,
    text: str,
    doubts: Sequence[SpokenDoubt] = (),
    clear: Sequence[str] = (),
    company: str = "la empresa",
    *,
    focused: bool = False,
) -> SpokenOutcome:
    """`resolve_spoken` against the caller's own keys (`conn` inside `tenant_transaction`)."""
    codes, digits = doubt_keys(doubts)
    keys = await company_keys(conn, text, more_codes=codes, more_plate_digits=digits)
    return resolve_spoken(text, keys, doubts, clear, company, focused=focused)
