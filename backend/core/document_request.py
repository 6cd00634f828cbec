"""Whether a message asks for a delivery note's document (its PDF), by a rule on the text, no model.

    requested_note("mándame la remisión 1234")          -> "1234"
    requested_note("Manda me la remisión. 7851.")       -> "7851" (a voice transcript, its digits joined)
    requested_note("Máname la remisión. 8456.")         -> "8456" («mándame» misheard: one edit away)
    requested_note("¿a quién se entregó la remisión 1234?") -> None (a question *about* the note)
    asks_for_document("mándame la última remisión del 310") -> True (a note found by words, not by number)
    sends_it("mándamela") -> True (the note just discussed)

The backend decides with it, once, for typed questions and voice transcripts alike (`POST /v1/ask`
answers with `AskResponse.document`; see `backend.reports.delivery_notes.asked_note`); the bot only
follows that answer. `canonical` (the folded text with spoken numbers as digits) is shared with the
bot's chart requests, `command_number` reads `/remision <número>`'s arguments, and `note_focus` is the
conversation focus a sent note sets. Pure functions, no I/O.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import Levenshtein

from backend.contract import FocusEntity
from backend.core.lookalike_letters import typed_text
from backend.core.note_numbers import NOTE_PATTERN, note_number
from backend.core.spoken import spoken_mentions
from backend.core.spoken_kinds import normalize_spoken_question
from backend.core.text import fold, looks_like_another

# A note number as people type it: "1234", "#1234", "1.234" (Spanish thousands separator); after the
# word «remisión» also with a letter prefix ("r-1234", `backend.core.note_numbers`: the text is folded).
# The number ends there: no letter, dash or decimals glued to it («8297abc», «8297-b», «8297.5» are none).
_END = r"(?![\w-]|[.,]\d)"
_DIGITS = r"#?\s*(\d{1,3}(?:\.\d{3})+|\d{1,12})" + _END
_NOTE = r"#?\s*(\d{1,3}(?:\.\d{3})+|" + NOTE_PATTERN.lower() + ")" + _END
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_NUMBER_WORD = r"(?:(?:numero|nro|no|n)\s*\.?\s*)?"
# "remision 1234", "remision numero 1234", "remision no. 1234", "remision #1234", "remision r-1234"
_NOTE_NUMBER = re.compile(r"\bremision\s+" + _NUMBER_WORD + _NOTE)
# "pdf de la 1234", "pdf 1234", "pdf de la remision r-1234", "pdf #1234"
_PDF_NUMBER = re.compile(
    r"\bpdf\s+(?:de\s+)?(?:la\s+)?(?:remision\s+" + _NUMBER_WORD + _NOTE + "|" + _NUMBER_WORD + _DIGITS + ")"
)
# "la 1234 en pdf", "remision r-1234 en pdf"
_NUMBER_PDF = re.compile(
    r"\b(?:remision\s+" + _NUMBER_WORD + _NOTE + r"|la\s+" + _NUMBER_WORD + _DIGITS + r")\s+(?:en\s+)?pdf\b"
)
# Verbs that ask for the document itself.
_SEND = re.compile(
    r"\b(?:mand\w*|envi\w*|reenvi\w*|pasame|pasas|pasar|pasarme|paseme|compart\w*|adjunt\w*"
    r"|descarg\w*|dame|deme|regalame|necesito|quiero|muestrame|genera\w*|imprim\w*|sacame)\b"
)
# An imperative with its clitic as Whisper mishears it on a phone line («Máname», «Mantame» for «Mándame»):
# a word of six letters or more one edit from one of these.
_SEND_HEARD = ("mandame", "mandeme", "mandanos", "enviame", "envieme", "pasame", "regalame", "muestrame", "sacame")
# Interrogatives: "¿a quién se entregó la remisión 1234?" asks about the note, not for it.
_QUESTION = re.compile(
    r"\b(?:quien|quienes|cuant\w*|cual|cuales|cuando|donde|como|por que|que (?:dia|hora"
    r"|vehiculo|placa|conductor|cliente|activos?))\b"
)
# Just the note, nothing else: "remisión 1234", "la remisión #1234".
_BARE = re.compile(r"(?:la\s+)?remision\s+" + _NUMBER_WORD + _NOTE)
# Spoken only: one or two words before it that name nothing else — Whisper's garbling of the short
# imperative on a phone line («Mamma mia remisión. 7, 8, 5, 1.» for «Mándame la remisión…»).
_HEARD_BARE = re.compile(r"(?:[a-z]+\s+){1,2}" + _BARE.pattern)
# Punctuation, as spaces; a dash is kept before a letter or digit («r-1234», and «-8297»: a sign, so no number).
_PUNCT = re.compile(r"[^\w\s#.\ue000-]|-(?![0-9a-z])")
_KEPT = "\ue000"  # a private-use character: stands for a look-alike one while the text is folded
# A dot that is not a thousands separator ("remision. 7851", "1234."): a sentence mark, dropped.
_SENTENCE_DOT = re.compile(r"(?<!\d)\.|\.(?!\d)")
# An imperative and its clitic pronoun written apart, as Whisper does: "manda me" -> "mandame".
_CLITIC = re.compile(
    r"\b(manda|mande|envia|envie|reenvia|pasa|pase|da|de|regala|muestra|saca|comparte|adjunta)\s+(me|nos)\b"
)
_PDF = re.compile(r"\bpdf\b")
# Digits with letters glued after them («8297abc»): no note number (`note_numbers`), and not to be read as
# the number «8297» said before a word.
# A key typed with letters glued before its digits: the spoken reading would take «R1234» for «R, 1234».
_TYPED_KEY = re.compile(r"(?<![\w-])([A-Za-z]{1,8}-?[0-9][0-9-]*)(?![\w-])")
_GLUED = re.compile(r"[0-9]+[^\W\d_][\w-]*")
# What may stand before the number in /remision's argument: "#1234", "n° 1234", "nº1234", "No. 1234", "número 1234".
_COMMAND_PREFIX = re.compile(r"^(?:#\s*|n\s*[°º]\s*|(?:nro|no|n[uú]mero)(?:\.\s*|\s+))(?=[0-9A-Za-z])", re.I)


def _digits(match: re.Match[str]) -> str | None:
    """The note number a pattern matched: "1.234" -> "1234", "r-1234" -> "R-1234"; leading zeros kept."""
    raw = next(group for group in match.groups() if group)
    return note_number(raw.replace(".", "") if _THOUSANDS.fullmatch(raw) else raw)


def canonical(text: str) -> str:
    """Folded text, punctuation as spaces (a thousands dot kept: "1.234"), an imperative's clitic
    joined ("manda me" -> "mandame"), a code said digit by digit after its kind word joined
    («remisión. 7, 8, 5, 1» -> "remision 7851", `normalize_spoken_question`), and spoken numbers as
    digits when they have one reading ("la remisión mil noventa y cuatro" -> "la remision 1094"); a key
    typed with letters before its digits («R1234», «KLM482») and look-alike digits («８２９７») as written."""
    # Characters that only look like ASCII digits or letters («８２９７», «²», «٤١٢»): NFKD folding would make
    # them ASCII, but no key is written with them (the import refuses them). Kept as they are (a
    # placeholder through folding and the spoken readings), so they name nothing and are echoed as typed.
    odd = iter([ch for ch in text if looks_like_another(ch)])
    text = "".join(_KEPT if looks_like_another(ch) else ch for ch in text.replace(_KEPT, " "))
    parts = _TYPED_KEY.split(text)  # the spoken reading would take «R1234» for the letter R, then 1234
    text = "".join(part if i % 2 else normalize_spoken_question(part) for i, part in enumerate(parts))
    folded = _PUNCT.sub(" ", fold(text))
    folded = " ".join(_SENTENCE_DOT.sub(" ", folded).split())
    folded = _CLITIC.sub(r"\1\2", folded)
    for mention in spoken_mentions(text):
        if mention.kind == "code" and len(mention.candidates) == 1 and not any(c.isdigit() for c in mention.text):
            folded = re.sub(r"\b" + re.escape(mention.text) + r"\b", mention.candidates[0], folded, count=1)
    return re.sub(_KEPT, lambda _: next(odd, ""), folded)


def _asks_to_send(folded: str) -> bool:
    if _SEND.search(folded):
        return True
    return any(
        len(word) >= 6 and Levenshtein.distance(word, verb, score_cutoff=1) <= 1
        for word in folded.split()
        for verb in _SEND_HEARD
    )


def requested_note(text: str, *, spoken: bool = False) -> str | None:
    """The delivery-note number that `text` asks to be sent as a document, or None.

    Rules (accent- and case-insensitive): "PDF" next to a number ("el PDF de la 1234", "la 1234 en
    pdf") or anywhere with "remisión <n>"; a sending verb (manda, envía, pásame, dame, necesito, …;
    "manda me" as Whisper writes it, «máname» / «mantame» one edit from «mándame») with "remisión <n>"
    unless the text also asks who/how many/when… («remisión <n>» alone is none: the note's summary is
    answered, README «Delivery notes»). Numbers may be
    spoken ("mil noventa y cuatro"; ambiguous readings are not guessed; a digit run «7, 8, 5, 1» after
    «remisión» is one number, as the backend's voice step also joins it with the company's own notes).
    Thousands dots are dropped ("#1.234" -> "1234"); leading zeros are kept (note numbers are text);
    after «remisión» a letter prefix is read too («remisión r-1234» -> "R-1234"); a number with a sign,
    decimals, letters after it or look-alike digits is none (`backend.core.note_numbers`).
    `spoken` (a voice transcript): also one or two words of no question before «remisión <n>» and nothing
    after it («Mamma mia remisión. 7, 8, 5, 1.»: the imperative misheard), since nothing else was asked.
    """
    folded = canonical(_GLUED.sub("\ufffd", text))
    for pattern in (_PDF_NUMBER, _NUMBER_PDF):
        match = pattern.search(folded)
        if match:
            return _digits(match)
    match = _NOTE_NUMBER.search(folded)
    if match is None:
        return None
    asks_for_it = _asks_to_send(folded) and not _QUESTION.search(folded)
    heard_bare = spoken and _HEARD_BARE.fullmatch(folded) is not None and not _QUESTION.search(folded)
    if _PDF.search(folded) or asks_for_it or heard_bare:  # «remisión 1234» alone: its summary, no document
        return _digits(match)
    return None


# A delivery note named by words: «la última remisión», «la remisión de ayer» (one note, not «remisiones»).
_ONE_NOTE = re.compile(r"\bremision\b")
# The note just discussed, asked for with a pronoun or as «el pdf»: «mándamela», «envíala», «mándame el pdf».
_SEND_IT = re.compile(
    r"^(?:y\s+|me\s+|porfa\s+|por\s+favor\s+)*"
    r"(?:(?:mand|envi|reenvi|pas|compart|adjunt)(?:a|e|ar|as|es)?(?:me|nos)?(?:la|lo)"
    r"|(?:me|nos)\s+(?:la|lo)\s+(?:mand|envi|reenvi|pas|compart)\w*"
    r"|(?:mand|envi|reenvi|pas)(?:a|e|ar|as|es)?(?:me|nos)?\s+(?:el\s+|en\s+)?pdf|(?:el\s+|en\s+)?pdf)"
    r"(?:\s+(?:en\s+pdf|por\s+favor|porfa|pues|ya))*$"
)


def asks_for_document(text: str) -> bool:
    """Whether `text` asks for one delivery note's PDF without its number («mándame la última remisión del
    310», «pásame el pdf de la remisión de ayer del 412», «envíame la última remisión»): the note is the one
    the answer to the rest of the question finds (`backend.answers`, `Exact.note`). A sending verb with
    «remisión» and no question word, or «pdf» with «remisión»; never when a number follows «remisión»
    (`requested_note` reads those)."""
    folded = canonical(_GLUED.sub("\ufffd", text))
    if not _ONE_NOTE.search(folded) or _NOTE_NUMBER.search(folded):
        return False
    return bool(_PDF.search(folded)) or (_asks_to_send(folded) and not _QUESTION.search(folded))


def sends_it(text: str) -> bool:
    """Whether `text` asks only for the PDF of the note just discussed: «mándamela», «envíamela en pdf»,
    «me la mandas», «mándame el pdf», «pdf» (which note is the conversation's: `backend.answers`)."""
    return _SEND_IT.fullmatch(canonical(text)) is not None


def command_number(args: list[str]) -> str | None:
    """The note number given to /remision, canonical (`backend.core.note_numbers.note_number`): "1234",
    "#1234", "n° 1234", "1.234" (thousands dot), "R-1234", "r-1234" -> "R-1234"; None for anything else
    («-8297», «8297.5», «8297abc», «8 297», «８２９７», 13 digits or more, several words)."""
    text = _COMMAND_PREFIX.sub("", typed_text(" ".join(args)).strip(), count=1)
    return note_number(text.replace(".", "") if _THOUSANDS.fullmatch(text) else text)


def note_focus(number: str) -> FocusEntity:
    """The focus entity of delivery note `number`: kind "delivery_note", label «Remisión N»."""
    return FocusEntity(kind="delivery_note", key=number, label=f"Remisión {number}")
