"""Delivery notes (remisiones) as PDF documents in the chat.

`/remision <número>` and natural requests recognised by a rule on the text (no model, so it works
without an API key): "mándame la remisión 1234", "el PDF de la 1234", "remisión #1.234". Questions
*about* a note ("¿a quién se entregó la remisión 1234?") are not document requests: they go on to
/v1/ask like any question. A sent PDF stores the short pair ("remisión N" → "Te envié la remisión N
(PDF).") and sets the conversation's focus to that note, so «¿quién la llevó?» right after is about
it; a failure stores nothing and leaves the focus as it was.

Application data (backend client, working memory, settings): `context.bot_data` (`bot.app_data.BotData`).
"""

from __future__ import annotations

import logging
import re

from telegram import Update
from telegram.constants import ChatAction
from telegram.error import TelegramError

from backend.contract import FocusEntity
from backend.core.spoken import spoken_mentions
from backend.core.text import fold
from bot.app_data import BotContext
from bot.backend_client import BackendError
from bot.replies import Target, chat_action, target

log = logging.getLogger(__name__)

USAGE = "Dime el número de la remisión, por ejemplo: /remision 1234"
MSG_SEND_FAILED = "No pude enviarte el PDF de la remisión {number}. Intenta de nuevo en un momento."

# A note number as people type it: "1234", "#1234", "1.234" (Spanish thousands separator).
_NUMBER = r"#?\s*(\d{1,3}(?:\.\d{3})+|\d{1,12})\b"
_NUMBER_WORD = r"(?:(?:numero|nro|no|n)\s*\.?\s*)?"
# "remision 1234", "remision numero 1234", "remision no. 1234", "remision #1234"
_NOTE_NUMBER = re.compile(r"\bremision\s+" + _NUMBER_WORD + _NUMBER)
# "pdf de la 1234", "pdf 1234", "pdf de la remision 1234", "pdf #1234"
_PDF_NUMBER = re.compile(r"\bpdf\s+(?:de\s+)?(?:la\s+)?(?:remision\s+)?" + _NUMBER_WORD + _NUMBER)
# "la 1234 en pdf", "remision 1234 en pdf"
_NUMBER_PDF = re.compile(r"\b(?:la|remision)\s+" + _NUMBER_WORD + _NUMBER + r"\s+(?:en\s+)?pdf\b")
# Verbs that ask for the document itself.
_SEND = re.compile(
    r"\b(?:mand\w*|envi\w*|reenvi\w*|pasame|pasas|pasar|pasarme|paseme|compart\w*|adjunt\w*"
    r"|descarg\w*|dame|deme|regalame|necesito|quiero|muestrame|genera\w*|imprim\w*|sacame)\b"
)
# Interrogatives: "¿a quién se entregó la remisión 1234?" asks about the note, not for it.
_QUESTION = re.compile(
    r"\b(?:quien|quienes|cuant\w*|cual|cuales|cuando|donde|como|por que|que (?:dia|hora"
    r"|vehiculo|placa|conductor|cliente|activos?))\b"
)
# Just the note, nothing else: "remisión 1234", "la remisión #1234".
_BARE = re.compile(r"(?:la\s+)?remision\s+" + _NUMBER_WORD + _NUMBER)
_PUNCT = re.compile(r"[^\w\s#.]")
_PDF = re.compile(r"\bpdf\b")


def _digits(raw: str) -> str:
    return raw.replace(".", "")  # "1.234" -> "1234"; leading zeros kept (numbers are text)


def canonical(text: str) -> str:
    """Folded text, punctuation as spaces, and spoken numbers as digits when they have one reading
    ("la remisión mil noventa y cuatro" -> "la remision 1094"; voice transcripts say numbers so)."""
    folded = " ".join(_PUNCT.sub(" ", fold(text)).split()).strip(" .")
    for mention in spoken_mentions(text):
        if mention.kind == "code" and len(mention.candidates) == 1 and not any(c.isdigit() for c in mention.text):
            folded = re.sub(r"\b" + re.escape(mention.text) + r"\b", mention.candidates[0], folded, count=1)
    return folded


