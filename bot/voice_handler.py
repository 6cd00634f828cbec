"""Voice notes and audio files: limits → admin check → download → transcribe → echo → answer.

The transcript is answered by `bot.conversation.answer_question` exactly as a typed question (same
memory, same backend); the stored question is the transcript. Per-chat ordering comes from the
Application's update processor (bot/ordering.py), so a text sent after a slow voice note waits.

Application data: `bot.app_data.voice` holds the `VoiceTranscriber` (None when voice is off). Call
`setup_voice` from post_init to load the model at startup (fail loudly there); `shutdown_voice` from
post_shutdown. If setup_voice was not called, the first voice note loads it.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
import warnings
from typing import TYPE_CHECKING

from telegram import Update
from telegram.constants import ChatAction, ChatType
from telegram.error import TelegramError
from telegram.ext import Application, ContextTypes
from telegram.warnings import PTBDeprecationWarning

from bot import app_data
from bot.backend_client import BackendError
from bot.conversation import answer_question
from bot.replies import chat_action, send_text, topic_of
from bot.voice.config import VoiceSettings
from bot.voice.service import (
    DISABLED,
    VoiceError,
    VoiceTranscriber,
    too_big_message,
    too_long_message,
)

if TYPE_CHECKING:
    from bot.shared_voice import CompanyVoice

log = logging.getLogger(__name__)

DOWNLOAD_FAILED = "No pude descargar el audio de Telegram. Intenta enviarlo de nuevo en un momento."
_LOAD_LOCK = "voice_load_lock"


def echo_text(transcript: str) -> str:
    """The first reply to a voice note: what was understood."""
    return f"🎙️ Entendí: «{transcript}»"


async def setup_voice(application: Application, settings: VoiceSettings | None = None) -> None:
    """Load the configured engine into `bot.app_data.voice` (None when FLEETOPS_VOICE_ENGINE=off).

    Raises ImportError (voice extra missing) or WeightsError (bundled weights missing) so the bot
    refuses to start instead of failing on the first note."""
    settings = settings or VoiceSettings()
    if settings.engine == "off":
        app_data.set_voice(application, None)
        return
    app_data.set_voice(application, await VoiceTranscriber.start(settings))
    log.info("voice notes: %s engine ready (model %s)", settings.engine, settings.model)


async def shutdown_voice(application: Application) -> None:
    transcriber = app_data.take_voice(application)
    if transcriber is not None:
        transcriber.close()


async def _transcriber(context: ContextTypes.DEFAULT_TYPE) -> VoiceTranscriber | CompanyVoice | None:
    application = context.application
    if not app_data.voice_loaded(application):
        lock = application.bot_data.setdefault(_LOAD_LOCK, asyncio.Lock())
        async with lock:
            if not app_data.voice_loaded(application):
                await setup_voice(application)
    return app_data.voice(application)


def _duration_s(media: object) -> float | None:
    """The declared duration in seconds (PTB 22 gives int or timedelta; silence its migration warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = getattr(media, "duration", None)
    if value is None:
        return None
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def _addressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Private chats always; in groups only a voice note sent as a reply to the bot."""
    if update.effective_chat.type == ChatType.PRIVATE:
        return True
    replied = update.effective_message.reply_to_message
    return bool(replied and replied.from_user and replied.from_user.id == context.bot.id)


async def on_voice(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A voice note (`message.voice`) or audio file (`message.audio`): echo the transcript, then answer it.

    Refusals (too long, too big, not an admin, unreadable, nothing heard) are one Spanish reply and
    leave memory untouched; nothing reaches the backend's /v1/ask.
    """
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat is None or user is None:
        return
    media = message.voice or message.audio
    if media is None or not _addressed(update, context):
        return
    reply_to = message.message_id if chat.type != ChatType.PRIVATE else None
    thread = topic_of(update)

    async def say(text: str) -> None:
        await send_text(context.bot, chat.id, text, reply_to=reply_to, thread_id=thread)

    transcriber = await _transcriber(context)
    if transcriber is None:
        await say(DISABLED)
        return
    settings = transcriber.settings
    seconds = _duration_s(media)
    if seconds is not None and seconds > settings.max_seconds:
        await say(too_long_message(settings.max_seconds))
        return
    if media.file_size is not None and media.file_size > settings.max_bytes:
        await say(too_big_message(settings.max_bytes))
        return
    try:  # only registered admins may spend the CPU a transcription costs
        await app_data.backend(context).me(user.id)
    except BackendError as exc:
        await say(exc.message)
        return

    interval = app_data.settings(context).typing_interval_s
    try:
        async with chat_action(context.bot, chat.id, interval, action=ChatAction.TYPING, thread_id=thread):
            try:
                tg_file = await context.bot.get_file(media.file_id, read_timeout=settings.download_timeout_s)
                data = bytes(await tg_file.download_as_bytearray(read_timeout=settings.download_timeout_s))
            except TelegramError as exc:
                log.warning("voice download failed in chat %s: %s", chat.id, exc)
                await say(DOWNLOAD_FAILED)
                return
            transcript = await transcriber.transcribe(data, expected_seconds=seconds)
    except VoiceError as exc:
        log.info("voice note in chat %s refused: %s", chat.id, exc.reason)
        await say(exc.message)
        return
    await say(echo_text(transcript))
    await answer_question(update, context, transcript, source="voice")
