"""The question text of a request (/v1/ask, /v1/voice/candidates): cleaned and bounded."""

from __future__ import annotations

from backend.api.errors import ApiError
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text


def clean_question(raw: str, max_chars: int) -> str:
    """The question without control characters, its other scripts' digits and full-width forms as ASCII
    and the look-alike Cyrillic and Greek letters of its Latin words as Latin
    (`backend.core.lookalike_letters.typed_text`); 422 when empty or longer than `max_chars`."""
    question = typed_text(clean_text(raw))  # «la placa QВМ563» with Cyrillic В, М: QBM563
    if not question:
        raise ApiError(422, "invalid_request", "La pregunta está vacía.")
    if len(question) > max_chars:
        raise ApiError(
            422,
            "question_too_long",
            f"La pregunta es demasiado larga (máximo {max_chars} caracteres)."
            " Hazla más corta, por escrito o en una nota de voz breve.",
        )
    return question
