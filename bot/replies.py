"""Sending text to Telegram: splitting under the length limit, safe formatting, flood control.

Telegram counts a message's length in UTF-16 code units (an emoji outside the BMP counts 2) and
refuses more than 4096. `split_message` cuts at line breaks (then spaces, then anywhere between code
points) so every part is valid alone; with HTML, tags must not span lines (the bot never does that).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from collections.abc import AsyncIterator
from datetime import timedelta

from telegram import Bot, LinkPreviewOptions, ReplyParameters, Update
from telegram.constants import ChatAction, MessageLimit, ParseMode
from telegram.error import BadRequest, RetryAfter, TelegramError

log = logging.getLogger(__name__)

LIMIT = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096 UTF-16 code units
_TAG = re.compile(r"<[^<>]+>")


def utf16_len(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _hard_cut(text: str, limit: int) -> tuple[str, str]:
    """Longest prefix of `text` within `limit` UTF-16 units (never splits a code point)."""
    units = 0
    for i, ch in enumerate(text):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > limit:
            return text[:i], text[i:]
    return text, ""


def _cut_long_line(line: str, limit: int) -> list[str]:
    pieces: list[str] = []
    while utf16_len(line) > limit:
        head, rest = _hard_cut(line, limit)
        space = head.rfind(" ")
        if space > 0:
            head, rest = head[:space], head[space + 1 :] + rest
        pieces.append(head)
        line = rest
    pieces.append(line)
    return pieces


def split_message(text: str, limit: int = LIMIT) -> list[str]:
    """Parts of `text`, in order, each at most `limit` UTF-16 units and not blank.

    Cuts at line breaks when possible; a single line longer than `limit` is cut at spaces, and a
    word longer than `limit` between code points. Joining the parts with "\\n" gives back the text
    (except whitespace at the cut points).
    """
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        for piece in _cut_long_line(line, limit):
            extra = utf16_len(piece) + (1 if current else 0)
            if current and size + extra > limit:
                parts.append("\n".join(current))
                current, size = [], 0
                extra = utf16_len(piece)
            current.append(piece)
            size += extra
    if current:
        parts.append("\n".join(current))
    return [p.strip("\n") for p in parts if p.strip()]


def plain_from_html(text: str) -> str:
    """The plain-text version of the bot's own simple HTML (tags dropped, entities decoded)."""
    return html.unescape(_TAG.sub("", text))


def topic_of(update: Update) -> int | None:
    """The forum topic of the update's message, to send replies into: its `message_thread_id` when it
    `is_topic_message` (python-telegram-bot's own rule for `Message.reply_*`), else None. Messages in a
    forum's General topic and reply chains in ordinary groups carry no topic: sending them a thread id
    makes Telegram answer «message thread not found»."""
    message = update.effective_message
    if message is None or not message.is_topic_message:
        return None
    return message.message_thread_id


def _seconds(retry_after: int | timedelta) -> float:
    return retry_after.total_seconds() if isinstance(retry_after, timedelta) else float(retry_after)


async def _send_once(
    bot: Bot, chat_id: int, text: str, parse_mode: str | None, reply_to: int | None, thread_id: int | None
) -> None:
    kwargs = {
        "parse_mode": parse_mode,
        "message_thread_id": thread_id,
        "link_preview_options": LinkPreviewOptions(is_disabled=True),
        "reply_parameters": ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
    }
    try:
        await bot.send_message(chat_id, text, **kwargs)
    except RetryAfter as exc:
        # PTB 22 stores a timedelta; reading `.retry_after` as int is deprecated, so prefer the timedelta
        wait = _seconds(getattr(exc, "_retry_after", None) or exc.retry_after)
        log.warning("Telegram flood control: waiting %.0f s before resending", wait)
        await asyncio.sleep(wait)
        await bot.send_message(chat_id, text, **kwargs)


async def send_text(
    bot: Bot,
    chat_id: int,
    text: str,
    *,
    as_html: bool = False,
    reply_to: int | None = None,
    thread_id: int | None = None,
) -> None:
    """Send `text` to `chat_id` (forum topic `thread_id`, see `topic_of`), split under the limit, parts
    in order, every part in the same topic.

    `as_html`: `text` is the bot's own HTML (every outside value passed through `html.escape`). If
    Telegram rejects the formatting, the part is resent once as plain text. A `RetryAfter` is waited
    out once (the time Telegram asks for), then the send is repeated once.
    """
    for index, part in enumerate(split_message(text)):
        quote = reply_to if index == 0 else None
        if not as_html:
            await _send_once(bot, chat_id, part, None, quote, thread_id)
            continue
        try:
            await _send_once(bot, chat_id, part, ParseMode.HTML, quote, thread_id)
        except BadRequest as exc:
            if "entit" not in exc.message.lower():  # "Can't parse entities: ..." — anything else is real
                raise
            log.warning("Telegram rejected HTML (%s); resending as plain text", exc.message)
            await _send_once(bot, chat_id, plain_from_html(part), None, quote, thread_id)


@contextlib.asynccontextmanager
async def chat_action(
    bot: Bot, chat_id: int, interval_s: float = 4.0, action: str = ChatAction.TYPING, *, thread_id: int | None = None
) -> AsyncIterator[None]:
    """Show `action` ("typing") in the chat (forum topic `thread_id`), repeated every `interval_s`
    seconds, until the block ends."""

    async def repeat() -> None:
        while True:
            try:
                await bot.send_chat_action(chat_id, action, message_thread_id=thread_id)
            except TelegramError as exc:  # cosmetic: never fail the answer because of it
                log.debug("send_chat_action failed: %s", exc)
            await asyncio.sleep(interval_s)

    task = asyncio.create_task(repeat(), name=f"chat-action-{chat_id}")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
