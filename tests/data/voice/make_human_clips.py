"""Regenerate the human-speech voice notes in tests/data/voice/human (run from the repo root).

    apt-get install asterisk-core-sounds-es-wav espeak-ng sox
    .venv/bin/python tests/data/voice/make_human_clips.py
    .venv/bin/python tests/data/voice/make_human_clips.py --held-out /tmp/held-out --seed 7   # not committed

`--held-out DIR`: a set the rules were not written from, for `fleetops bench --only voice --voice-clips DIR`:
the same kinds of readings of OTHER codes, plates and notes of the fixture company (none of the committed
set), and as many of what the company does NOT have (client codes and notes it lacks, the other company's
plates: each must end as «no entendí» or a candidate list, never an entity), chosen with `--seed`.

Each clip is a voice note the way an admin reads a code: the isolated words of a real speaker
(Allison Smith's es-MX Asterisk prompts, 8 kHz telephone band, CC-BY-SA-3.0 — see ATTRIBUTION)
stitched with short pauses, optionally after a carrier phrase spoken by espeak-ng («¿cuántas canastillas
tiene el cliente…»), some with noise mixed in, encoded like Telegram (OGG/Opus, mono, 48 kHz).
Every code, plate and delivery note is a real entity of the fleet fixture (demo-data/fleet), so the
expected resolution is known (ruido_3s / ruido_5s: noise alone); `manifest.json` lists, per clip, what was said and the entity it names
(`key` null: nothing of the company should resolve). Deterministic (fixed seeds). CI does not need
these packages: the .ogg files and the manifest are committed.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

import av
import numpy as np

HERE = Path(__file__).resolve().parent
OUT = HERE / "human"
FLEET = HERE.parents[2] / "demo-data" / "fleet"
SOUNDS = Path("/usr/share/asterisk/sounds/es_MX_f_Allison")
RATE = 48_000
COMPANY = "frigorifico-andino"

CARRIERS = {
    "canastillas": "¿Cuántas canastillas tiene el cliente",
    "saldo": "Dame el saldo del cliente",
    "soat": "¿Cuándo vence el soat de la placa",
    "vehiculo": "¿Quién maneja el vehículo",
    "remision": "Mándame la remisión",
}


@dataclass(frozen=True)
class Clip:
    """One voice note: `words` are Asterisk recordings (digits/…, letters/…); `said` how a person would
    write what is heard; `kind`/`key` the entity it names in `company` (key None: none should resolve)."""

    name: str
    kind: str  # "client" | "vehicle" | "delivery_note"
    key: str | None
    said: str
    words: tuple[str, ...]
    carrier: str | None = None
    noise_snr_db: float | None = None
    company: str = COMPANY


def number_words(n: int) -> list[str]:
    """Asterisk recordings that say `n` (0…9999) as a Spanish number: 412 -> cuatrocientos doce."""
    if n >= 1000:
        head = [] if n // 1000 == 1 else number_words(n // 1000)
        return head + ["digits/thousand"] + (number_words(n % 1000) if n % 1000 else [])
    if n >= 100:
        hundreds, rest = divmod(n, 100)
        if hundreds == 1:
            return ["digits/hundred"] if not rest else ["digits/100-and"] + number_words(rest)
        return [f"digits/{hundreds * 100}"] + (number_words(rest) if rest else [])
    if n < 30:
        return [f"digits/{n}"]
    tens, unit = divmod(n, 10)
    return [f"digits/{tens * 10}"] + (["digits/and", f"digits/{unit}"] if unit else [])


def digit_words(code: str) -> list[str]:
    return [f"digits/{d}" for d in code]


def letter_words(letters: str) -> list[str]:
    return [f"letters/{c.lower()}" for c in letters]


def _existing() -> dict[str, set[str]]:
    """Keys of the fixture company: client codes, plates, delivery notes (to check every clip)."""
    def rows(name: str) -> list[dict[str, str]]:
        with open(FLEET / name, encoding="utf-8") as f:
            return [r for r in csv.DictReader(f) if r["company"] == COMPANY]
    return {"client": {r["code"] for r in rows("clients.csv")},
            "vehicle": {r["plate"] for r in rows("vehicles.csv")},
            "delivery_note": {r["delivery_note"] for r in rows("movements.csv") if r["delivery_note"]}}


_SPELLED = {"0": "cero", "1": "uno", "2": "dos", "3": "tres", "4": "cuatro", "5": "cinco", "6": "seis",
            "7": "siete", "8": "ocho", "9": "nueve"}


def clips() -> list[Clip]:
    """The clip set (≥ 40). Numbers as numbers and digit by digit, plates letter by letter, notes."""
    out: list[Clip] = []

    def client(code: str, *, spelled: bool, carrier: str | None, snr: float | None = None, key: str | None = "=",
               said: str | None = None) -> None:
        value = int(code)
        words = digit_words(code) if spelled else number_words(value)
        text = said or (" ".join(_SPELLED[d] for d in code) if spelled else str(value))
        style = "digitos" if spelled else "numero"
        name = f"cliente_{code}_{style}" + (f"_{carrier}" if carrier else "") + ("_ruido" if snr else "")
        out.append(Clip(name, "client", code if key == "=" else key, text, tuple(words), carrier, snr))

    for code in ("412", "310", "149", "976", "705", "1050", "77"):
        client(code, spelled=False, carrier="canastillas" if code in ("412", "149", "1050") else None)
    for code in ("412", "310", "976", "508", "215", "007", "660"):
        client(code, spelled=True, carrier="saldo" if code in ("310", "007") else None)
    client("102", spelled=False, carrier="saldo")
    client("007", spelled=False, carrier="canastillas", said="7")  # «el cliente siete» is client 007
    client("412", spelled=False, carrier="saldo", snr=12.0)
    client("660", spelled=True, carrier=None, snr=10.0)
    client("413", spelled=False, carrier="canastillas", key=None)  # no such client: must not resolve
    client("893", spelled=True, carrier=None, key=None)

    def plate(p: str, *, digits_as_number: bool = False, carrier: str | None = None, snr: float | None = None,
              key: str | None = "=") -> None:
        words = letter_words(p[:3]) + (number_words(int(p[3:])) if digits_as_number else digit_words(p[3:]))
        name = f"placa_{p}" + ("_numero" if digits_as_number else "") + (f"_{carrier}" if carrier else "") + \
            ("_ruido" if snr else "")
        out.append(Clip(name, "vehicle", p if key == "=" else key, p, tuple(words), carrier, snr))

    for p in ("KLM482", "TRX905", "GHT217", "QBM563", "BXN883", "ZPV920", "JCM691", "MMB482", "UWU314",
              "EQE774", "ALH687", "FDN216", "RVM175", "SBY121"):
        plate(p, carrier="soat" if p in ("KLM482", "GHT217", "ZPV920", "EQE774") else
              "vehiculo" if p in ("TRX905", "SBY121") else None)
    plate("KLM482", digits_as_number=True)
    plate("TRX905", digits_as_number=True, carrier="soat")
    plate("BDD786", digits_as_number=True)
    plate("QBM563", snr=12.0)
    plate("VEZ756", carrier="soat", snr=10.0)
    plate("VLL330", carrier="soat", key=None)  # Lácteos del Valle's plate: never resolves in Frigorífico Andino

    def note(n: str, *, carrier: str | None = "remision", snr: float | None = None, as_number: bool = False) -> None:
        words = number_words(int(n)) if as_number else digit_words(n)
        name = f"remision_{n}" + ("_numero" if as_number else "") + ("" if carrier else "_sola") + \
            ("_ruido" if snr else "")
        said = n if as_number else " ".join(_SPELLED[d] for d in n)
        out.append(Clip(name, "delivery_note", n, said, tuple(words), carrier, snr))

    for n in ("7851", "2962", "8456", "3059", "1372", "3351", "2360"):
        note(n)
    note("1534", as_number=True)
    note("1024", snr=12.0)
    note("7851", snr=10.0)
    return out


def held_out_clips(seed: int, per_kind: int = 8) -> list[Clip]:
    """Clips of entities the committed set does not use, read in the same styles, chosen with `seed`:
    `per_kind` client codes as numbers and as many digit by digit, plates (letters + digits one by one,
    some digits as a number), delivery notes, a quarter with noise; then as many readings of what the
    company does not have (key None): client codes and notes it lacks, the other company's plates."""
    rng = random.Random(seed)
    existing = _existing()
    used = {c.key for c in clips() if c.key}
    other_plates = sorted(_other_company_plates() - existing["vehicle"])
    carriers = {"client": ["canastillas", "saldo", None], "vehicle": ["soat", "vehiculo", None],
                "delivery_note": ["remision"]}
    out: list[Clip] = []

    def add(kind: str, key: str, i: int, *, known: bool) -> None:
        snr = 12.0 if i % 4 == 3 else None
        carrier = rng.choice(carriers[kind])
        if kind == "vehicle":
            as_number = i % 3 == 2
            words = letter_words(key[:3]) + (number_words(int(key[3:])) if as_number else digit_words(key[3:]))
            style = "numero" if as_number else "letras"
        else:
            spelled = i % 2 == 1
            words = digit_words(key) if spelled else number_words(int(key))
            style = "digitos" if spelled else "numero"
        prefix = {"client": "cliente", "vehicle": "placa", "delivery_note": "remision"}[kind]
        name = f"{prefix}_{key}_{style}" + ("" if known else "_ajeno") + ("_ruido" if snr else "")
        out.append(Clip(name, kind, key if known else None, key, tuple(words), carrier, snr))

    for kind in ("client", "vehicle", "delivery_note"):
        pool = sorted(k for k in existing[kind] if k not in used and (kind != "client" or len(k) >= 2))
        for i, key in enumerate(rng.sample(pool, 2 * per_kind)):
            add(kind, key, i, known=True)
    lacking_clients = [f"{n:03d}" for n in range(1, 1000)
                       if not {f"{n:03d}", str(n)} & existing["client"]]  # «cuarenta y cinco» may be 45 or 045
    lacking_notes = [n for n in (str(n) for n in range(1000, 10_000)) if n not in existing["delivery_note"]]
    for kind, pool in (("client", lacking_clients), ("vehicle", other_plates), ("delivery_note", lacking_notes)):
        for i, key in enumerate(rng.sample(pool, min(len(pool), per_kind))):
            add(kind, key, i, known=False)
    return out


