"""Hostile files and sizes given to the `fleetops` command: a history file for `fleetops prompt` that is
no JSON, not UTF-8, nested too deep or a folder; a `demo-data` output path that is a file; `demo-data` sizes
no import takes or the generator cannot make. Each failed before its fix: the history's exception class
name («UnicodeDecodeError», «JSONDecodeError»), a RecursionError traceback, «No se pudo leer /etc/passwd:
File exists.» (English, and a write called a read), `--vehicles 20000000` looping forever (the generator's
plates are 3 letters + 3 digits, each once), a `--company` no import accepts.
"""

from __future__ import annotations

import pytest

from backend.cli.demo import free_port
from backend.cli.main import main


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\xff\xfe[]", "no está en UTF-8 (byte 0xff en la posición 0)"),
        (b'[{"q": "a", "a": "b"}', "no es JSON válido (línea 1, columna 22)"),
        (b"[" * 100_000, "anida listas u objetos demasiado hondo para leerlo"),
        (b" " * ((1 << 20) + 1), "pasa de 1024 KiB; un historial es de pocos KB"),
        (None, "es una carpeta, no un archivo"),
    ],
    ids=["utf16", "truncated", "deep", "huge", "folder"],
)
def test_a_history_file_that_cannot_be_read_says_why_in_spanish(content, reason, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    path = tmp_path / "h.json"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    argv = ["prompt", "--company", "frigorifico-andino", "--question", "hola", "--history", str(path)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err == f"No pude leer el historial {path}: {reason}.\n"


def test_a_demo_data_output_that_is_a_file_is_one_spanish_line(tmp_path, capsys):
    taken = tmp_path / "ocupado"
    taken.write_text("x")
    assert main(["demo-data", "--out", str(taken), "--clients", "1", "--vehicles", "1", "--movements", "1"]) == 1
    assert capsys.readouterr().err == f"No se pudo usar {taken}: ya existe y no es una carpeta.\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["--vehicles", "20000000"],
        ["--clients", "99999999999999"],
        ["--movements", "800001"],
        ["--company", "Empresa Grande"],
        ["--company", "../x"],
    ],
)
def test_demo_data_sizes_and_slugs_are_checked_first(argv, tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["demo-data", "--out", str(tmp_path / "out"), *argv])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "error: argumento" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()
