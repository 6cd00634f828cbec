"""Load a directory of CSV files (format in `backend.importer.rows`) into the database.

One transaction per run: any bad row anywhere loads nothing; a run names every format error of every file
and the reference errors (and remisión headers, `backend.importer.notes`) of its files up to the first
with an error. Upserts by natural key, so importing the
same files twice leaves the same data; movements carry a fingerprint (row content + repeat index) so
they never double.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import asyncpg

from backend.core.text import fold
from backend.importer.asset_names import check_asset_names
from backend.importer.csvfile import not_regular_files
from backend.importer.moments import placed
from backend.importer.notes import NoteLine, check_notes
from backend.importer.outcome import ImportFailed, ImportReport
from backend.importer.rows import COLUMNS, Row, RowError, line_fingerprint, parse_file
from backend.store import import_rows as store
from backend.store.import_rows import KeyedTable, MovementRecord, Upserted
from backend.store.note_headers import stored_headers

__all__ = ["ImportFailed", "ImportReport", "import_dir"]


async def import_dir(conn: asyncpg.Connection, directory: Path, *, today: date | None = None) -> ImportReport:
    """Import every known CSV present in `directory`; raises ImportFailed (nothing loaded) on bad rows.
    `today` (`fleetops import`: FLEETOPS_TODAY or the system date): a movement dated more than a day
    after it in its company's timezone is refused (a typed year, 2062 for 2026, counted in every saldo)."""
    if not_files := not_regular_files(directory, COLUMNS):  # a FIFO movements.csv was skipped silently
        raise ImportFailed(not_files)
    present = [name for name in COLUMNS if (directory / name).is_file()]
    if not present:
        raise ImportFailed(
            [RowError(str(directory), 0, f"no hay ningún archivo de importación ({', '.join(COLUMNS)})")]
        )
    unread: list[RowError] = []  # format errors: every file's, said with the references of the same run
    parsed = {name: parse_file(directory / name, unread) for name in present}
    report = ImportReport()
    async with conn.transaction():
        loader = _Loader(conn, [], report, today)
        for name in present:  # the lines that could be read are checked against the database too
            await getattr(loader, name.removesuffix(".csv"))(name, parsed[name])
            if loader.errors or any(e.file == name for e in unread):  # later files may reference this one
                order = {n: i for i, n in enumerate(present)}
                errors = sorted(unread + loader.errors, key=lambda e: (order.get(e.file, -1), e.line))
                raise ImportFailed(errors)  # rolls the transaction back
    return report


Lines = list[tuple[int, Row]]


