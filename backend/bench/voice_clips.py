"""The human-speech clip set (tests/data/voice/human) and how a transcript of one is judged.

`clips()` reads `manifest.json` (one entry per clip: name, company, kind, key — None when nothing of the
company should resolve —, what was said, seconds). `fixture_keys(company)` holds the company's client
codes, plates and delivery notes read straight from the fleet fixture CSVs (not through the product's
SQL), so the judge is independent of the database. `judge(clip, transcript, doubts)` runs the voice path a
question takes in `/v1/ask` (spoken mentions -> company entities, the codes the audio did not confirm
asked back) and returns one of:
  "right"  — the expected entity and nothing else resolved (or, for key None, a clarification or
             «no está en la flota»);
  "asked"  — a clarification («¿Te refieres a…?» / «No entendí bien…») instead of an answer, or an
             empty transcript (the bot's filters refused it: «No escuché nada…, ¿puedes repetirlo?»);
  "missed" — nothing resolved and nothing asked (the question goes on without its entity);
  "wrong"  — another entity resolved: the one outcome that must never happen.
"""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.context.spoken_candidates import spoken_checks, spoken_slots
from backend.context.spoken_choice import CompanyKeys
from backend.context.spoken_entities import SpokenOutcome, resolve_spoken
from backend.contract import SpokenDoubt

if TYPE_CHECKING:
    from bot.voice.engines import Engine
    from bot.voice.hearing import Heard

REPO = Path(__file__).resolve().parents[2]
CLIP_DIR = REPO / "tests" / "data" / "voice" / "human"
FLEET = REPO / "demo-data" / "fleet"
_KINDS = {"client": "client", "vehicle": "vehicle", "delivery_note": "delivery_note"}


def clips(clip_dir: Path = CLIP_DIR) -> list[dict[str, Any]]:
    """Manifest entries of `clip_dir` (the committed set, or a held-out set made by the same generator),
    in the generator's order; `path` added (the .ogg file)."""
    entries = json.loads((clip_dir / "manifest.json").read_text(encoding="utf-8"))
    return [{**e, "path": clip_dir / f"{e['name']}.ogg"} for e in entries]


def _rows(name: str, company: str) -> list[dict[str, str]]:
    with open(FLEET / name, encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f) if r["company"] == company]


@functools.cache
def fixture_keys(company: str) -> CompanyKeys:
    """Every client code (-> name), plate and delivery note of `company` in the fixture CSVs."""
    return CompanyKeys(
        clients={r["code"]: r["name"] for r in _rows("clients.csv", company)},
        plates={r["plate"] for r in _rows("vehicles.csv", company)},
        notes={r["delivery_note"] for r in _rows("movements.csv", company) if r["delivery_note"]},
    )


def settled_text(engine: Engine, heard: Heard, company: str) -> tuple[str, bool, tuple[str, ...]]:
    """(the text the bot would send to /v1/ask for `heard`, whether rescoring changed it, the plates
    it would send as heard clearly): the slots POST /v1/voice/candidates would name — `spoken_slots`
    on the fixture's keys of `company` — settled on the audio (`bot.voice.rescore.settle`,
    `clear_plates`). Blocking."""
    from bot.voice.rescore import clear_plates, settle

    said = heard.text or heard.partial
    slots = spoken_slots(said, fixture_keys(company), partial=not heard.text) if said else []
    if not slots:
        return heard.text, False, ()
    new, verdicts = settle(engine, heard.samples, said, slots, heard_counts=bool(heard.text))
    clear = clear_plates(said, verdicts) if heard.text and new is None else ()
    return new or heard.text, new is not None, clear


def doubts(engine: Engine, heard: Heard, company: str) -> list[SpokenDoubt]:
    """The codes `heard.text` resolves to from a number said as a number or a dictation (`spoken_checks` on the
    fixture's keys of `company`, as POST /v1/voice/candidates names them) that the audio does not
    confirm (`bot.voice.rescore.confirm`), as the bot sends them to /v1/ask. Blocking."""
    from bot.voice.rescore import confirm

    checks = spoken_checks(heard.text, fixture_keys(company)) if heard.text else []
    if not checks:
        return []
    return [c.doubt() for c in confirm(engine, heard.samples, heard.text, checks) if not c.confirmed]


def judge(
    clip: dict[str, Any], transcript: str, unconfirmed: list[SpokenDoubt] | None = None, clear: tuple[str, ...] = ()
) -> tuple[str, SpokenOutcome]:
    """("right" | "asked" | "missed" | "wrong", the outcome) for `transcript` of `clip`, with the codes
    its audio did not confirm (`unconfirmed`, see `doubts`) and the plates it heard clearly (`clear`,
    see `settled_text`). «La placa … no está en la flota» is right for a plate the company lacks and
    wrong for one of its own (a false answer, though no other entity)."""
    outcome = resolve_spoken(transcript, fixture_keys(clip["company"]), unconfirmed or [], clear)
    expected = (clip["kind"], clip["key"]) if clip["key"] else None
    if not transcript.strip():
        return "asked", outcome
    if outcome.absent:
        return ("right" if expected is None else "wrong"), outcome
    if outcome.answer:
        return ("right" if expected is None else "asked"), outcome
    if not outcome.resolved:
        return "missed", outcome
    if expected is not None and outcome.resolved == (expected,):
        return "right", outcome
    return "wrong", outcome
