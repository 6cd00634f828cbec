"""(4) Voice, per engine: on the human-speech clip set (tests/data/voice/human, see voice_clips.py), the
resolved-entity accuracy of the whole voice path (audio -> transcript -> filters -> spoken mentions ->
the company's entities) with how many were asked back, missed or — never acceptable — wrong; warm
real-time factor (RTF = transcription time / audio duration) on the 5/10/30-s clips; the time to refuse
3–5 s of noise and of silence; peak memory.

Each engine runs in a fresh subprocess (`python -m backend.bench.voice ENGINE RUNS QUICK`) so its peak RSS
(ru_maxrss) is its own. Engines and settings are the bot's (`load_engine`, `VoiceSettings`, weights cached
under FLEETOPS_DATA_DIR/voice); the transcript filters are the bot's (`spoken_text`).
"""

from __future__ import annotations

import importlib.util
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from backend.bench.options import BenchOptions
from backend.bench.report import median, metric, result, skipped

CLIPS = {"5s": "canastillas_5s.ogg", "10s": "vence_10s.ogg", "30s": "ruta_30s.ogg"}
NOISE = ("human/ruido_3s.ogg", "noise_4s.ogg", "human/ruido_5s.ogg", "silence_4s.ogg")
ENGINES = ("openai-whisper", "faster-whisper")
DEFAULT_ENGINE = "faster-whisper"
COMPANY = "frigorifico-andino"  # the RTF and noise clips' company
QUICK_CLIPS = 6
_MODULES = {"openai-whisper": "whisper", "faster-whisper": "faster_whisper"}  # the `voice` extra
_TIMEOUT_S = 1800


def _clip_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "tests" / "data" / "voice"


def _worker(engine_name: str, runs: int, quick: bool, clip_dir: Path | None = None) -> dict[str, Any]:
    """In the child: load the engine, run the clip set, the RTF clips and the noise; JSON-able figures."""
    from backend.bench.voice_clips import CLIP_DIR, clips, doubts, judge, settled_text
    from backend.contract import SpokenDoubt
    from bot.voice.audio import decode_audio, duration_seconds
    from bot.voice.config import VoiceSettings
    from bot.voice.engines import load_engine
    from bot.voice.hearing import listen

    settings = VoiceSettings(engine=engine_name)
    t0 = time.perf_counter()
    engine = load_engine(settings)
    load_s = time.perf_counter() - t0

    def hear(data: bytes, company: str = COMPANY) -> dict[str, Any]:
        """The bot's path: decode, `bot.voice.hearing.listen` (silence, engine, filters, the second
        decoding), then the slots settled on the audio (`voice_clips.settled_text`)."""
        started, cpu = time.perf_counter(), time.process_time()
        samples = decode_audio(data, max_seconds=settings.max_seconds)
        heard = listen(engine, samples, settings)
        heard_s = time.perf_counter() - started
        text, settled, clear = settled_text(engine, heard, company)
        rescored_s = time.perf_counter() - started
        unconfirmed = doubts(engine, heard, company)
        return {
            "text": text,
            "clear": list(clear),
            "doubts": [d.model_dump() for d in unconfirmed],
            "heard": heard.text,
            "partial": heard.partial,
            "settled": settled,
            "seconds": time.perf_counter() - started,
            "cpu_s": time.process_time() - cpu,
            "rescore_s": rescored_s - heard_s,
            "confirm_s": time.perf_counter() - started - rescored_s,
            "audio_s": duration_seconds(samples),
        }

    hear((_clip_dir() / CLIPS["5s"]).read_bytes())  # warm-up
    verdicts: dict[str, dict[str, Any]] = {}
    chosen = clips(clip_dir or CLIP_DIR)
    for clip in chosen[:QUICK_CLIPS] if quick else chosen:
        h = hear(clip["path"].read_bytes(), clip["company"])
        verdict, outcome = judge(clip, h["text"], [SpokenDoubt(**d) for d in h["doubts"]], tuple(h["clear"]))
        verdicts[clip["name"]] = {
            "verdict": verdict,
            "verdict_heard": judge(clip, h["heard"])[0],
            "verdict_unconfirmed": judge(clip, h["text"])[0],
            "doubts": h["doubts"],
            "clear": h["clear"],
            "transcript": h["text"],
            "heard": h["heard"] or h["partial"],
            "question": outcome.question,
            "answer": outcome.answer,
            "seconds": h["seconds"],
            "rescore_s": h["rescore_s"],
            "confirm_s": h["confirm_s"],
            "audio_s": h["audio_s"],
        }
    rtf = {}
    for label, name in ({"5s": CLIPS["5s"]} if quick else CLIPS).items():
        data = (_clip_dir() / name).read_bytes()
        timings = [hear(data) for _ in range(runs)]
        rtf[label] = {
            "warm_s": [t["seconds"] for t in timings],
            "confirm_s": [t["confirm_s"] for t in timings],
            "cpu_s": [t["cpu_s"] for t in timings],
            "audio_s": timings[0]["audio_s"],
        }
    noise = {}
    for name in NOISE:
        h = hear((_clip_dir() / name).read_bytes())
        noise[name] = {
            "refused": h["text"] == "",
            "seconds": h["seconds"],
            "cpu_s": h["cpu_s"],
            "audio_s": h["audio_s"],
            "text": h["text"],
        }
    return {
        "load_s": load_s,
        "clips": verdicts,
        "rtf": rtf,
        "noise": noise,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _child(engine: str, runs: int, quick: bool, clip_dir: Path | None) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "backend.bench.voice", engine, str(runs), str(int(quick)), str(clip_dir or "")],
        capture_output=True,
        text=True,
        timeout=_TIMEOUT_S,
        cwd=Path(__file__).resolve().parents[2],
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{engine}: {proc.stderr.strip().splitlines()[-1:]}")
    report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