def _other_company_plates() -> set[str]:
    with open(FLEET / "vehicles.csv", encoding="utf-8") as f:
        return {r["plate"] for r in csv.DictReader(f) if r["company"] != COMPANY}


def _sox_samples(args: list[str]) -> np.ndarray:
    """float32 mono 48 kHz samples from a sox input spec (a file, or '-' with stdin via `args`)."""
    raw = subprocess.run(["sox", *args, "-t", "f32", "-r", str(RATE), "-c", "1", "-"], check=True,
                         capture_output=True, timeout=60).stdout
    return np.frombuffer(raw, dtype=np.float32).copy()


def word(name: str) -> np.ndarray:
    return _sox_samples([str(SOUNDS / f"{name}.wav")])


def espeak(text: str) -> np.ndarray:
    wav = subprocess.run(["espeak-ng", "-v", "es-419", "-s", "150", "--stdout", text], check=True,
                         capture_output=True, timeout=60).stdout
    raw = subprocess.run(["sox", "-t", "wav", "-", "-t", "f32", "-r", str(RATE), "-c", "1", "-"], input=wav,
                         check=True, capture_output=True, timeout=60).stdout
    samples = np.frombuffer(raw, dtype=np.float32)
    return samples / max(1e-6, float(np.abs(samples).max())) * 0.5


