"""The `.env` of the working directory checked before a command builds its settings from it
(`backend.core.env_text`): bytes that are not UTF-8 or a line python-dotenv cannot read are one Spanish
line each and exit code 2, like an invalid value (`backend.cli.settings_errors`)."""

from __future__ import annotations

from pathlib import Path

from backend.core.env_text import env_text_problems, undecodable

MAX_ENV_BYTES = 1024 * 1024


def env_file_problems(path: Path = Path(".env")) -> list[str]:
    """`path`'s problems as lines for the operator («.env, línea 3: …»); [] when it is fine or absent."""
    try:
        if not path.is_file():
            return []
        if path.stat().st_size > MAX_ENV_BYTES:
            return [f"{path}: tiene más de {MAX_ENV_BYTES // 1024} KB; no es un archivo de variables"]
        data = path.read_bytes()
    except OSError as exc:
        return [f"{path}: no se pudo leer ({type(exc).__name__})"]
    bad = undecodable(data)
    if bad is not None:
        return [f"{path}, {bad}"]
    return [f"{path}, {problem}" for problem in env_text_problems(data.decode("utf-8"))]
