"""Voice notes and audio files: limits → admin check → download → transcribe → settle codes → echo → answer.

A code or plate the transcript does not surely name is settled on the audio among the company's own
candidates (`POST /v1/voice/candidates`, then `bot.voice.rescore`): «Mándame la remisión. 3, 5, 1.» →
«… remisión 3351.» when the model hears 3351 clearly better than every other reading; otherwise the
transcript goes on as heard and the backend asks back. A note refused for a decoding loop is answered
only when its head («U, B, M, S, C, C, C…» → «U, B, M, S») settles a plate that way. A code the
transcript resolves from a number said as a number («… remisión. 1060.8.» → 1068) is confirmed on the
audio first (`bot.voice.rescore.confirm`); one the audio does not say clearly goes to `/v1/ask` as
`unconfirmed`, and the backend asks back instead of answering for it.

The transcript is answered by `bot.conversation.answer_question` exactly as a typed question (same
memory, same backend); the stored question is the backend's resolved one when it names a code or plate
(`AskResponse.question`: «… cliente? 868.» for «… 860 y 8.»), else the transcript. Per-chat ordering comes from the
Application's update processor (bot/ordering.py), so a text sent after a slow voice note waits.

Application data: `bot_data.voice` holds the transcriber (None when voice is off). Call
`setup_voice` from post_init to load the model at startup (fail loudly there); `shutdown_voice` from
post_shutdown. If setup_voice was not called, the first voice note loads it.
"""

from __future__ import annotations

import datetime as dtm
import logging
import warnings

from telegram import Update
from telegram.constants import ChatAction
from telegram.error import TelegramError
from telegram.warnings import PTBDeprecationWarning

from backend.contract import SpokenDoubt
from backend.core.spoken import spoken_mentions
from backend.core.spoken_kinds import names_kind_word
from bot.addressed import replies_to_bot
from bot.app_data import BotContext, BotData, Transcriber
from bot.backend_client import BackendError
from bot.conversation import answer_question
from bot.replies import Target, chat_action, target
from bot.voice.config import VoiceSettings
from bot.voice.hearing import Heard
from bot.voice.rescore import Settled
from bot.voice.service import (
    DISABLED,
    NOTHING_HEARD,
    VoiceError,
    VoiceTranscriber,
    too_big_message,
    too_long_message,
)

log = logging.getLogger(__name__)

DOWNLOAD_FAILED = "No pude descargar el audio de Telegram. Intenta enviarlo de nuevo en un momento."


def echo_text(transcript: str) -> str:
    """The first reply to a voice note: what was understood."""
    return f"🎙️ Entendí: «{transcript}»"


async def setup_voice(data: BotData, settings: VoiceSettings | None = None) -> None:
    """Load the configured engine into `bot_data.voice` (None when FLEETOPS_VOICE_ENGINE=off).

    Raises ImportError (voice extra missing) or WeightsError (bundled weights missing) so the bot
    refuses to start instead of failing on the first note."""
    settings = settings or VoiceSettings()
    if settings.engine == "off":
        data.set_voice(None)
        return
    data.set_voice(await VoiceTranscriber.start(settings))
    log.info("voice notes: %s engine ready (model %s)", settings.engine, settings.model)


async def shutdown_voice(data: BotData) -> None:
    transcriber = data.take_voice()
    if transcriber is not None:
        transcriber.close()


async def _transcriber(context: BotContext) -> Transcriber | None:
    data = context.bot_data
    if not data.voice_loaded:
        async with data.voice_lock:
            if not data.voice_loaded:
                await setup_voice(data)
    return data.voice


def _duration_s(media: object) -> float | None:
    """The declared duration in seconds (PTB 22 gives int or timedelta; silence its migration warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = getattr(media, "duration", None)
    if value is None:
        return None
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def _addressed(to: Target, context: BotContext) -> bool:
    """Private chats always; in groups only a voice note sent as a reply to the bot."""
    return to.private or replies_to_bot(to.message, context.bot.id)


async def _settled(
    context: BotContext, transcriber: Transcriber, heard: Heard, user_id: int
) -> tuple[str, list[SpokenDoubt], tuple[str, ...]]:
    """(the transcript with the codes and plates the audio settles among the company's candidates — ""
    when only a loop's head was heard and it settles nothing —, the codes it resolves to that the audio
    does not confirm, the plates it spells that the audio says clearly above all of the company's
    candidates). Raises BackendError, VoiceError."""
    said = heard.text or heard.partial
    if not heard.partial and not spoken_mentions(said, heard=True) and not names_kind_word(said):
        return heard.text, [], ()  # no code or plate said: nothing to settle, no request spent
    found = await context.bot_data.backend.voice_candidates(said, user_id=user_id, partial=not heard.text)
    settled = await transcriber.settle(heard, found.transcript, found.slots) if found.slots else Settled(None)
    doubts = await transcriber.confirm(heard, found.transcript, found.checks) if found.checks else []
    return settled.text or heard.text, doubts, () if settled.text else settled.clear


async def on_voice(update: Update, context: BotContext) -> None:
    """A voice note (`message.voice`) or audio file (`message.audio`): echo the transcript, then answer it.

    Refusals (too long, too big — declared or once downloaded —, not an admin, unreadable, nothing heard)
    are one Spanish reply and leave memory untouched; nothing reaches the backend's /v1/ask.
    """
    to = target(update)
    if to is None:
        return
    message = to.message
    media = message.voice or message.audio
    if media is None or not _addressed(to, context):
        return

    async def say(text: str) -> None:
        await to.say(context.bot, text)

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
        await context.bot_data.backend.me(to.user_id)
    except BackendError as exc:
        await say(exc.message)
        return

    interval = context.bot_data.settings.typing_interval_s
    try:
        async with chat_action(context.bot, to.chat_id, interval, action=ChatAction.TYPING, thread_id=to.thread_id):
            try:
                tg_file = await context.bot.get_file(media.file_id, read_timeout=settings.download_timeout_s)
                data = bytes(await tg_file.download_as_bytearray(read_timeout=settings.download_timeout_s))
            except TelegramError as exc:
                log.warning("voice download failed in chat %s: %s", to.chat_id, exc)
                await say(DOWNLOAD_FAILED)
                return
            if len(data) > settings.max_bytes:  # the declared file_size is optional and the sender's word
                await say(too_big_message(settings.max_bytes))
                return
            heard = await transcriber.listen(data, expected_seconds=seconds)
            transcript, doubts, clear = await _settled(context, transcriber, heard, to.user_id)
    except VoiceError as exc:
        log.info("voice note in chat %s refused: %s", to.chat_id, exc.reason)
        await say(exc.message)
        return
    except BackendError as exc:
        await say(exc.message)
        return
    if not transcript:
        log.info("voice note in chat %s refused: a decoding loop, nothing settled", to.chat_id)
        await say(NOTHING_HEARD)
        return
    await say(echo_text(transcript))
    await answer_question(update, context, transcript, source="voice", unconfirmed=doubts, heard_clearly=clear)
