"""Result shapes, statistics helpers, the printed table and the JSON file.

A benchmark result is a dict:
    {"status": "ok" | "skipped" | "error", "reason": str | None,
     "metrics": [{"metric": str, "value": float | int | None, "unit": str, "target": str | None}],
     "details": {...free-form, JSON-serialisable...}, "notes": [str, ...] (optional, printed after the table)}
The JSON file is {"schema": 1, "started_at": ISO-8601 UTC, "machine": {...}, "quick": bool,
"runs": int, "benchmarks": {name: result}}.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any


def metric(name: str, value: float | int | None, unit: str, target: str | None = None) -> dict[str, Any]:
    """One row of the table; `value` None means "not measured"."""
    if isinstance(value, float):
        value = round(value, 3)
    return {"metric": name, "value": value, "unit": unit, "target": target}


def result(metrics: list[dict[str, Any]], details: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"status": "ok", "reason": None, "metrics": metrics, "details": details or {}}


def skipped(reason: str, status: str = "skipped") -> dict[str, Any]:
    return {"status": status, "reason": reason, "metrics": [], "details": {}}


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0–100) by linear interpolation; ValueError on an empty sequence."""
    if not values:
        raise ValueError("no values")
    xs = sorted(values)
    k = (len(xs) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def median(values: Iterable[float]) -> float:
    return float(statistics.median(list(values)))


def machine() -> dict[str, Any]:
    """Facts printed next to every figure: core count, CPU model, Python, OS."""
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    affinity: int | None
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    return {
        "cores": os.cpu_count(),
        "usable_cores": affinity,
        "cpu": cpu,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
    }


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        if abs(value) >= 100:
            return f"{value:,.0f}"
        return f"{value:.2f}" if abs(value) >= 1 else f"{value:.3f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(report: dict[str, Any]) -> str:
    """The whole report as one plain-text table."""
    m = report["machine"]
    head = (
        f"fleetops bench — {m['cores']} cores ({m['usable_cores']} usable), {m['cpu']}, "
        f"Python {m['python']}; medians of {report['runs']} runs{' (quick)' if report['quick'] else ''}"
    )
    rows = [("benchmark", "metric", "value", "unit", "target")]
    for name, res in report["benchmarks"].items():
        if res["status"] != "ok":
            rows.append((name, f"{res['status']}: {res['reason']}", "", "", ""))
            continue
        for r in res["metrics"]:
            rows.append((name, r["metric"], _fmt(r["value"]), r["unit"], r["target"] or ""))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [head, ""]
    for i, row in enumerate(rows):
        lines.append(
            "  ".join(
                c.rjust(w) if j == 2 else c.ljust(w) for j, (c, w) in enumerate(zip(row, widths, strict=False))
            ).rstrip()
        )
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    for name, res in report["benchmarks"].items():
        for note in res.get("notes") or []:
            lines.append(f"[{name}] {note}")
    return "\n".join(lines)


def write_json(report: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