def requested_note(text: str) -> str | None:
    """The delivery-note number that `text` asks to be sent as a document, or None.

    Rules (accent- and case-insensitive): "PDF" next to a number ("el PDF de la 1234", "la 1234 en
    pdf") or anywhere with "remisión <n>"; a sending verb (manda, envía, pásame, dame, necesito, …)
    with "remisión <n>" unless the text also asks who/how many/when…; or the text is only
    "remisión <n>". Numbers may be spoken ("mil noventa y cuatro"; ambiguous readings are not
    guessed). Thousands dots are dropped ("#1.234" -> "1234"); leading zeros are kept (note numbers
    are text).
    """
    folded = canonical(text)
    for pattern in (_PDF_NUMBER, _NUMBER_PDF):
        match = pattern.search(folded)
        if match:
            return _digits(match.group(1))
    match = _NOTE_NUMBER.search(folded)
    if match is None:
        return None
    asks_for_it = _SEND.search(folded) and not _QUESTION.search(folded)
    if _BARE.fullmatch(folded) or _PDF.search(folded) or asks_for_it:
        return _digits(match.group(1))
    return None


def note_focus(number: str) -> FocusEntity:
    """The focus entity of delivery note `number`: kind "delivery_note", label «Remisión N»."""
    return FocusEntity(kind="delivery_note", key=number, label=f"Remisión {number}")


def command_number(args: list[str]) -> str | None:
    """The number given to /remision ("1234", "#1234", "1.234", "n° 1234"), or None."""
    text = "remision " + " ".join(args)
    match = _BARE.fullmatch(canonical(text))
    return _digits(match.group(1)) if match else None


async def _send_pdf(context: BotContext, target: Target, number: str, pdf: bytes, filename: str) -> None:
    """sendDocument `filename` (the backend's: `remision-<company>-<number>.pdf`); flood control
    (`RetryAfter`) is the Application's `AIORateLimiter` (one retry)."""
    await context.bot.send_document(
        target.chat_id,
        pdf,
        filename=filename,
        caption=f"Remisión {number}",
        message_thread_id=target.thread_id,
        reply_parameters=target.reply_parameters(),
    )


async def send_delivery_note(update: Update, context: BotContext, number: str) -> bool:
    """Fetch note `number` from the backend and send it as `remision-<company>-<number>.pdf`.

    On success store the pair ("remisión N", "Te envié la remisión N (PDF).") with the note as the
    chat's focus and return True. Not found, backend down, not authorized, or Telegram refusing the
    upload: a Spanish message in the chat, nothing stored (focus unchanged), False.
    """
    if (to := target(update)) is None:
        return False
    data = context.bot_data
    interval = data.settings.typing_interval_s
    try:
        async with chat_action(context.bot, to.chat_id, interval, ChatAction.UPLOAD_DOCUMENT, thread_id=to.thread_id):
            pdf, filename = await data.backend.delivery_note_pdf(number, to.user_id)
            await _send_pdf(context, to, number, pdf, filename)
    except BackendError as exc:
        log.info("delivery note %s not sent: %s", number, exc)
        await to.say(context.bot, exc.message)
        return False
    except TelegramError as exc:
        log.warning("sending the PDF of delivery note %s failed: %s", number, exc)
        await to.say(context.bot, MSG_SEND_FAILED.format(number=number))
        return False
    data.memory.store(to.key, f"remisión {number}", f"Te envié la remisión {number} (PDF).", focus=[note_focus(number)])
    return True


async def on_remision(update: Update, context: BotContext) -> None:
    """/remision <número>: send that delivery note's PDF (usage hint without a valid number)."""
    if (to := target(update)) is None:
        return
    number = command_number(list(context.args or []))
    if number is None:
        await to.say(context.bot, USAGE, quote=False)
        return
    await send_delivery_note(update, context, number)


async def maybe_send_delivery_note(update: Update, context: BotContext, text: str) -> bool:
    """True when `text` asked for a delivery note's document and it was handled here (sent, or a
    Spanish message explaining why not); False when `text` is not such a request (the caller goes on
    to /v1/ask)."""
    number = requested_note(text)
    if number is None:
        return False
    await send_delivery_note(update, context, number)
    return True
