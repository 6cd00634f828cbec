"""`fleetops demo-data`: generate a synthetic company in the CSV import format (for benchmarks).

Deterministic for a given seed. Writes the seven import files into a directory; load them with
`fleetops import DIR`.
"""

from __future__ import annotations

import argparse
import csv
import random
import string
from datetime import date, datetime, timedelta
from pathlib import Path

from backend.importer.rows import COLUMNS

_FIRST = ["DISTRIBUIDORA", "COMERCIAL", "SUPERMERCADO", "MINIMERCADO", "TIENDA", "AUTOSERVICIO", "CARNES", "FRUVER"]
_SECOND = [
    "EL SOL",
    "LA ECONOMÍA",
    "PUERTO CLARO",
    "BAHÍA SOLANA",
    "LOS ANDES",
    "SAN JOSÉ",
    "LA 14",
    "EL TREBOL",
    "DOÑA MARÍA",
    "LA CAMPIÑA",
    "EL PORVENIR",
    "SANTA LUCÍA",
]
_CITIES = ["Medellín", "Bogotá", "Cali", "Barranquilla", "Rionegro", "Bello", "Itagüí", "Envigado", "Pereira"]
_NAMES = ["Andrés", "Diana", "Carlos", "Marta", "Jhon", "Luisa", "Diego", "Paola", "Jorge", "Sandra"]
_SURNAMES = ["Arango", "Muñoz", "Londoño", "Mejía", "Peña", "Gómez", "Restrepo", "Zapata", "Ríos", "Cárdenas"]


def generate(
    directory: Path,
    *,
    clients: int,
    vehicles: int,
    movements: int,
    seed: int = 7,
    slug: str = "empresa-grande",
    as_of: date = date(2026, 12, 1),
) -> dict[str, int]:
    """Write the import files for one company into `directory`; returns rows written per file."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    plates: list[str] = []
    seen: set[str] = set()
    while len(plates) < vehicles:
        plate = "".join(rng.choices(string.ascii_uppercase, k=3)) + f"{rng.randrange(1000):03d}"
        if plate not in seen:
            seen.add(plate)
            plates.append(plate)
    client_codes = [str(100 + i) for i in range(clients)]
    drivers = [str(10_000_000 + i) for i in range(max(1, vehicles))]
    rows: dict[str, list[list[object]]] = {
        "companies.csv": [[slug, "Distribuidora Grande S.A.S.", "America/Bogota"]],
        "clients.csv": [
            [slug, code, f"{rng.choice(_FIRST)} {rng.choice(_SECOND)} {code}", rng.choice(_CITIES)]
            for code in client_codes
        ],
        "asset_types.csv": [
            [slug, "CAN", "canastilla", "canastillas"],
            [slug, "EST", "estiba", "estibas"],
            [slug, "TAP", "tapa", "tapas"],
        ],
        "vehicles.csv": [
            [slug, p, rng.choice(["furgón", "camión", "motocarro"]), "Chevrolet NHR", rng.randrange(2010, 2026), "true"]
            for p in plates
        ],
        "drivers.csv": [
            [
                slug,
                doc,
                f"{rng.choice(_NAMES)} {rng.choice(_SURNAMES)} {rng.choice(_SURNAMES)}",
                f"+57 3{rng.randrange(10**8, 10**9)}",
                (as_of + timedelta(days=rng.randrange(-30, 900))).isoformat(),
                plates[i] if i < len(plates) else "",
            ]
            for i, doc in enumerate(drivers)
        ],
        "vehicle_documents.csv": [],
        "movements.csv": [],
    }
    for p in plates:
        for doc_type in ("SOAT", "TECNOMECANICA", "POLIZA_RC"):
            expires = as_of + timedelta(days=rng.randrange(-20, 365))
            rows["vehicle_documents.csv"].append(
                [
                    slug,
                    p,
                    doc_type,
                    f"{doc_type[:3]}-{rng.randrange(10**7, 10**8)}",
                    (expires - timedelta(days=365)).isoformat(),
                    expires.isoformat(),
                ]
            )
    start = datetime.combine(as_of - timedelta(days=365), datetime.min.time()).replace(hour=6)
    out = rows["movements.csv"]
    for code in client_codes[: min(clients, movements)]:
        out.append([slug, start.isoformat(), "opening", "", code, "CAN", rng.randrange(10, 120), "", ""])
    note = 100_000
    while len(out) < movements:
        note += 1
        at = start + timedelta(minutes=rng.randrange(1, 365 * 24 * 60))
        code = rng.choice(client_codes)
        vehicle_index = rng.randrange(len(plates)) if plates else None
        plate = plates[vehicle_index] if vehicle_index is not None else ""
        driver = drivers[vehicle_index] if vehicle_index is not None and vehicle_index < len(drivers) else ""
        for asset in rng.sample(["CAN", "EST", "TAP"], k=rng.randrange(1, 3)):
            kind = rng.choice(["dispatch", "return"])
            quantity = rng.randrange(1, 60) * (1 if kind == "dispatch" else -1)
            out.append([slug, at.isoformat(timespec="seconds"), kind, str(note), code, asset, quantity, plate, driver])
    del out[movements:]
    for name, data in rows.items():
        with open(directory / name, "w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(COLUMNS[name])
            writer.writerows(data)
    return {name: len(data) for name, data in rows.items()}


def cmd_demo_data(args: argparse.Namespace) -> int:
    counts = generate(
        Path(args.out),
        clients=args.clients,
        vehicles=args.vehicles,
        movements=args.movements,
        seed=args.seed,
        slug=args.company,
    )
    for name, n in counts.items():
        print(f"{name}: {n} filas")
    print(f"Listo. Cárgalo con: fleetops import {args.out}")
    return 0
