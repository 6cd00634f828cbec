"""Messages written as an anonymous group admin or as a channel: their sender names nobody.

Telegram signs them with an account many people write as (`backend.core.senders`), so the bot cannot
tell who asks: such a message never reaches the backend (whose answer would otherwise be «not an admin,
register id 1087968824», an id that would let any anonymous admin of any group in). When it is meant
for the bot — a command, a mention, a reply to the bot — it gets one line saying how to ask instead.
"""

from __future__ import annotations

from telegram import Message, Update
from telegram.ext import ApplicationHandlerStop

from backend.core.senders import is_shared_sender
from bot.addressed import mentions, replies_to_bot
from bot.app_data import BotContext
from bot.replies import send_text, topic_of

ANONYMOUS = (
    "No sé quién me escribe: el mensaje llega como administrador anónimo del grupo o en nombre de un canal. "
    "Desactiva «Permanecer anónimo» en tus permisos de administrador, o escríbeme en privado desde tu cuenta."
)


def _meant_for_the_bot(message: Message, bot_id: int, username: str | None) -> bool:
    text = message.text or message.caption or ""
    return replies_to_bot(message, bot_id) or text.startswith("/") or mentions(text, username)


async def refuse_shared_sender(update: Update, context: BotContext) -> None:
    """Before every other handler: a new message whose sender is a shared account (a `sender_chat`, or a
    `from` that is one of `SHARED_SENDERS`) stops here, answered with ANONYMOUS when meant for the bot."""
    message = update.message
    if message is None:
        return
    user = message.from_user
    if message.sender_chat is None and (user is None or not is_shared_sender(user.id)):
        return
    if _meant_for_the_bot(message, context.bot.id, context.bot.username):
        await send_text(
            context.bot, message.chat.id, ANONYMOUS, reply_to=message.message_id, thread_id=topic_of(update)
        )
    raise ApplicationHandlerStop
