"""Delivery notes (remisiones) as PDF documents in the chat.

`/remision <número>`, and natural requests typed or spoken ("mándame la remisión 1234", "el PDF de la
1234", «Manda me la remisión. 7, 8, 5, 1.»): those go to /v1/ask like any question, and the backend
decides (one rule, `backend.core.document_request`, no model) and answers with `AskResponse.document`;
`bot.conversation` then calls `send_delivery_note`. Questions *about* a note ("¿a quién se entregó la
remisión 1234?") get a text answer. A sent PDF stores the pair (the user's words, or "remisión N" for
/remision → "Te envié la remisión N (PDF).") and sets the conversation's focus to that note, so
«¿quién la llevó?» right after is about it; a failure stores nothing and leaves the focus as it was.

Application data (backend client, working memory, settings): `context.bot_data` (`bot.app_data.BotData`).
"""

from __future__ import annotations

import logging

from telegram import Message, Update
from telegram.constants import ChatAction
from telegram.error import TelegramError

from backend.core.document_request import command_number, note_focus
from bot.app_data import BotContext
from bot.backend_client import BackendError
from bot.examples import company_examples, note_usage
from bot.replies import Target, chat_action, delivered, target

log = logging.getLogger(__name__)

MSG_SEND_FAILED = "No pude enviarte el PDF de la remisión {number}. Intenta de nuevo en un momento."


async def _send_pdf(context: BotContext, target: Target, number: str, pdf: bytes, filename: str) -> None:
    """sendDocument `filename` (the backend's: `remision-<company>-<number>.pdf`); flood control
    (`RetryAfter`) is the Application's `AIORateLimiter` (one retry)."""

    async def send(chat: int, thread: int | None) -> Message:
        return await context.bot.send_document(
            chat,
            pdf,
            filename=filename,
            caption=f"Remisión {number}",
            message_thread_id=thread,
            reply_parameters=target.reply_parameters(),
        )

    await delivered(send, target.chat_id, target.thread_id)


async def send_delivery_note(update: Update, context: BotContext, number: str, asked: str | None = None) -> bool:
    """Fetch note `number` from the backend and send it as `remision-<company>-<number>.pdf`.

    On success store the pair (`asked`, the user's own words — «mándame la última remisión del 310» —, or
    "remisión N" for /remision; "Te envié la remisión N (PDF).") with the note as the
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
    said = asked or f"remisión {number}"  # /memoria shows what was asked, not «remisión N» for every request
    data.memory.store(to.key, said, f"Te envié la remisión {number} (PDF).", focus=[note_focus(number)])
    return True


async def on_remision(update: Update, context: BotContext) -> None:
    """/remision <número>: send that delivery note's PDF (usage hint without a valid number, its example
    one of the company's own notes: `bot.examples`)."""
    if (to := target(update)) is None:
        return
    number = command_number(list(context.args or []))
    if number is None:
        await to.say(context.bot, note_usage(await company_examples(to, context)), quote=False)
        return
    await send_delivery_note(update, context, number)
