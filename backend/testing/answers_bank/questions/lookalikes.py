"""Bank questions of the hostile round on look-alike letters: a plate, code or name written with Cyrillic
or Greek letters drawn like Latin ones (pasted from a document, another keyboard layout) is the key it
looks like (`backend.core.lookalike_letters`); before, each was a `not_found` about an entity the company has.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, add

add("lookalike", FA, "¿quién maneja la placa Q\u0412\u041c563?", "vehicle", "QBM563", "driver")  # В, М
add("lookalike", FA, "¿quién maneja la \u0422RX905?", "vehicle", "TRX905", "driver")  # Т
add("lookalike", FA, "saldo de ЅUРЕRМЕRСАDО LA ЕСОNОМÍА", "balances", "1050")  # Ѕ Р Е М С А О (Cyrillic)
add("lookalike", FA, ["saldo del 412", "¿y la \u039aLM482 quién la maneja?"], "vehicle", "KLM482", "driver")  # Greek Κ
