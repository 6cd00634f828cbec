"""A company's timezone as the import accepts it: a region's IANA name (`timezone`, a `cells` converter)."""

from __future__ import annotations

from functools import cache
from zoneinfo import available_timezones

from backend.importer.cells import BadValue, key, shown

#: A company's zone is a region's: a name under one of the tz database's continents or oceans
#: (America/Bogota, America/Argentina/Buenos_Aires, Europe/Madrid). Refused: «Factory» (no place, its
#: abbreviation is «-00»), UTC and GMT, the Etc/ zones (Etc/GMT+5 is UTC−5: the POSIX sign is inverted),
#: and the legacy aliases of the «backward» file (US/Eastern, EST5EDT, Cuba, Brazil/East…).
REGIONS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")


@cache
def _all_zones() -> frozenset[str]:
    return frozenset(available_timezones())


@cache
def _zones() -> dict[str, str]:
    """Region zone names known to Python, by their lower-case spelling."""
    return {z.lower(): z for z in _all_zones() if "/" in z and z.split("/", 1)[0] in REGIONS}


def timezone(value: str, column: str) -> str:
    """A region's IANA timezone name known to Python's tz database (`America/Bogota`; `REGIONS`)."""
    v: str = key()(value, column)
    zone = _zones().get(v.lower())
    if zone == v:
        return v
    if zone is not None:
        raise BadValue(f"zona horaria mal escrita: {shown(v)}; se escribe {zone!r} (mayúsculas incluidas)")
    if v in _all_zones():
        raise BadValue(
            f"zona horaria {shown(v)} no sirve para una empresa: use la de su región, como America/Bogota "
            "(no UTC, GMT ni Etc/…, cuyo signo va al revés —Etc/GMT+5 es UTC−5—, ni Factory, ni alias "
            "antiguos como US/Eastern)"
        )
    raise BadValue(f"zona horaria desconocida: {shown(v)} (se espera un nombre IANA como America/Bogota)")
