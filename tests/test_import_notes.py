"""A remisión is one delivery: its lines name one client, one day, one vehicle and one driver (README,
import format). A file that splits a note over two of them is refused, line by line, also against notes
already loaded; and one run names every error of a file whose lines can be read (format and references
alike), with nothing loaded. Real PostgreSQL, on top of the fleet fixture."""

from __future__ import annotations

from datetime import date

import pytest

from backend.importer.csvfile import RowError
from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import FA, MOVEMENTS
from tests.test_import_safety import fleet, snapshot, write  # noqa: F401 (fixture)

TODAY = date(2026, 12, 2)  # `fleetops import`: the system date
DRIVER, PLATE = "1072416216", "KLM482"  # Diego Arango Muñoz drives KLM482 (fixture)


def line(note: str, client: str, at: str = "2026-11-30T10:00:00", *, asset: str = "CAN", plate: str = PLATE,
         driver: str = DRIVER, quantity: str = "10") -> str:  # fmt: skip
    return f"{FA},{at},dispatch,{note},{client},{asset},{quantity},{plate},{driver}\n"


async def _refused(conn, tmp_path, movements: str) -> list[tuple[int, str]]:
    before = await snapshot(conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(conn, write(tmp_path / "csv", {"movements.csv": MOVEMENTS + movements}), today=TODAY)
    assert await snapshot(conn) == before  # nothing half-loaded
    assert "Traceback" not in str(caught.value)
    return [(e.line, e.reason) for e in caught.value.errors]


async def test_a_note_split_over_two_clients_is_refused(fleet, tmp_path):  # noqa: F811
    """The trial's file: note 9003 for client 412 and for client 310 printed 310's estibas on 412's PDF."""
    _, conn = fleet
    errors = await _refused(
        conn, tmp_path, line("9003", "412") + line("9003", "310", "2026-11-30T11:00:00", asset="EST")
    )
    assert len(errors) == 1, errors
    at, reason = errors[0]
    assert at == 3
    assert "remisión 9003" in reason and "línea 2" in reason
    assert "el cliente (client_code) es '412', no '310'" in reason
    assert "un solo cliente" in reason


@pytest.mark.parametrize(
    ("second", "said"),
    [
        (line("9004", "412", "2026-11-29T10:00:00"), "el día (occurred_at) es 2026-11-30, no 2026-11-29"),
        (line("9004", "412", plate="CQN859"), "el vehículo (vehicle_plate) es 'KLM482', no 'CQN859'"),
        (line("9004", "412", driver="178146303"), "el conductor (driver_document) es '1072416216', no '178146303'"),
        (line("9004", "412", plate=""), "el vehículo (vehicle_plate) es 'KLM482', no (vacío)"),
    ],
    ids=["day", "vehicle", "driver", "no vehicle"],
)
async def test_every_header_field_is_the_notes_own(fleet, tmp_path, second: str, said: str):  # noqa: F811
    _, conn = fleet
    errors = await _refused(conn, tmp_path, line("9004", "412") + line("9004", "412", asset="EST") + second)
    assert [at for at, _ in errors] == [4], errors
    assert said in errors[0][1]


async def test_a_note_already_loaded_keeps_its_client(fleet, tmp_path):  # noqa: F811
    """Fixture note 8297 is client 007's (20 Nov, CQN859, 178146303): a new line for client 412 is refused;
    one more line with the same header is accepted (and rolled back here by a later bad line)."""
    _, conn = fleet
    same = "frigorifico-andino,2026-11-20T16:00:00,dispatch,8297,007,CAN,3,CQN859,178146303\n"
    other = "frigorifico-andino,2026-11-20T15:37:00,dispatch,8297,412,CAN,3,CQN859,178146303\n"
    errors = await _refused(conn, tmp_path, same + other)
    assert [at for at, _ in errors] == [3], errors
    assert "la remisión 8297 ya está cargada y el cliente (client_code) es '007', no '412'" in errors[0][1]


async def test_the_same_note_twice_in_one_file_and_again_is_accepted(fleet_conn, tmp_path):
    """Lines of one note at two times of its day, imported twice: loaded once, nothing doubles."""
    files = {"movements.csv": MOVEMENTS + line("9005", "412") + line("9005", "412", "2026-11-30T18:00", asset="EST")}
    first = await import_dir(fleet_conn, write(tmp_path / "csv", files))
    again = await import_dir(fleet_conn, write(tmp_path / "csv", files))
    assert first.lines() == ["movements.csv: 2 filas (2 nuevas)"]
    assert again.lines() == ["movements.csv: 2 filas (0 nuevas)"]


async def test_format_and_reference_errors_come_in_one_run(fleet, tmp_path):  # noqa: F811
    """The trial's «two rounds»: format errors hid the unknown client, future date, unknown asset and
    plate of the same file; now one run names all seven lines, in line order."""
    _, conn = fleet
    movements = (
        line("9010", "412.0")  # 2: a spreadsheet's number
        + line("9011", "412", quantity="doce")  # 3: not a number
        + f"{FA},2026-11-30T10:00:00,return,9012,412,CAN,4,{PLATE},{DRIVER}\n"  # 4: a positive return
        + line("9013", "7777")  # 5: unknown client
        + line("9014", "412", "2062-11-30T10:00:00")  # 6: the year
        + line("9015", "412", asset="XXX")  # 7: unknown asset
        + line("9016", "412", plate="ZZZ999")  # 8: unknown plate
    )
    errors = await _refused(conn, tmp_path, movements)
    assert [at for at, _ in errors] == [2, 3, 4, 5, 6, 7, 8], errors
    assert "'7777'" in errors[3][1] and "2062" in errors[4][1] and "'XXX'" in errors[5][1]


def test_the_count_of_errors_is_said_in_spanish():
    """«(1 errores)» was the trial's import message (D29)."""
    one = str(ImportFailed([RowError("movements.csv", 3, "x")]))
    assert "no se cargó nada (1 error):" in one
    many = str(ImportFailed([RowError("movements.csv", n, "x") for n in range(2, 53)]))
    assert "(51 errores):" in many and "… y 1 error más" in many
