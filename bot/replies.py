"""Sending text to Telegram: splitting under the length limit, safe formatting, the typing action.

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
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from telegram import Bot, Chat, LinkPreviewOptions, Message, ReplyParameters, Update, User
from telegram.constants import ChatAction, ChatType, MessageLimit, ParseMode
from telegram.error import BadRequest, ChatMigrated, TelegramError

from bot.memory import ChatKey

log = logging.getLogger(__name__)

LIMIT = int(MessageLimit.MAX_TEXT_LENGTH)  # 4096 UTF-16 code units
T = TypeVar("T")
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


@dataclass(frozen=True, slots=True)
class Target:
    """A message update narrowed to what a handler needs: the message, its chat and sender, and where
    replies go (see `target`)."""

    message: Message
    chat: Chat
    user: User
    reply_to: int | None
    """The message id to quote: the asking message in groups (several people talk there), None in
    private chats."""
    thread_id: int | None
    """The forum topic to answer in (`topic_of`)."""

    @property
    def chat_id(self) -> int:
        return self.chat.id

    @property
    def user_id(self) -> int:
        return self.user.id

    @property
    def key(self) -> ChatKey:
        """The working memory's key: (chat id, user id)."""
        return (self.chat.id, self.user.id)

    @property
    def private(self) -> bool:
        return self.chat.type == ChatType.PRIVATE

    def reply_parameters(self) -> ReplyParameters | None:
        """Quote `reply_to` (sent anyway if that message is gone); None in private chats."""
        return ReplyParameters(self.reply_to, allow_sending_without_reply=True) if self.reply_to else None

    async def say(self, bot: Bot, text: str, *, as_html: bool = False, quote: bool = True) -> None:
        """`send_text` into this chat and topic, quoting the asking message in groups (unless not `quote`)."""
        reply_to = self.reply_to if quote else None
        await send_text(bot, self.chat.id, text, as_html=as_html, reply_to=reply_to, thread_id=self.thread_id)


def target(update: Update) -> Target | None:
    """The update's `Target`; None when it has no message, chat or sender (then a handler does nothing)."""
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return None
    reply_to = message.message_id if chat.type != ChatType.PRIVATE else None
    return Target(message, chat, user, reply_to, topic_of(update))


async def delivered(send: Callable[[int, int | None], Awaitable[T]], chat_id: int, thread_id: int | None) -> T:
    """`send(chat_id, thread_id)` — a sendMessage, sendDocument or sendPhoto — sent again where Telegram
    says the chat now is: a group that became a supergroup (`ChatMigrated`: «group chat was upgraded to a
    supergroup chat», its new id given) gets it in the supergroup; a forum topic deleted meanwhile
    («message thread not found») gets it in the chat's General topic. Before, the answer was lost and so
    was the error handler's notice (sent to the same place)."""
    try:
        return await send(chat_id, thread_id)
    except ChatMigrated as moved:
        log.info("chat %s became supergroup %s; sending there", chat_id, moved.new_chat_id)
        return await send(moved.new_chat_id, None)
    except BadRequest as exc:
        if thread_id is None or "thread not found" not in exc.message.lower():
            raise
        log.info("topic %s of chat %s is gone; sending to its General topic", thread_id, chat_id)
        return await send(chat_id, None)


async def _send_once(
    bot: Bot, chat_id: int, text: str, parse_mode: str | None, reply_to: int | None, thread_id: int | None
) -> None:
    async def send(chat: int, thread: int | None) -> Message:
        return await bot.send_message(
            chat,
            text,
            parse_mode=parse_mode,
            message_thread_id=thread,
            link_preview_options=LinkPreviewOptions(is_disabled=True),
            reply_parameters=ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None,
        )

    await delivered(send, chat_id, thread_id)


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
    Telegram rejects the formatting, the part is resent once as plain text. Flood control (`RetryAfter`)
    is the Application's `AIORateLimiter` (see `bot.main`): waited out once, then the send is repeated once.
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
    bot: Bot,
    chat_id: int,
    interval_s: float = 4.0,
    action: str = ChatAction.TYPING,
    *,
    thread_id: int | None = None,
    delay_s: float = 0.0,
) -> AsyncIterator[None]:
    """Show `action` ("typing") in the chat (forum topic `thread_id`) after `delay_s` seconds, repeated
    every `interval_s` seconds, until the block ends. A block done within `delay_s` sends nothing: Telegram
    asks bots to show an action only when the reply takes noticeably long, and each one is a Bot API call."""

    async def repeat() -> None:
        if delay_s > 0:
            await asyncio.sleep(delay_s)
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
