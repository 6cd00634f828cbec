"""(4) Voice: wall time and real-time factor (RTF = transcription time / audio duration) per engine
for the committed Spanish clips (tests/data/voice: 5 s, 10 s, 30 s), first call and warm, peak memory.

Each (engine, clip) runs in a fresh subprocess (`python -m backend.bench.voice ENGINE CLIP RUNS`) so
that "first call" really is the first transcription after loading, and the process's peak RSS
(ru_maxrss) is the engine's own. Engines and settings are the bot's (`bot.voice.engines.load_engine`,
`bot.voice.config.VoiceSettings`, weights cached under FLEETOPS_DATA_DIR/voice).
"""

from __future__ import annotations

import importlib.util
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from backend.bench.options import BenchOptions
from backend.bench.report import median, metric, result, skipped

CLIPS = {"5s": "canastillas_5s.ogg", "10s": "vence_10s.ogg", "30s": "ruta_30s.ogg"}
ENGINES = ("openai-whisper", "faster-whisper")
DEFAULT_ENGINE = "openai-whisper"
_MODULES = {"openai-whisper": "whisper", "faster-whisper": "faster_whisper"}  # the `voice` extra
_TIMEOUT_S = 900


def _clip_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "tests" / "data" / "voice"


def _worker(engine_name: str, clip: Path, runs: int) -> dict:
    """In the child: load, transcribe once (first call), then `runs` warm calls; JSON-able timings."""
    from bot.voice.audio import decode_audio, duration_seconds
    from bot.voice.config import VoiceSettings
    from bot.voice.engines import load_engine

    settings = VoiceSettings(engine=engine_name)
    t0 = time.perf_counter()
    engine = load_engine(settings)
    load_s = time.perf_counter() - t0
    samples = decode_audio(clip.read_bytes(), max_seconds=settings.max_seconds)
    audio_s = duration_seconds(samples)
    t0 = time.perf_counter()
    text = engine.transcribe(samples).text
    first_s = time.perf_counter() - t0
    warm = []
    for _ in range(runs):
        t0 = time.perf_counter()
        engine.transcribe(samples)
        warm.append(time.perf_counter() - t0)
    return {"load_s": load_s, "audio_s": audio_s, "first_s": first_s, "warm_s": warm,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "text": text}


def _child(engine: str, clip: Path, runs: int) -> dict:
    proc = subprocess.run([sys.executable, "-m", "backend.bench.voice", engine, str(clip), str(runs)],
                          capture_output=True, text=True, timeout=_TIMEOUT_S, cwd=Path(__file__).resolve().parents[2])
    if proc.returncode != 0:
        raise RuntimeError(f"{engine} on {clip.name}: {proc.stderr.strip().splitlines()[-1:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run(opts: BenchOptions) -> dict:
    wanted = opts.voice_engines or list(ENGINES)
    engines = [e for e in wanted if importlib.util.find_spec(_MODULES[e]) is not None]
    if not engines:
        return skipped(f"voice extra not installed ({', '.join(_MODULES[e] for e in wanted)})")
    clips = {"5s": CLIPS["5s"]} if opts.quick else CLIPS
    missing = [c for c in clips.values() if not (_clip_dir() / c).is_file()]
    if missing:
        return skipped(f"clips missing: {', '.join(missing)}")
    metrics, details, failures = [], {}, {}
    for engine in engines:
        for label, name in clips.items():
            try:
                d = _child(engine, _clip_dir() / name, opts.runs)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                failures[f"{engine}/{label}"] = str(exc)[:300]
                continue
            details[f"{engine}/{label}"] = d
            warm = median(d["warm_s"])
            target = "≤ 0.3" if engine == DEFAULT_ENGINE else None
            metrics += [metric(f"{engine} {label}: first call (after {d['load_s']:.1f} s load)", d["first_s"], "s"),
                        metric(f"{engine} {label}: warm", warm, "s"),
                        metric(f"{engine} {label}: RTF warm", warm / d["audio_s"], "×", target),
                        metric(f"{engine} {label}: peak RSS", d["peak_rss_mb"], "MB")]
    if not metrics:
        return skipped(f"no engine ran: {failures}", status="error")
    res = result(metrics, {"clips": details, "failures": failures})
    res["notes"] = [f"{k} failed: {v}" for k, v in failures.items()]
    return res


if __name__ == "__main__":
    print(json.dumps(_worker(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]))))
