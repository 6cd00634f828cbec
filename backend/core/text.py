"""Text normalisation shared by every entry point (HTTP, history, CSV import, bot) and by resolution.

`clean_text` is the one cleaning function for all text that enters fleetops: questions, history
turns, path parameters, search terms, CSV cells, transcripts and model replies.
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")
_PLATE_JUNK = re.compile(r"[\s\-.]")
_BLANK_RUNS = re.compile(r"[ \t]+")
_MANY_NEWLINES = re.compile(r"\n{3,}")
# Invisible "format" characters not all in category Cf on every Python: soft hyphen, zero-width
# space/joiners, word joiner, bidi marks/embeddings/overrides/isolates, BOM, tag characters.
_INVISIBLE = frozenset(
    [
        0x00AD,
        0x034F,
        0x061C,
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x180E,
        0x3164,
        0xFFA0,
        0xFEFF,
        *range(0x200B, 0x2010),
        *range(0x202A, 0x202F),
        *range(0x2060, 0x2070),
        *range(0xFE00, 0xFE10),
        *range(0xE0000, 0xE0080),
    ]
)


def _char_class(codes: frozenset[int]) -> re.Pattern[str]:
    """A regex character class matching exactly `codes`, consecutive ones as ranges."""
    runs: list[list[int]] = []
    for code in sorted(codes):
        if runs and code == runs[-1][1] + 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return re.compile(
        "[" + "".join(re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in runs) + "]"
    )


_INVISIBLE_CHAR = _char_class(_INVISIBLE)


# What `shown_text` removes: control characters but the line feed, lone surrogates, and the bidi
# embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which turn the rest of a message around.
_NOT_SHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def shown_text(value: str) -> str:
    """`value` as the bot may show it when it did not write it (an answer of the backend): str -> str, the
    characters `_NOT_SHOWN` names removed; emoji sequences (ZWJ, variation selectors) and line breaks kept,
    which `clean_text` would remove. Whether anything visible is left is `clean_text(value) != ""`."""
    return _NOT_SHOWN.sub("", value)


def _already_clean_line(value: str) -> bool:
    """True when cleaning can only collapse and strip spaces: no line break, tab or other control /
    format / unassigned character (`isprintable`), none of the invisible ones, already NFC. All C-speed:
    most text that enters (CSV cells, typed questions) takes this path."""
    if not value.isprintable():
        return False
    return value.isascii() or (not _INVISIBLE_CHAR.search(value) and unicodedata.is_normalized("NFC", value))


def _keep(ch: str) -> bool:
    if ord(ch) in _INVISIBLE:
        return False
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")


def clean_text(value: str, *, single_line: bool = False) -> str:
    """`value` safe to store, show and send on: str -> str, possibly empty.

    Removes NUL and every other control character (line breaks — any of `str.splitlines`'s, U+2028
    included — kept as a line feed unless `single_line`, where they become spaces; a tab becomes a
    space), invisible format characters (zero-width space/joiner, word joiner, soft hyphen, bidi marks
    and overrides, variation selectors, tag characters U+E0000–E007F), lone surrogates, private-use
    and unassigned code points; normalises to NFC; collapses runs of spaces and of blank lines; strips
    each line and the whole. Never raises. Idempotent: clean_text(clean_text(x)) ==
    clean_text(x).
    """
    if _already_clean_line(value):
        return _BLANK_RUNS.sub(" ", value).strip()
    return _clean_each_character(value, single_line)


def _clean_each_character(value: str, single_line: bool) -> str:
    """clean_text's general path: character by character (the fast path must agree with it)."""
    # Every line boundary Python knows (\r\n, \r, \v, \f, \x1c–\x1e, NEL U+0085, U+2028, U+2029) is a
    # line break: a name with U+2028 was stored «one line» and shown on two.
    text = "\n".join(value.replace("\t", " ").splitlines())
    if single_line:
        text = text.replace("\n", " ")
    kept = "".join(ch for ch in text if ch == "\n" or _keep(ch))
    text = unicodedata.normalize("NFC", kept)
    # NFC can compose into nothing new that is invisible, but run the filter once more for safety.
    text = "".join(ch for ch in text if ch == "\n" or _keep(ch))
    text = _BLANK_RUNS.sub(" ", text)
    text = "\n".join(line.strip() for line in text.split("\n"))
    return _MANY_NEWLINES.sub("\n\n", text).strip()


def echoed(text: str, limit: int = 80) -> str:
    """`text` as a message quotes it back («No encontré ningún cliente con «…»»): str -> str of at most
    `limit` characters; longer text is cut at the last space before the limit and ends with «…» (a
    single word longer than the limit is cut inside it, also with «…»). Never raises."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    cut = head.rsplit(" ", 1)[0] if " " in head.strip() else head
    return cut.rstrip(" ,;.") + "…"


def fold(text: str) -> str:
    """Lower-case, accents removed, whitespace collapsed: 'Bahía  SOLANA' -> 'bahia solana'.

    Only combining marks are dropped (ñ -> n too); symbols such as & < > ' _ * are kept as they are.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip().lower()


def looks_like_another(ch: str) -> bool:
    """True for a character shown like an ASCII one but not it: a digit that is not ASCII («٤», «４», a
    superscript «²», a circled «①») or a full-width form (U+FF01–FF5E: «Ｒ», «－»). Keys (codes, plates,
    note numbers) are written without them (the import refuses them); `fold` would turn them into ASCII."""
    return not ch.isascii() and (unicodedata.digit(ch, None) is not None or "\uff01" <= ch <= "\uff5e")


def normalize_plate(text: str) -> str:
    """Colombian plate in canonical form: 'klm-482' / 'KLM 482' -> 'KLM482'."""
    return _PLATE_JUNK.sub("", text).upper()
