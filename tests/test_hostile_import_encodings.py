"""A CSV saved by Excel as «CSV UTF-8» (it writes a BOM) with one line pasted in Windows-1252: the
refusal names the line and the byte where it is. Before, the bad byte was looked for 3 bytes short
(the BOM was decoded away first): the byte named was the one beside it — «byte 0x2c» for a comma — and a
line opening with the bad byte was reported as the line before. Nothing is loaded either way."""

from __future__ import annotations

import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import CLIENTS, FA
from tests.test_import_safety import snapshot, write

BOM = b"\xef\xbb\xbf"
GOOD = f"{FA},9001,ACME,Cali\n".encode()


@pytest.mark.parametrize(
    ("body", "line", "said"),
    [
        (GOOD + f"{FA},9002,CA".encode() + b"\xd1" + b"O,Cali\n", 3, "byte 0xd1 no válido: «Ñ» en Windows-1252"),
        (GOOD + b"\xc1" + b"LVARO,9003,X,Cali\n", 3, "byte 0xc1 no válido: «Á» en Windows-1252"),
        (b"\x81" + GOOD, 2, "byte 0x81 no válido"),  # no character in Windows-1252: the byte alone
    ],
    ids=["inside a line", "opening a line", "no Windows-1252 character"],
)
@pytest.mark.parametrize("bom", [BOM, b""], ids=["with BOM", "without BOM"])
async def test_a_byte_that_is_not_utf8_is_named_on_its_own_line(fleet_conn, tmp_path, body, line, said, bom):
    before = await snapshot(fleet_conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(fleet_conn, write(tmp_path, {"clients.csv": bom + CLIENTS.encode() + body}))
    assert [str(e) for e in caught.value.errors] == [
        f"clients.csv, línea {line}: el archivo no está en UTF-8 ({said}); guárdelo como «CSV UTF-8»"
    ]
    assert await snapshot(fleet_conn) == before
