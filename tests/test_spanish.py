"""Spanish display helpers: numbers, dates and day counts read the same everywhere."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

from backend.core import spanish


def test_numbers_use_colombian_grouping():
    assert spanish.number(104019) == "104.019"
    assert spanish.number(-1234567) == "-1.234.567"
    assert spanish.number(7) == "7"


def test_dates_are_spelled_in_spanish():
    assert spanish.long_date(date(2026, 12, 4)) == "4 de diciembre de 2026"
    assert spanish.day_month(date(2026, 1, 15)) == "15 de enero"
    assert spanish.weekday_date(date(2026, 12, 1)) == "martes 1 de diciembre de 2026"
    moment = datetime(2026, 10, 29, 15, 41, tzinfo=ZoneInfo("America/Bogota"))
    assert spanish.date_time(moment) == "29 de octubre de 2026, 15:41"


def test_days_relative_and_plurals():
    assert [spanish.days_relative(d) for d in (0, 1, -1, 3, -58)] == [
        "hoy",
        "mañana",
        "ayer",
        "en 3 días",
        "hace 58 días",
    ]
    assert spanish.date_with_days(date(2026, 12, 4), 3) == "4 de diciembre (en 3 días)"
    assert spanish.plural(1, "tapa", "tapas") == "1 tapa" and spanish.plural(1200, "tapa", "tapas") == "1.200 tapas"


def test_document_names():
    assert [spanish.document_name(t) for t in ("SOAT", "TECNOMECANICA", "POLIZA_RC", "OTRO_DOC")] == [
        "SOAT",
        "tecnomecánica",
        "póliza RC",
        "otro doc",
    ]


def test_negative_balances_are_flagged():
    assert spanish.balance(298, "canastilla", "canastillas") == "298 canastillas"
    assert spanish.balance(-12, "estiba", "estibas") == "-12 estibas ⚠️ (saldo negativo: revisar datos)"
