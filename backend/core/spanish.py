"""Spanish display of numbers, dates, day counts, document names and plurals (pure; bot and backend).

Numbers and dates go through `babel` with locale `es_CO` and explicit patterns, so what a user reads
is the same everywhere: «104.019», «-12», «4 de diciembre de 2026», «martes 1 de diciembre de 2026».
"""

from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

LOCALE = "es_CO"

#: Document types as stored (`vehicle_documents.doc_type`) -> the name a Colombian admin uses.
DOCUMENT_NAMES = {"SOAT": "SOAT", "TECNOMECANICA": "tecnomecánica", "POLIZA_RC": "póliza RC"}


def number(value: int | float) -> str:
    """Colombian grouping: 104019 -> «104.019», -1234 -> «-1.234», 2.5 -> «2,5»."""
    return format_decimal(value, locale=LOCALE)


def day_month(day: date) -> str:
    """«4 de diciembre»."""
    return format_date(day, "d 'de' MMMM", locale=LOCALE)


def long_date(day: date) -> str:
    """«4 de diciembre de 2026»."""
    return format_date(day, "d 'de' MMMM 'de' y", locale=LOCALE)


def weekday_date(day: date) -> str:
    """«martes 1 de diciembre de 2026»."""
    return format_date(day, "EEEE d 'de' MMMM 'de' y", locale=LOCALE)


def date_time(moment: datetime) -> str:
    """«29 de octubre de 2026, 15:41» (24-hour clock, in the moment's own timezone)."""
    return format_datetime(moment, "d 'de' MMMM 'de' y, HH:mm", tzinfo=moment.tzinfo, locale=LOCALE)


def plural(count: int, singular: str, plural_form: str) -> str:
    """«1 día», «3 días», «1.200 canastillas» (the count formatted with `number`)."""
    return f"{number(count)} {singular if abs(count) == 1 else plural_form}"


def days_relative(days: int) -> str:
    """Days from today as a phrase: 0 -> «hoy», 1 -> «mañana», 3 -> «en 3 días», -1 -> «ayer»,
    -58 -> «hace 58 días»."""
    if days == 0:
        return "hoy"
    if days == 1:
        return "mañana"
    if days == -1:
        return "ayer"
    if days > 0:
        return f"en {plural(days, 'día', 'días')}"
    return f"hace {plural(-days, 'día', 'días')}"


def date_with_days(day: date, days: int, *, with_year: bool = False) -> str:
    """«4 de diciembre (en 3 días)», «4 de octubre (hace 58 días)»; `with_year` adds «de 2026»."""
    return f"{long_date(day) if with_year else day_month(day)} ({days_relative(days)})"


def document_name(doc_type: str) -> str:
    """'TECNOMECANICA' -> «tecnomecánica»; unknown types are shown lower-cased with spaces."""
    return DOCUMENT_NAMES.get(doc_type.upper(), doc_type.replace("_", " ").lower())


NEGATIVE_BALANCE_NOTE = "saldo negativo: revisar datos"


def balance(count: int, singular: str, plural_form: str) -> str:
    """A client's saldo of one asset type, flagged the same way everywhere when negative (a data
    error): «298 canastillas», «1 tapa», «-12 estibas ⚠️ (saldo negativo: revisar datos)»."""
    text = plural(count, singular, plural_form)
    return f"{text} ⚠️ ({NEGATIVE_BALANCE_NOTE})" if count < 0 else text


def inactive_left_out(count: int, plates: list[str]) -> str:
    """«No incluye 1 documento del vehículo inactivo GFT663.»: the documents of inactive vehicles a fleet
    due list leaves out (`plates` sorted), said in the fleet's answers and in /vencimientos alike."""
    whose = (
        f"del vehículo inactivo {plates[0]}" if len(plates) == 1 else "de los vehículos inactivos " + ", ".join(plates)
    )
    return f"No incluye {plural(count, 'documento', 'documentos')} {whose}."