class _Loader:
    """One method per import file (named like it), run in file order inside the import's transaction.
    Rows whose references fail are reported in `errors`; once there is one, nothing more is written."""

    def __init__(
        self, conn: asyncpg.Connection, errors: list[RowError], report: ImportReport, today: date | None = None
    ) -> None:
        self.conn, self.errors, self.report, self.today = conn, errors, report, today
        self._companies: dict[str, tuple[int, str]] | None = None

    def _count(self, name: str, upserted: Upserted) -> None:
        self.report.rows[name] = upserted.rows
        self.report.new[name] = upserted.new

    async def companies_by_slug(self) -> dict[str, tuple[int, str]]:
        if self._companies is None:
            self._companies = {c.slug: (c.id, c.timezone) for c in await store.companies(self.conn)}
        return self._companies

    async def _company_id(self, name: str, line: int, slug: str) -> int | None:
        found = (await self.companies_by_slug()).get(slug.lower())
        if found is None:
            self.errors.append(RowError(name, line, f"empresa desconocida: {slug!r}"))
            return None
        return found[0]

    async def _ids(self, table: KeyedTable, company_ids: set[int]) -> dict[tuple[int, str], int]:
        return await store.ids_by_key(self.conn, table=table, company_ids=company_ids)

    async def companies(self, name: str, rows: Lines) -> None:
        # The views compute "today" with PostgreSQL's own tz database: it must know the name too.
        known = await store.timezone_names(self.conn)
        for line, r in rows:
            if r["timezone"] not in known:
                reason = f"zona horaria desconocida para PostgreSQL: {r['timezone']!r}"
                self.errors.append(RowError(name, line, reason))
        await self._refuse_moved_zones(name, rows)
        if not self.errors:  # a row of this file was refused: write nothing (the import fails anyway)
            self._count(
                name,
                await store.upsert_companies(
                    self.conn,
                    slugs=[r["slug"] for _, r in rows],
                    names=[r["name"] for _, r in rows],
                    timezones=[r["timezone"] for _, r in rows],
                ),
            )
        self._companies = None

    async def _refuse_moved_zones(self, name: str, rows: Lines) -> None:
        """A company that has movements keeps its timezone: its movements' local times were read in it
        (`movements`), so another zone would shift every one of them and make each line of the same
        file a new movement when imported again (every balance counted twice)."""
        existing = await self.companies_by_slug()
        changed = [
            (line, r, existing[r["slug"]])
            for line, r in rows
            if existing.get(r["slug"], (0, r["timezone"]))[1] != r["timezone"]
        ]
        if not changed:
            return
        moved = await store.companies_with_movements(self.conn, company_ids=[cid for _, _, (cid, _) in changed])
        for line, r, (cid, zone) in changed:
            if cid in moved:
                reason = (
                    f"la empresa {r['slug']!r} ya tiene movimientos leídos en la zona horaria {zone!r}: cambiarla a "
                    f"{r['timezone']!r} correría la hora de todos y, al importarlos otra vez, los duplicaría. "
                    f"Deje {zone!r} en 'timezone'"
                )
                self.errors.append(RowError(name, line, reason))

    async def _with_company(self, name: str, rows: Lines) -> list[tuple[int, int, Row]]:
        out = []
        for line, r in rows:
            cid = await self._company_id(name, line, r["company"])
            if cid is not None:
                out.append((line, cid, r))
        return out

    async def clients(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        if self.errors:
            return
        upserted = await store.upsert_clients(
            self.conn,
            company_ids=[c for _, c, _ in rs],
            codes=[r["code"] for *_, r in rs],
            names=[r["name"] for *_, r in rs],
            names_folded=[fold(r["name"]) for *_, r in rs],
            cities=[r["city"] for *_, r in rs],
        )
        self._count(name, upserted)

    async def asset_types(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        if self.errors:
            return
        upserted = await store.upsert_asset_types(
            self.conn,
            company_ids=[c for _, c, _ in rs],
            codes=[r["code"] for *_, r in rs],
            names=[r["name"] for *_, r in rs],
            plural_names=[r["plural_name"] for *_, r in rs],
        )
        self._count(name, upserted)
        await check_asset_names(self.conn, name, [(line, c, r["code"]) for line, c, r in rs], self.errors)

    async def vehicles(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        if self.errors:
            return
        upserted = await store.upsert_vehicles(
            self.conn,
            company_ids=[c for _, c, _ in rs],
            plates=[r["plate"] for *_, r in rs],
            kinds=[r["kind"] for *_, r in rs],
            brand_models=[r["brand_model"] for *_, r in rs],
            model_years=[r["model_year"] for *_, r in rs],
            actives=[r["active"] for *_, r in rs],
        )
        self._count(name, upserted)

    def _ref(
        self, refs: dict[tuple[int, str], int], name: str, line: int, cid: int, key: str | None, what: str
    ) -> int | None:
        if key is None:
            return None
        found = refs.get((cid, key))
        if found is None:
            self.errors.append(RowError(name, line, f"{what} desconocido: {key!r}"))
        return found

    async def drivers(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        vehicles = await self._ids("vehicles", {c for _, c, _ in rs})
        vids = [self._ref(vehicles, name, line, c, r["vehicle_plate"], "vehículo (placa)") for line, c, r in rs]
        if self.errors:
            return
        upserted = await store.upsert_drivers(
            self.conn,
            company_ids=[c for _, c, _ in rs],
            document_numbers=[r["document_number"] for *_, r in rs],
            full_names=[r["full_name"] for *_, r in rs],
            names_folded=[fold(r["full_name"]) for *_, r in rs],
            phones=[r["phone"] for *_, r in rs],
            license_expires_on=[r["license_expires_on"] for *_, r in rs],
            vehicle_ids=vids,
        )
        self._count(name, upserted)

    async def vehicle_documents(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        vehicles = await self._ids("vehicles", {c for _, c, _ in rs})
        vids = [self._ref(vehicles, name, line, c, r["plate"], "vehículo (placa)") for line, c, r in rs]
        keep = [(v, c, r) for v, (_, c, r) in zip(vids, rs, strict=True) if v is not None]
        if self.errors:
            return
        upserted = await store.upsert_vehicle_documents(
            self.conn,
            company_ids=[c for _, c, _ in keep],
            vehicle_ids=[v for v, _, _ in keep],
            doc_types=[r["doc_type"] for *_, r in keep],
            numbers=[r["number"] for *_, r in keep],
            issued_on=[r["issued_on"] for *_, r in keep],
            expires_on=[r["expires_on"] for *_, r in keep],
        )
        self._count(name, upserted)

    async def movements(self, name: str, rows: Lines) -> None:
        rs = await self._with_company(name, rows)
        cids = {c for _, c, _ in rs}
        clients = await self._ids("clients", cids)
        assets = await self._ids("asset_types", cids)
        drivers = await self._ids("drivers", cids)
        vehicles = await self._ids("vehicles", cids)
        zones = {cid: ZoneInfo(tz) for cid, tz in (await self.companies_by_slug()).values()}
        seen: Counter[tuple[Any, ...]] = Counter()
        seen_written: Counter[tuple[Any, ...]] = Counter()
        older: dict[bytes, bytes] = {}  # fingerprint -> the line's fingerprint with its note as written
        records: list[MovementRecord] = []
        headed: list[NoteLine] = []  # lines of a remisión: one client, day, vehicle and driver (`notes`)
        for line, cid, r in rs:
            failed = len(self.errors)
            client = self._ref(clients, name, line, cid, r["client_code"], "cliente (código)")
            asset = self._ref(assets, name, line, cid, r["asset_type"], "tipo de activo")
            vehicle = self._ref(vehicles, name, line, cid, r["vehicle_plate"], "vehículo (placa)")
            driver = self._ref(drivers, name, line, cid, r["driver_document"], "conductor (documento)")
            at, unclear = placed(r["occurred_at"], zones[cid])  # a local time that never or twice happens
            if unclear:
                self.errors.append(RowError(name, line, unclear))
            if self.today is not None and at.astimezone(zones[cid]).date() > self.today + timedelta(days=1):
                reason = (
                    f"'occurred_at' ({at.astimezone(zones[cid]).date()}) es posterior a hoy ({self.today}): un "
                    "movimiento ya ocurrió; revise la fecha (¿el año?)"
                )
                self.errors.append(RowError(name, line, reason))
            if r["delivery_note"] is not None and len(self.errors) == failed:
                header = (r["client_code"], at.astimezone(zones[cid]).date(), r["vehicle_plate"], r["driver_document"])
                headed.append(NoteLine(line, cid, r["delivery_note"], header))
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
            fingerprint = line_fingerprint(key, seen)
            if r["note_as_written"] is not None:  # «r-1234»: imported before notes were upper-cased
                written = (*key[:3], r["note_as_written"], *key[4:])
                seen_written[written] += 1
                if (old := line_fingerprint(written, seen_written)) != fingerprint:
                    older[fingerprint] = old
            records.append(
                (cid, at, r["kind"], r["delivery_note"], client, asset, r["quantity"], vehicle, driver, fingerprint)
            )
        stored = await stored_headers(self.conn, notes=sorted({(n.company_id, n.note) for n in headed}))
        check_notes(name, headed, stored, self.errors)
        if self.errors:
            return
        if older:  # a line stored under its older fingerprint is the same line: keep that one
            known = await store.known_fingerprints(self.conn, company_ids=cids, fingerprints=list(older.values()))
            records = [(*rec[:-1], older[rec[-1]]) if older.get(rec[-1]) in known else rec for rec in records]
        new = await store.insert_movements(self.conn, records=records)
        self.report.rows[name] = len(records)
        self.report.new[name] = new
