"""A movement's moment as the file writes it, placed in its company's timezone.

A local time without an offset is read in the company's zone. In a zone with daylight saving time, one
hour of the year never happens on the clock (spring forward) and one happens twice (fall back): such a
time was stored without a word — the first as an hour later than written, the second as its first
occurrence, maybe an hour off — though the import refuses a date that does not exist («2026-02-30»).
Now both are refused with the line, saying what to write: a time that exists, or the offset.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo


def placed(at: datetime, zone: ZoneInfo) -> tuple[datetime, str | None]:
    """(`at` aware — read in `zone` when it has no offset —, the reason to refuse it or None)."""
    if at.tzinfo is not None:
        return at, None
    first, second = at.replace(tzinfo=zone), at.replace(tzinfo=zone, fold=1)
    written = at.isoformat(timespec="minutes")
    if first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != at:
        return first, (
            f"la hora de 'occurred_at' ({written}) no existe en {zone.key}: ese día el reloj se adelanta "
            "(cambio de horario); revise la hora"
        )
    if first.utcoffset() != second.utcoffset():
        offsets = " o ".join(moment.isoformat(timespec="seconds") for moment in (first, second))
        return first, (
            f"la hora de 'occurred_at' ({written}) ocurre dos veces en {zone.key} (el reloj se atrasa ese día): "
            f"escriba con ella el desfase, {offsets}"
        )
    return first, None
