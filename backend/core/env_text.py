"""What is wrong with the text of a file of variables (`.env`, the bot host's `bot-<empresa>.env`), read
as python-dotenv reads it for the settings classes. Pure: text in, Spanish reasons out.

python-dotenv skips a line it cannot parse («FLEETOPS_RATE_LIMIT="5/minute» with its quote unclosed)
with an English warning, so the setting silently kept its default; and bytes that are not UTF-8 stopped
every command with a UnicodeDecodeError traceback. Both are now one line per problem, naming the line.
"""

from __future__ import annotations

import io

from dotenv.parser import parse_stream


def undecodable(data: bytes) -> str | None:
    """The reason `data` is not UTF-8 text (naming the line of the first bad byte), or None."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return f"línea {line}: no está en UTF-8 (byte 0x{data[exc.start]:02x}); guárdelo como UTF-8"
    return None


def env_text_problems(text: str) -> list[str]:
    """One Spanish reason per line of `text` that is no `NOMBRE=valor` (or comment, or blank), or that
    holds a NUL character."""
    problems = []
    for binding in parse_stream(io.StringIO(text)):
        line = binding.original.line
        if binding.error:
            problems.append(f"línea {line}: no es NOMBRE=valor (¿una comilla sin cerrar?); no se leyó")
        elif binding.value is not None and "\x00" in binding.value:
            problems.append(f"línea {line}: {binding.key} tiene un carácter NUL")
    return problems
