"""A movement's local time that its company's clock never shows, or shows twice (a zone with daylight
saving time: America/Santiago springs forward on 6 September 2026 at 00:00 and falls back on 5 April at
00:00). Before, the first was stored an hour later than written and the second as its first occurrence,
without a word — though the import refuses a date that does not exist. Now both are refused with the
line and what to write; the same times with an offset, and every time of a zone without the change,
are imported as before. Real PostgreSQL, the real import."""

from __future__ import annotations

from datetime import datetime

import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import CLIENTS, COMPANIES, MOVEMENTS
from tests.test_import_safety import snapshot, write

ASSETS = "company,code,name,plural_name\n"


def _files(zone: str, *moments: str) -> dict[str, str | bytes]:
    lines = "".join(f"sur,{at},dispatch,{900 + i},7,CAN,5,,\n" for i, at in enumerate(moments))
    return {
        "companies.csv": COMPANIES + f"sur,Frutas del Sur,{zone}\n",
        "clients.csv": CLIENTS + "sur,7,MERCADO CENTRAL,Temuco\n",
        "asset_types.csv": ASSETS + "sur,CAN,canastilla,canastillas\n",
        "movements.csv": MOVEMENTS + lines,
    }


async def test_a_local_time_that_never_or_twice_happens_is_refused(empty_conn, tmp_path):
    before = await snapshot(empty_conn)
    files = _files("America/Santiago", "2026-11-30T10:00:00", "2026-09-06T00:30:00", "2026-04-04T23:30:00")
    with pytest.raises(ImportFailed) as caught:
        await import_dir(empty_conn, write(tmp_path / "csv", files))
    assert [str(e) for e in caught.value.errors] == [
        "movements.csv, línea 3: la hora de 'occurred_at' (2026-09-06T00:30) no existe en America/Santiago: "
        "ese día el reloj se adelanta (cambio de horario); revise la hora",
        "movements.csv, línea 4: la hora de 'occurred_at' (2026-04-04T23:30) ocurre dos veces en America/Santiago "
        "(el reloj se atrasa ese día): escriba con ella el desfase, 2026-04-04T23:30:00-03:00 o "
        "2026-04-04T23:30:00-04:00",
    ]
    assert await snapshot(empty_conn) == before


@pytest.mark.parametrize(
    ("zone", "moments"),
    [
        ("America/Santiago", ("2026-04-04T23:30:00-04:00", "2026-09-06T01:30:00", "2026-04-05T00:30:00")),
        ("America/Bogota", ("2026-09-06T00:30:00", "2026-04-04T23:30:00")),
    ],
    ids=["with an offset or a time that exists", "a zone without the change"],
)
async def test_a_time_that_happens_once_is_imported_as_written(empty_conn, tmp_path, zone, moments):
    await import_dir(empty_conn, write(tmp_path / "csv", _files(zone, *moments)))
    stored = await empty_conn.fetch(
        "SELECT occurred_at AT TIME ZONE $1 AS local FROM movements ORDER BY delivery_note", zone
    )
    expected = [datetime.fromisoformat(at[:19]) for at in moments]
    assert [row["local"] for row in stored] == expected
