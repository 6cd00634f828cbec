"""Whether a message is meant for the bot: the one definition for text, captions, voice notes and the
anonymous-sender check.

A private chat is always; in a group, a reply to one of the bot's messages or a mention of the bot.
A mention is `@username` as Telegram marks one: the whole username, case aside — not the start of a
longer one («@fleetops_bot2», «@fleetops_bot_viejo», another account) nor part of an e-mail address
(«soporte@fleetops_bot.com»). Before, any text containing the bot's `@username` was taken for it: a
question to another bot whose name starts like this one was answered here, as «2 ¿…?».
"""

from __future__ import annotations

import re
from functools import cache

from telegram import Message


@cache
def _mention(username: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w@.])@" + re.escape(username) + r"(?![\w@])", re.IGNORECASE)


def replies_to_bot(message: Message, bot_id: int) -> bool:
    """The message answers one of the bot's own messages."""
    replied = message.reply_to_message
    return bool(replied and replied.from_user and replied.from_user.id == bot_id)


def mentions(text: str, username: str | None) -> bool:
    """`text` mentions `@username` (the whole username)."""
    return bool(username) and _mention(username or "").search(text) is not None


def addressed_text(text: str, message: Message, *, private: bool, bot_id: int, username: str | None) -> str | None:
    """`text` (the message's text or caption) when the message is meant for the bot, its mentions of
    the bot removed; None for a group message that is not."""
    if private or replies_to_bot(message, bot_id):
        return text
    if username and mentions(text, username):
        return _mention(username).sub("", text).strip()
    return None
