"""Load a directory of CSV files (format in `backend.importer.rows`) into the database.

One transaction per run: any bad row anywhere loads nothing. Upserts by natural key, so importing the
same files twice leaves the same data; movements carry a fingerprint (row content + repeat index) so
they never double.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

import asyncpg

from backend.core.text import fold
from backend.importer.rows import COLUMNS, RowError, parse_file

MAX_ERRORS_SHOWN = 50


class ImportFailed(Exception):
    """The import was rolled back. `errors` lists every rejected row (file, line, reason)."""

    def __init__(self, errors: list[RowError]) -> None:
        self.errors = errors
        shown = "\n".join(f"  {e}" for e in errors[:MAX_ERRORS_SHOWN])
        more = f"\n  … y {len(errors) - MAX_ERRORS_SHOWN} errores más" if len(errors) > MAX_ERRORS_SHOWN else ""
        super().__init__(f"importación cancelada, no se cargó nada ({len(errors)} errores):\n{shown}{more}")


@dataclass
class ImportReport:
    """Per file: rows read and rows that were new (the rest updated or already present)."""

    rows: dict[str, int] = field(default_factory=dict)
    new: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return [f"{name}: {self.rows[name]} filas ({self.new[name]} nuevas)" for name in self.rows]


async def import_dir(conn: asyncpg.Connection, directory: Path) -> ImportReport:
    """Import every known CSV present in `directory`; raises ImportFailed (nothing loaded) on bad rows."""
    present = [name for name in COLUMNS if (directory / name).is_file()]
    if not present:
        raise ImportFailed(
            [RowError(str(directory), 0, f"no hay ningún archivo de importación ({', '.join(COLUMNS)})")]
        )
    errors: list[RowError] = []
    parsed = {name: parse_file(directory / name, errors) for name in present}
    if errors:
        raise ImportFailed(errors)
    report = ImportReport()
    async with conn.transaction():
        loader = _Loader(conn, errors, report)
        for name in present:
            await getattr(loader, name.removesuffix(".csv"))(name, parsed[name])
            if errors:  # later files may reference this one: stop here
                raise ImportFailed(errors)  # rolls the transaction back
    return report


class _Loader:
    def __init__(self, conn: asyncpg.Connection, errors: list[RowError], report: ImportReport) -> None:
        self.conn, self.errors, self.report = conn, errors, report
        self._companies: dict[str, tuple[int, str]] | None = None

    async def _upsert(self, name: str, sql: str, columns: list[list]) -> None:
        if self.errors:  # a row of this file was refused: write nothing (the import fails anyway)
            return
        inserted = await self.conn.fetch(sql, *columns)
        self.report.rows[name] = len(inserted)
        self.report.new[name] = sum(1 for r in inserted if r["inserted"])

    async def companies_by_slug(self) -> dict[str, tuple[int, str]]:
        if self._companies is None:
            rows = await self.conn.fetch("SELECT slug, id, timezone FROM companies")
            self._companies = {r["slug"]: (r["id"], r["timezone"]) for r in rows}
        return self._companies

    async def _company_id(self, name: str, line: int, slug: str) -> int | None:
        found = (await self.companies_by_slug()).get(slug.lower())
        if found is None:
            self.errors.append(RowError(name, line, f"empresa desconocida: {slug!r}"))
            return None
        return found[0]

    async def _lookup(self, sql: str, company_ids: set[int]) -> dict[tuple[int, str], int]:
        rows = await self.conn.fetch(sql, list(company_ids))
        return {(r["company_id"], r["key"]): r["id"] for r in rows}

    async def companies(self, name: str, rows: list[tuple[int, dict]]) -> None:
        # The views compute "today" with PostgreSQL's own tz database: it must know the name too.
        known = {r["name"] for r in await self.conn.fetch("SELECT name FROM pg_timezone_names")}
        for line, r in rows:
            if r["timezone"] not in known:
                reason = f"zona horaria desconocida para PostgreSQL: {r['timezone']!r}"
                self.errors.append(RowError(name, line, reason))
        await self._upsert(
            name,
            """
            INSERT INTO companies (slug, name, timezone) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
            ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone
            RETURNING (xmax = 0) AS inserted""",
            [[r["slug"] for _, r in rows], [r["name"] for _, r in rows], [r["timezone"] for _, r in rows]],
        )
        self._companies = None

    async def _with_company(self, name: str, rows: list[tuple[int, dict]]) -> list[tuple[int, int, dict]]:
        out = []
        for line, r in rows:
            cid = await self._company_id(name, line, r["company"])
            if cid is not None:
                out.append((line, cid, r))
        return out

    async def clients(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        await self._upsert(
            name,
            """
            INSERT INTO clients (company_id, code, name, name_folded, city)
            SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])
            ON CONFLICT (company_id, code) DO UPDATE
              SET name = EXCLUDED.name, name_folded = EXCLUDED.name_folded, city = EXCLUDED.city
            RETURNING (xmax = 0) AS inserted""",
            [
                [c for _, c, _ in rs],
                [r["code"] for *_, r in rs],
                [r["name"] for *_, r in rs],
                [fold(r["name"]) for *_, r in rs],
                [r["city"] for *_, r in rs],
            ],
        )

    async def asset_types(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        await self._upsert(
            name,
            """
            INSERT INTO asset_types (company_id, code, name, plural_name)
            SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
            ON CONFLICT (company_id, code) DO UPDATE SET name = EXCLUDED.name, plural_name = EXCLUDED.plural_name
            RETURNING (xmax = 0) AS inserted""",
            [
                [c for _, c, _ in rs],
                [r["code"] for *_, r in rs],
                [r["name"] for *_, r in rs],
                [r["plural_name"] for *_, r in rs],
            ],
        )

    async def vehicles(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        await self._upsert(
            name,
            """
            INSERT INTO vehicles (company_id, plate, kind, brand_model, model_year, active)
            SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bool[])
            ON CONFLICT (company_id, plate) DO UPDATE SET kind = EXCLUDED.kind, brand_model = EXCLUDED.brand_model,
              model_year = EXCLUDED.model_year, active = EXCLUDED.active
            RETURNING (xmax = 0) AS inserted""",
            [
                [c for _, c, _ in rs],
                *([r[k] for *_, r in rs] for k in ("plate", "kind", "brand_model", "model_year", "active")),
            ],
        )

    async def _vehicle_ids(self, company_ids: set[int]) -> dict[tuple[int, str], int]:
        return await self._lookup(
            "SELECT company_id, plate AS key, id FROM vehicles WHERE company_id = ANY($1)", company_ids
        )

    def _ref(self, refs: dict, name: str, line: int, cid: int, key: str | None, what: str) -> int | None:
        if key is None:
            return None
        found = refs.get((cid, key))
        if found is None:
            self.errors.append(RowError(name, line, f"{what} desconocido: {key!r}"))
        return found

    async def drivers(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        vehicles = await self._vehicle_ids({c for _, c, _ in rs})
        vids = [self._ref(vehicles, name, line, c, r["vehicle_plate"], "vehículo (placa)") for line, c, r in rs]
        await self._upsert(
            name,
            """
            INSERT INTO drivers (company_id, document_number, full_name, name_folded, phone, license_expires_on,
                                 vehicle_id)
            SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::int[])
            ON CONFLICT (company_id, document_number) DO UPDATE SET full_name = EXCLUDED.full_name,
              name_folded = EXCLUDED.name_folded, phone = EXCLUDED.phone,
              license_expires_on = EXCLUDED.license_expires_on, vehicle_id = EXCLUDED.vehicle_id
            RETURNING (xmax = 0) AS inserted""",
            [
                [c for _, c, _ in rs],
                [r["document_number"] for *_, r in rs],
                [r["full_name"] for *_, r in rs],
                [fold(r["full_name"]) for *_, r in rs],
                [r["phone"] for *_, r in rs],
                [r["license_expires_on"] for *_, r in rs],
                vids,
            ],
        )

    async def vehicle_documents(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        vehicles = await self._vehicle_ids({c for _, c, _ in rs})
        vids = [self._ref(vehicles, name, line, c, r["plate"], "vehículo (placa)") for line, c, r in rs]
        keep = [(v, c, r) for v, (_, c, r) in zip(vids, rs, strict=True) if v is not None]
        await self._upsert(
            name,
            """
            INSERT INTO vehicle_documents (company_id, vehicle_id, doc_type, number, issued_on, expires_on)
            SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::date[], $6::date[])
            ON CONFLICT (company_id, vehicle_id, doc_type, number) DO UPDATE
              SET issued_on = EXCLUDED.issued_on, expires_on = EXCLUDED.expires_on
            RETURNING (xmax = 0) AS inserted""",
            [
                [c for _, c, _ in keep],
                [v for v, _, _ in keep],
                *([r[k] for *_, r in keep] for k in ("doc_type", "number", "issued_on", "expires_on")),
            ],
        )

    async def movements(self, name: str, rows: list[tuple[int, dict]]) -> None:
        rs = await self._with_company(name, rows)
        cids = {c for _, c, _ in rs}
        clients = await self._lookup("SELECT company_id, code AS key, id FROM clients WHERE company_id = ANY($1)", cids)
        assets = await self._lookup(
            "SELECT company_id, code AS key, id FROM asset_types WHERE company_id = ANY($1)", cids
        )
        drivers = await self._lookup(
            "SELECT company_id, document_number AS key, id FROM drivers WHERE company_id = ANY($1)", cids
        )
        vehicles = await self._vehicle_ids(cids)
        zones = {cid: ZoneInfo(tz) for cid, tz in (await self.companies_by_slug()).values()}
        seen: Counter[tuple] = Counter()
        records = []
        for line, cid, r in rs:
            client = self._ref(clients, name, line, cid, r["client_code"], "cliente (código)")
            asset = self._ref(assets, name, line, cid, r["asset_type"], "tipo de activo")
            vehicle = self._ref(vehicles, name, line, cid, r["vehicle_plate"], "vehículo (placa)")
            driver = self._ref(drivers, name, line, cid, r["driver_document"], "conductor (documento)")
            at = r["occurred_at"]
            at = at if at.tzinfo else at.replace(tzinfo=zones[cid])
            key = (
                cid,
                at.isoformat(),
                r["kind"],
                r["delivery_note"],
                r["client_code"],
                r["asset_type"],
                r["quantity"],
                r["vehicle_plate"],
                r["driver_document"],
            )
            seen[key] += 1
            fingerprint = hashlib.sha256(repr((key, seen[key])).encode()).digest()
            records.append(
                (cid, at, r["kind"], r["delivery_note"], client, asset, r["quantity"], vehicle, driver, fingerprint)
            )
        if self.errors:
            return
        await self.conn.execute("""
            CREATE TEMP TABLE movements_in (LIKE movements INCLUDING DEFAULTS) ON COMMIT DROP""")
        columns = [
            "company_id",
            "occurred_at",
            "kind",
            "delivery_note",
            "client_id",
            "asset_type_id",
            "quantity",
            "vehicle_id",
            "driver_id",
            "fingerprint",
        ]
        await self.conn.copy_records_to_table("movements_in", records=records, columns=columns)
        new = await self.conn.fetchval(f"""
            WITH ins AS (
              INSERT INTO movements ({", ".join(columns)}) SELECT {", ".join(columns)} FROM movements_in
              ON CONFLICT (company_id, fingerprint) DO NOTHING RETURNING 1)
            SELECT count(*) FROM ins""")
        self.report.rows[name] = len(records)
        self.report.new[name] = new