def _metrics(engine: str, d: dict[str, Any]) -> list[dict[str, Any]]:
    default = engine == DEFAULT_ENGINE
    verdicts = [c["verdict"] for c in d["clips"].values()]
    n = len(verdicts)
    out = [
        metric(
            f"{engine}: human clips resolved right ({n}, after {d['load_s']:.1f} s load)",
            100 * verdicts.count("right") / n,
            "%",
            "≥ 95" if default else None,
        ),
        metric(f"{engine}: asked back (candidates / «no entendí»)", verdicts.count("asked"), "clips"),
        metric(f"{engine}: missed (nothing resolved)", verdicts.count("missed"), "clips"),
        metric(f"{engine}: wrong entity", verdicts.count("wrong"), "clips", "0"),
        metric(
            f"{engine}: resolved right from the transcript alone (before rescoring)",
            [c["verdict_heard"] for c in d["clips"].values()].count("right"),
            "clips",
        ),
    ]
    rescored = [c["rescore_s"] for c in d["clips"].values() if c["rescore_s"] > 0.005]
    if rescored:
        out.append(
            metric(f"{engine}: rescoring time, median of {len(rescored)} notes with slots", median(rescored), "s")
        )
    confirmed = [c["confirm_s"] for c in d["clips"].values() if c["confirm_s"] > 0.005]
    if confirmed:
        out += [
            metric(
                f"{engine}: confirming a code said as a number, median of {len(confirmed)} notes",
                median(confirmed),
                "s",
            ),
            metric(
                f"{engine}: codes the audio did not confirm (asked back)",
                sum(bool(c["doubts"]) for c in d["clips"].values()),
                "clips",
            ),
            metric(
                f"{engine}: wrong entity without the confirmation",
                [c["verdict_unconfirmed"] for c in d["clips"].values()].count("wrong"),
                "clips",
            ),
        ]
    for label, r in d["rtf"].items():
        out.append(
            metric(f"{engine} {label}: RTF warm", median(r["warm_s"]) / r["audio_s"], "×", "≤ 0.3" if default else None)
        )
        out.append(
            metric(f"{engine} {label}: CPU time / audio (less load-sensitive)", median(r["cpu_s"]) / r["audio_s"], "×")
        )
    for name, r in d["noise"].items():
        label = Path(name).stem
        out.append(
            metric(
                f"{engine} {label}: refused in{'' if r['refused'] else ' (NOT refused)'}",
                r["seconds"],
                "s",
                "< 2" if default else None,
            )
        )
    out.append(metric(f"{engine}: peak RSS", d["peak_rss_mb"], "MB"))
    return out


def run(opts: BenchOptions) -> dict[str, Any]:
    wanted = opts.voice_engines or list(ENGINES)
    engines = [e for e in wanted if importlib.util.find_spec(_MODULES[e]) is not None]
    if not engines:
        return skipped(f"voice extra not installed ({', '.join(_MODULES[e] for e in wanted)})")
    metrics, details, failures = [], {}, {}
    for engine in engines:
        try:
            d = _child(engine, opts.runs, opts.quick, opts.voice_clips)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            failures[engine] = str(exc)[:300]
            continue
        details[engine] = d
        metrics += _metrics(engine, d)
    if not metrics:
        return skipped(f"no engine ran: {failures}", status="error")
    res = result(metrics, {"engines": details, "failures": failures})
    res["notes"] = [f"{k} failed: {v}" for k, v in failures.items()] + [
        f"{engine} {name}: {c['verdict']}: «{c['transcript']}» -> {c['answer'] or c['question']}"
        for engine, d in details.items()
        for name, c in d["clips"].items()
        if c["verdict"] in ("wrong", "missed")
    ]
    return res


if __name__ == "__main__":
    print(
        json.dumps(
            _worker(
                sys.argv[1],
                int(sys.argv[2]),
                sys.argv[3] == "1",
                Path(sys.argv[4]) if sys.argv[4:] and sys.argv[4] else None,
            )
        )
    )
