"""What a client code is — one definition for the CSV import and for finding a code in a text
(`backend.context.mentions`: «[412] DISTRIBUIDORA…», the label every answer writes and the focus reads back).

    client_code("412") -> "412";  client_code("C-1050") -> "C-1050";  client_code("007") -> "007"
    client_code("+412"), client_code("-412"), client_code("412-"), client_code("41_2"), client_code("4.12"),
    client_code("1" * 13) -> None

The rule: ASCII letters and digits, single dashes only between them, 12 characters at most. A sign
(«+412»: a question «¿y el +412?» reads client 412), another punctuation mark or a longer code could be
stored but never named in a question or read back from its own label. Pure, no I/O.
"""

from __future__ import annotations

import re

CODE_MAX = 12
#: The grammar (the length is checked apart: `CODE_MAX`).
CODE_PATTERN = r"[0-9A-Za-z]+(?:-[0-9A-Za-z]+)*"
_CODE = re.compile(CODE_PATTERN)
#: How to write one, for import messages (Spanish).
CODE_FORM = f"letras y dígitos, con guiones solo entre ellos, hasta {CODE_MAX} caracteres (412, 007, C-1050)"


def client_code(text: str) -> str | None:
    """`text` (surrounding spaces ignored) when it is a client code (module docstring), else None."""
    value = text.strip()
    if len(value) > CODE_MAX or not value.isascii() or _CODE.fullmatch(value) is None:
        return None
    return value
