"""CSV shapes a spreadsheet writes, session 14: a first line `sep=;` (some exports write it so that Excel
splits the columns; Excel reads it) names the separator and is not the header. Before, it was read as the
header: «clients.csv, línea 1: falta la columna 'company', 'code', 'name', 'city'», every column named.
Real PostgreSQL, on the fleet fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import FA


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "csv"
    folder.mkdir(parents=True)
    (folder / "clients.csv").write_bytes(text.encode("utf-8"))
    return folder


@pytest.mark.parametrize(
    ("sep", "bom", "end"), [(";", "", "\n"), ("\t", "\ufeff", "\r\n"), (",", "", "\r\n"), ("|", "\ufeff", "\n")]
)
async def test_a_sep_line_names_the_separator_and_is_not_the_header(fleet_conn, tmp_path, sep, bom, end) -> None:
    rows = [["company", "code", "name", "city"], [FA, "9301", "UNO; DOS, TRES", "Bello"], [FA, "9302", "DOS", "Cali"]]
    quoted = [[f'"{c}"' if sep in c or ";" in c or "," in c else c for c in row] for row in rows]
    text = bom + f"SEP={sep}" + end + end.join(sep.join(row) for row in quoted) + end
    report = await import_dir(fleet_conn, _write(tmp_path, text))
    assert report.rows == {"clients.csv": 2} and report.new == {"clients.csv": 2}
    got = await fleet_conn.fetch("SELECT code, name, city FROM clients WHERE code IN ('9301', '9302') ORDER BY code")
    assert [tuple(r) for r in got] == [("9301", "UNO; DOS, TRES", "Bello"), ("9302", "DOS", "Cali")]


async def test_after_a_sep_line_the_lines_are_counted_from_the_files_first(fleet_conn, tmp_path) -> None:
    before = await fleet_conn.fetchval("SELECT count(*) FROM clients")
    with pytest.raises(ImportFailed) as bad_row:
        await import_dir(fleet_conn, _write(tmp_path, f"sep=;\ncompany;code;name;city\n{FA};9303;UNO\n"))
    with pytest.raises(ImportFailed) as bad_header:
        await import_dir(fleet_conn, _write(tmp_path / "b", f"sep=;\ncompany;code;name\n{FA};9303;UNO\n"))
    assert str(bad_row.value).endswith("clients.csv, línea 3: la fila tiene 3 campos y el encabezado 4")
    assert str(bad_header.value).endswith("clients.csv, línea 2: falta la columna 'city'")
    assert await fleet_conn.fetchval("SELECT count(*) FROM clients") == before
