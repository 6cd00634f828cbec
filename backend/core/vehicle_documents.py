"""Which documents a vehicle needs to work, by its kind — the one definition the semáforo, «al día»,
«¿pueden salir?», the counts, a vehicle's «¿qué le falta?» and the morning digest use.

Every kind needs SOAT and tecnomecánica; the póliza de responsabilidad civil (póliza RC) is the cargo
carriers' (camión, furgón, tractocamión…): a motocarro carries none (no motocarro of the fixtures has one,
README «Data model in short»), so a motocarro without a póliza RC is not missing anything.
"""

from __future__ import annotations

from backend.core.text import fold

DOCUMENT_TYPES = ("SOAT", "TECNOMECANICA", "POLIZA_RC")
#: kinds (folded) that do not need some document type
NOT_REQUIRED = {"motocarro": frozenset({"POLIZA_RC"})}


def required(kind: str | None) -> tuple[str, ...]:
    """The document types a vehicle of `kind` needs to work, in DOCUMENT_TYPES order ('motocarro' ->
    SOAT, TECNOMECANICA; any other kind, or an unknown one -> all three)."""
    skip = NOT_REQUIRED.get(fold(kind or ""), frozenset())
    return tuple(t for t in DOCUMENT_TYPES if t not in skip)


def missing(kind: str | None, registered: set[str | None] | frozenset[str | None]) -> tuple[str, ...]:
    """The required document types of a vehicle of `kind` not among `registered`."""
    return tuple(t for t in required(kind) if t not in registered)