def render(clip: Clip, rng: np.random.Generator) -> np.ndarray:
    """The clip's samples: lead-in, carrier, then each word with a 0.15–0.35 s pause, optional noise."""
    gap = lambda lo, hi: np.zeros(int(RATE * rng.uniform(lo, hi)), dtype=np.float32)  # noqa: E731
    parts = [gap(0.3, 0.5)]
    if clip.carrier:
        parts += [espeak(CARRIERS[clip.carrier]), gap(0.25, 0.4)]
    for w in clip.words:
        samples = word(w)
        parts += [samples / max(1e-6, float(np.abs(samples).max())) * 0.5, gap(0.15, 0.35)]
    parts.append(gap(0.3, 0.5))
    audio = np.concatenate(parts)
    if clip.noise_snr_db is not None:
        noise = rng.normal(0.0, 1.0, audio.size).astype(np.float32)
        noise = np.convolve(noise, np.ones(8) / 8, mode="same")  # duller than white, like a street
        speech_power = float(np.mean(audio[np.abs(audio) > 0.01] ** 2))
        noise *= np.sqrt(speech_power / 10 ** (clip.noise_snr_db / 10) / float(np.mean(noise ** 2)))
        audio = audio + noise
    return np.clip(audio, -1, 1).astype(np.float32)


def write_opus(samples: np.ndarray, path: Path) -> None:
    """OGG/Opus mono 48 kHz at 24 kbit/s, like a Telegram voice note."""
    with av.open(str(path), "w", format="ogg") as out:
        stream = out.add_stream("libopus", rate=RATE, layout="mono")
        stream.bit_rate = 24_000
        frame = av.AudioFrame.from_ndarray((samples * 32767).astype(np.int16).reshape(1, -1), format="s16",
                                           layout="mono")
        frame.sample_rate = RATE
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            out.mux(packet)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--held-out", type=Path, default=None, help="write a held-out set there instead")
    parser.add_argument("--seed", type=int, default=7, help="choice of the held-out set's entities")
    args = parser.parse_args()
    existing = _existing()
    out_dir = args.held_out or OUT
    chosen = held_out_clips(args.seed) if args.held_out else clips()
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = []
    for i, clip in enumerate(chosen):
        assert clip.key is None or clip.key in existing[clip.kind], clip
        audio = render(clip, np.random.default_rng((args.seed * 10_000 if args.held_out else 0) + 1000 + i))
        write_opus(audio, out_dir / f"{clip.name}.ogg")
        entry = asdict(clip)
        entry["carrier"] = CARRIERS[clip.carrier] if clip.carrier else None
        entry["seconds"] = round(audio.size / RATE, 2)
        manifest.append(entry)
    for seconds in () if args.held_out else (3, 5):  # street-like noise at speech level: refused quickly
        noise = np.random.default_rng(seconds).normal(0.0, 0.12, RATE * seconds).astype(np.float32)
        write_opus(np.convolve(noise, np.ones(8) / 8, mode="same").astype(np.float32), OUT / f"ruido_{seconds}s.ogg")
    (out_dir / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                           encoding="utf-8")
    total = sum(p.stat().st_size for p in out_dir.glob("*.ogg"))
    print(f"{len(manifest)} clips, {sum(m['seconds'] for m in manifest):.0f} s, {total / 1e6:.2f} MB in {out_dir}")


if __name__ == "__main__":
    main()
