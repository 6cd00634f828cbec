"""Realistic questions and answers built from a company's own CSV files (codes, names, plates exist).

`ask_mix(dir, slug)` is the /v1/ask benchmark's mix: (question, history) pairs cycling through entity
by code, by name, by plate, a follow-up carrying 6 pairs of history, and expiries.
`conversation(dir, slug, turns)` is the scripted chat for the prompt-size benchmark: (question, answer)
with answers of realistic length (some beyond the 400-character memory limit).
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

#: One /v1/ask of the mix: (kind, question, history as [{"q": …, "a": …}]).
AskItem = tuple[str, str, list[dict[str, str]]]


def _rows(directory: Path, name: str, slug: str) -> list[dict[str, str]]:
    with (directory / name).open(encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f) if r["company"] == slug]


def _name_fragment(name: str) -> str:
    words = [w for w in name.split() if w.isalpha() and len(w) > 2]
    return " ".join(words[-2:]).lower() if words else name


def _answer(rng: random.Random, code: str, name: str, long: bool) -> str:
    base = (
        f"El cliente {code} ({name}) tiene 298 canastillas y 40 estibas en préstamo. Su último "
        f"movimiento fue una entrega de 60 canastillas el 28 de noviembre con la remisión R-10432. "
    )
    extra = (
        "Además devolvió 12 estibas el 25 de noviembre y tiene un saldo estable desde octubre; si "
        "quiere, le muestro los últimos diez movimientos o el detalle por tipo de activo. "
    )
    return base + (extra * rng.randint(2, 4) if long else "")


def entities(directory: Path, slug: str) -> tuple[list[dict[str, str]], list[str]]:
    clients = _rows(directory, "clients.csv", slug)
    plates = [r["plate"] for r in _rows(directory, "vehicles.csv", slug)]
    if not clients or not plates:
        raise ValueError(f"no clients or vehicles for {slug} in {directory}")
    return clients, plates


def ask_mix(directory: Path, slug: str, n: int, seed: int = 11) -> list[AskItem]:
    """n (kind, question, history) tuples in a fixed order: code, name, plate, follow-up, expiries, fleet."""
    rng = random.Random(seed)
    clients, plates = entities(directory, slug)
    out: list[AskItem] = []
    for i in range(n):
        c = rng.choice(clients)
        kind = ("code", "name", "plate", "follow_up", "expiries", "fleet")[i % 6]
        if kind == "code":
            out.append((kind, f"¿Cuántas canastillas tiene el cliente {c['code']}?", []))
        elif kind == "name":
            out.append((kind, f"¿Qué saldo tiene {_name_fragment(c['name'])}?", []))
        elif kind == "plate":
            p = rng.choice(plates)
            out.append((kind, f"¿Cuándo vence el SOAT del {p[:3]} {p[3:]}?", []))
        elif kind == "follow_up":
            hist = []
            for _ in range(6):
                h = rng.choice(clients)
                hist.append(
                    {
                        "q": f"¿Y el {h['code']}, cuántas estibas debe?",
                        "a": _answer(rng, h["code"], h["name"], long=True)[:400],
                    }
                )
            out.append((kind, "¿Y de esos, cuál devolvió más la semana pasada?", hist))
        elif kind == "expiries":
            out.append((kind, "¿Qué documentos vencen en los próximos 30 días?", []))
        else:
            out.append(
                (
                    kind,
                    rng.choice(
                        [
                            "¿Cuántas canastillas hay en la calle?",
                            "los 5 clientes con más canastillas",
                            "¿Cuántas canastillas despachamos ayer?",
                            "remisiones de la semana pasada",
                            "clientes con saldo negativo",
                        ]
                    ),
                    [],
                )
            )
    return out


def conversation(directory: Path, slug: str, turns: int, seed: int = 5) -> list[tuple[str, str]]:
    """A scripted chat of `turns` (question, answer) exchanges about real entities of `slug`."""
    rng = random.Random(seed)
    clients, plates = entities(directory, slug)
    out = []
    for i in range(turns):
        c = clients[(i * 7) % len(clients)]
        p = plates[i % len(plates)]
        kind = i % 4
        if kind == 0:
            q = f"¿Cuántas canastillas tiene el cliente {c['code']}?"
        elif kind == 1:
            q = "¿Y cuántas estibas? ¿Cuándo fue su última devolución?"
        elif kind == 2:
            q = f"¿El vehículo {p} tiene los papeles al día? ¿Quién lo maneja?"
        else:
            q = f"Dame el saldo de {_name_fragment(c['name'])} y compáralo con el mes pasado."
        out.append((q, _answer(rng, c["code"], c["name"], long=rng.random() < 0.5)))
    return out
