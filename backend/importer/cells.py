"""One CSV cell -> one typed value the database accepts, or `BadValue` with the reason (Spanish).

Every cell goes through `backend.core.text.clean_text` first. What happens when cleaning changes a cell
depends on the column:
- free text (names, city, phone, brand/model…): the cleaned text is stored (invisible characters
  removed, NFC, line breaks become spaces);
- keys and references (slug, code, plate, document number, remisión…): a cell with control or invisible
  characters is rejected, because silently changing an identifier could merge two records. Only
  surrounding spaces and NFC normalisation (the same text, composed) are accepted.
NUL bytes never reach this module (`csvfile` rejects the row). Limits mirror `sql/001_schema.sql`
(CHECKs, int4) and keep every value inside what a B-tree index entry holds.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from backend.core.client_codes import CODE_FORM, client_code
from backend.core.note_numbers import NOTE_FORM, note_number
from backend.core.text import clean_text, looks_like_another, normalize_plate
from backend.core.values import FIRST_DAY, LAST_DAY

Converter = Callable[[str, str], Any]  # (raw cell, column name) -> value; raises BadValue

SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")  # companies.slug CHECK
_INTEGER = re.compile(r"[+-]?[0-9]+")
_BOUND_DIGITS = 19  # every bound of `integer` fits in int8 (19 digits)
_TRUE = {"true", "1", "si", "sí", "yes", "t"}
_FALSE = {"false", "0", "no", "f"}
KEY_MAX = 64
TEXT_MAX = 200


class BadValue(ValueError):
    """A cell that does not parse; the message is the reason shown to the operator."""


def shown(value: str, limit: int = 40) -> str:
    """A cell quoted for a message: repr (control and invisible characters visible), cut at `limit`."""
    return repr(value if len(value) <= limit else value[:limit] + "…")


def _required(value: str, column: str) -> str:
    if not clean_text(value, single_line=True):
        raise BadValue(f"la columna '{column}' está vacía")
    return value.strip()


def _length(value: str, column: str, limit: int) -> str:
    if len(value) > limit:
        raise BadValue(f"la columna '{column}' tiene {len(value)} caracteres (máximo {limit})")
    return value


# A spreadsheet formula exported instead of its value: «=…», «@SUM(…)», «+SUM(…)», «+cmd|' /C calc'!A0»
# (DDE), also behind an expression a sign starts: «-2+3+cmd|' /C calc'!A0» (DDE: «app|topic!item», the
# topic quoted or one word), «-1+HYPERLINK("http://…")», «@A1&SUM(…)» (a function called after an
# operator). A name, city or phone never starts so; «+57 (300) 123-4567», «- ACME (Centro)»,
# «- 2 x 3 | Sede 2!», «@tienda» are kept.
_FORMULA = re.compile(
    r"=|[@+\-][A-Za-z_.]+\(|[@+\-]\s*[A-Za-z_.]+\s*\|"
    r"|[@+\-].*\|\s*(?:'[^']*'|[^\s'!]+)\s*!"
    r"|[@+\-].*?[-+*/^&,;(]\s*[A-Za-z_.][A-Za-z0-9_.]*\("
)


def text(limit: int = TEXT_MAX, *, required: bool = True) -> Converter:
    """Free text, cleaned; empty allowed unless `required`; a spreadsheet formula (`_FORMULA`) refused."""

    def convert(value: str, column: str) -> str:
        cleaned = clean_text(value, single_line=True)
        if required and not cleaned:
            raise BadValue(f"la columna '{column}' está vacía")
        if _FORMULA.match(cleaned):
            raise BadValue(
                f"la columna '{column}' tiene una fórmula de hoja de cálculo: {shown(cleaned)}; "
                "exporte el valor, no la fórmula"
            )
        return _length(cleaned, column, limit)

    return convert


def key(limit: int = KEY_MAX, *, required: bool = True, upper: bool = False, typed: bool = False) -> Converter:
    """An identifier: exact text, no hidden characters; None when empty and not `required`. `typed`: a
    key people type to the bot (a client code, a driver's document, an asset code): no space and no
    thousands dot inside either (`_typed_key`)."""

    def convert(value: str, column: str) -> str | None:
        stripped = unicodedata.normalize("NFC", value.strip())
        if not stripped and not required:
            return None
        _required(value, column)
        if clean_text(stripped, single_line=True) != stripped:
            raise BadValue(f"la columna '{column}' tiene caracteres invisibles o de control: {shown(stripped)}")
        _spreadsheet_damage(stripped, column)
        if typed:
            _typed_key(stripped, column)
        return _length(stripped.upper() if upper else stripped, column, limit)

    return convert


# Digits grouped by thousands, as a spreadsheet formats a number: «1.050», «1 050», «1.072.416.216».
_GROUPED = re.compile(r"[0-9]{1,3}(?:[. ][0-9]{3})+")


def _typed_key(value: str, column: str) -> None:
    """BadValue when a key people type has its digits grouped by thousands or a space inside: «cliente
    1.050» is read as client 1050 and «41 2» as two numbers, so such a stored key could never be asked for."""
    if _GROUPED.fullmatch(value):
        raise BadValue(
            f"la columna '{column}' tiene {shown(value)}, con separadores de miles: escríbalo sin ellos "
            f"({value.replace('.', '').replace(' ', '')}); si la hoja de cálculo los puso, dé formato de texto "
            "a la columna"
        )
    if " " in value:
        raise BadValue(
            f"la columna '{column}' tiene espacios dentro: {shown(value)}; un código se escribe sin espacios"
        )


# What a spreadsheet leaves in an identifier it took for something else: a number shown in scientific
# notation (1072416216 -> «1.07242E+09», the last digits lost), with decimals («412.0»), or the formula
# that keeps leading zeros (="007"). Stored, any of them would be a new client, driver or note that no other file names.
_SCIENTIFIC = re.compile(r"[0-9]+[.,][0-9]+[eE][+-][0-9]+")
# A whole number written as a decimal by a spreadsheet or a script that read the column as numbers
# (412 -> «412.0», «412,00»); three zeros («1.000») are left alone: that reads as a thousands separator.
_DECIMAL = re.compile(r"[0-9]+[.,]0{1,2}")


def _spreadsheet_damage(value: str, column: str) -> None:
    """BadValue when identifier `value` is a spreadsheet's rendering rather than the key itself, or has
    characters that look like others (non-ASCII digits «٤١٢», full-width «４１２», a combining mark left
    alone after NFC, a space that is not U+0020: «1\u00a0050», «41\u202f2»): such a key would show like
    another one and never match what the bot is asked."""
    if _SCIENTIFIC.fullmatch(value):
        raise BadValue(
            f"la columna '{column}' tiene {shown(value)}, un número en notación científica: la hoja de cálculo "
            "perdió los últimos dígitos; dé formato de texto a la columna y exporte otra vez"
        )
    if _DECIMAL.fullmatch(value):
        raise BadValue(
            f"la columna '{column}' tiene {shown(value)}, un número con decimales: la hoja de cálculo tomó el "
            "código por un número; dé formato de texto a la columna y exporte otra vez"
        )
    if value.startswith("="):
        raise BadValue(
            f"la columna '{column}' tiene una fórmula de hoja de cálculo: {shown(value)}; "
            "exporte el valor, no la fórmula"
        )
    odd = next(
        (ch for ch in value if looks_like_another(ch) or unicodedata.combining(ch) or (ch.isspace() and ch != " ")),
        None,
    )
    if odd is not None:
        raise BadValue(
            f"la columna '{column}' tiene {odd!r} (U+{ord(odd):04X}), que parece otro carácter: "
            f"escriba {shown(value)} con dígitos y letras comunes"
        )


def client(*, required: bool = True) -> Converter:
    """A client code as `backend.core.client_codes.client_code` defines it — the rule by which a question
    or an answer's «[code] name» label names a client; a key people type (`key(typed=True)`) first."""

    def convert(value: str, column: str) -> str | None:
        raw: str | None = key(required=required, typed=True)(value, column)
        if raw is not None and client_code(raw) is None:
            raise BadValue(f"código de cliente inválido en '{column}': {shown(raw)} (se espera {CODE_FORM})")
        return raw

    return convert


def note(value: str, column: str) -> str | None:
    """A delivery-note number (remisión) as `backend.core.note_numbers.note_number` defines it — the
    same rule `/remision` and the questions use — stored canonical (letters upper-case); None when empty."""
    raw = key(required=False)(value, column)
    if raw is None:
        return None
    canonical = note_number(raw)
    if canonical is None:
        raise BadValue(f"número de remisión inválido en '{column}': {shown(raw)} (se espera {NOTE_FORM})")
    return canonical


def slug(value: str, column: str) -> str:
    """A company slug as `companies.slug` allows it: lower-case a-z, 0-9 and '-', first not '-'."""
    v: str = key()(value, column).lower()
    if not SLUG.fullmatch(v):
        raise BadValue(f"slug inválido en '{column}': {shown(v)} (solo a-z, 0-9 y '-', sin tildes ni espacios)")
    return v


def plate(*, required: bool = True) -> Converter:
    """A plate normalised like the rest of fleetops ('klm-482' -> 'KLM482'): A-Z and 0-9 only."""

    def convert(value: str, column: str) -> str | None:
        raw = key(required=required)(value, column)
        if raw is None:
            return None
        v = normalize_plate(raw)
        if not (v.isascii() and v.isalnum()) or len(v) > 10:
            raise BadValue(f"placa inválida en '{column}': {shown(raw)} (letras y números, como KLM482)")
        return v

    return convert


def integer(low: int, high: int, *, required: bool = True) -> Converter:
    """A whole number written with ASCII digits, inside [low, high]."""

    def convert(value: str, column: str) -> int | None:
        v = value.strip()
        if not v and not required:
            return None
        if not _INTEGER.fullmatch(_required(value, column)):
            raise BadValue(f"valor no numérico en '{column}': {shown(value)}")
        # int() refuses more than 4,300 digits (ValueError, a traceback in `fleetops import`): a number
        # with more significant digits than any bound is out of range without being converted
        significant = v.lstrip("+-").lstrip("0")
        number = int(v) if len(significant) <= _BOUND_DIGITS else None
        if number is None or not low <= number <= high:
            shown_number = number if number is not None else shown(v)
            raise BadValue(f"valor fuera de rango en '{column}': {shown_number} (debe estar entre {low} y {high})")
        return number

    return convert


def _in_range(day: date, value: str, column: str) -> None:
    if not FIRST_DAY <= day <= LAST_DAY:
        raise BadValue(
            f"fecha fuera de rango en '{column}': {shown(value)} "
            f"(entre {FIRST_DAY.isoformat()} y {LAST_DAY.isoformat()})"
        )


def day(*, required: bool = True) -> Converter:
    """A date written AAAA-MM-DD, inside FIRST_DAY … LAST_DAY."""

    def convert(value: str, column: str) -> date | None:
        v = value.strip()
        if not v and not required:
            return None
        _required(value, column)
        try:
            parsed = date.fromisoformat(v) if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", v) else None
        except ValueError:
            parsed = None
        if parsed is None:
            raise BadValue(f"fecha inválida en '{column}': {shown(value)} (se espera AAAA-MM-DD)")
        _in_range(parsed, value, column)
        return parsed

    return convert


def moment(value: str, column: str) -> datetime:
    """A local date and time (AAAA-MM-DDTHH:MM[:SS], an offset allowed) inside FIRST_DAY … LAST_DAY."""
    v = _required(value, column)
    try:
        parsed = datetime.fromisoformat(v) if v.isascii() and re.match(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", v) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BadValue(f"fecha y hora inválida en '{column}': {shown(value)} (se espera AAAA-MM-DDTHH:MM:SS)")
    _in_range(parsed.date(), value, column)
    return parsed


def boolean(value: str, column: str) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise BadValue(f"valor inválido en '{column}': {shown(value)} (se espera true/false)")


def choice(*choices: str, upper: bool = False) -> Converter:
    def convert(value: str, column: str) -> str:
        v = value.strip().upper() if upper else value.strip()
        if v not in choices:
            raise BadValue(f"valor desconocido en '{column}': {shown(value)} (válidos: {', '.join(choices)})")
        return v

    return convert
