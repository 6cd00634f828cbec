"""The question flow shared by text and voice: trivial rule, typing, /v1/ask with history and focus,
reply, memory.

Application data (backend client, working memory, settings): `context.bot_data` (`bot.app_data.BotData`).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence

from telegram import Update

from backend.contract import AskResponse, SpokenDoubt
from backend.core.lookalike_letters import ascii_forms
from backend.core.text import clean_text, fold, shown_text
from bot import charts, delivery_notes
from bot.addressed import addressed_text
from bot.app_data import BotContext
from bot.backend_client import MSG_GENERIC, BackendError
from bot.memory import ChatKey, WorkingMemory
from bot.replies import Target, chat_action, target

log = logging.getLogger(__name__)

# no code in a hint: it is the same text for every company (the help's examples are the company's, `bot.examples`)
HINT_UNSUPPORTED = (
    "Puedo responder texto o notas de voz. Escríbeme tu pregunta, por ejemplo: «¿qué documentos vencen este mes?»."
)
CAPTION_COMMAND = (
    "Un comando en el pie de una foto o un archivo no me llega como comando: envía «{} …» como mensaje de texto."
)
EDITED = (
    "Vi que editaste un mensaje: no respondo a mensajes editados. Envíame la pregunta corregida como un mensaje nuevo."
)

_GREETINGS = {
    "hola",
    "buenas",
    "buenos dias",
    "buen dia",
    "buenas tardes",
    "buenas noches",
    "hola buenos dias",
    "hola buenas tardes",
    "hola buenas noches",
    "saludos",
}
_THANKS = {"gracias", "muchas gracias", "mil gracias", "gracias!", "te agradezco", "muy amable", "gracias bot"}
_ACKS = {
    "ok",
    "okay",
    "okey",
    "oka",
    "listo",
    "vale",
    "perfecto",
    "bien",
    "de acuerdo",
    "entendido",
    "dale",
    "ok gracias",
    "listo gracias",
    "perfecto gracias",
    "vale gracias",
    "super",
    "excelente",
    "genial",
    "chao",
    "adios",
    "hasta luego",
    "nos vemos",
    "jaja",
    "jajaja",
}
_NON_WORD = re.compile(r"[^\w\s]")
_ACK_EMOJI = set("👍👌🙏🙌👏✅✔☑😊🙂😀😃😄😁😉🤝💪❤♥💯🆗")
HINT_EMOJI = (
    "🙂 ¿En qué te ayudo? Pregúntame, por ejemplo, por el saldo de un cliente (con su código o su nombre) "
    "o «¿qué documentos vencen?». /ayuda tiene más ejemplos."
)


def trivial_reply(text: str) -> str | None:
    """A short friendly reply when `text` needs no data ("gracias", "ok", "👍", "buenos días"); else None."""
    stripped = text.strip()
    if stripped and all(unicodedata.category(ch) in {"So", "Sk", "Mn", "Cf", "Zs", "Po"} for ch in stripped):
        # only emoji / punctuation: thumbs-up back for an acknowledgement, a nudge for anything else
        signs = {ch for ch in stripped if unicodedata.category(ch) == "So"}
        return "👍" if signs and signs <= _ACK_EMOJI else HINT_EMOJI
    words = _NON_WORD.sub(" ", fold(stripped)).split()
    phrase = " ".join(words)
    if phrase in _GREETINGS:
        return "¡Hola! ¿En qué te ayudo? Pregúntame por saldos de clientes o vencimientos de documentos."
    if phrase in _THANKS:
        return "¡Con gusto! Aquí estoy si necesitas algo más."
    if phrase in _ACKS:
        return "👍"
    return None


def remember(memory: WorkingMemory, key: ChatKey, question: str, result: AskResponse) -> bool:
    """Store the exchange as the backend's answer kind says; True when a pair was stored.

    - "answer": the pair is stored; a non-empty `result.focus` replaces the chat's focus (an empty
      one keeps it).
    - "ambiguous" (a candidate list): the pair is stored so the next message can pick from it; the
      focus is left as it was.
    - "not_found": no pair is stored and the focus is unchanged (a failed lookup must not push useful
      pairs out of the window); it is kept aside for the next question only (`WorkingMemory.fail`), so a
      follow-up of it is not read as one of the topic before.
    An answer not written to its end (`AskResponse.complete`: stop_reason "max_tokens", "refusal"…) or
    blank is never stored.
    """
    if not result.complete:
        return False
    if result.answer_kind == "not_found":
        memory.fail(key, question, result.answer)
        return False
    focus = result.focus if result.answer_kind == "answer" and result.focus else None
    memory.store(key, question, result.answer, focus=focus)
    return True


async def answer_question(
    update: Update,
    context: BotContext,
    question: str,
    *,
    source: str = "text",
    unconfirmed: Sequence[SpokenDoubt] = (),
    heard_clearly: Sequence[str] = (),
) -> None:
    """Answer `question` in the update's chat and store the pair when the exchange completed.

    `question` is cleaned first (`backend.core.text.clean_text`: a broken client's lone surrogates, control
    and invisible characters); nothing left -> the HINT_EMOJI nudge, no backend call. Every reply goes to
    the message's forum topic.
    Trivial messages get a rule reply (no backend, no memory); chart requests go to `bot.charts`.
    Otherwise: typing action, POST /v1/ask with the chat's history, reply (split), then store (q, a) —
    q as the backend resolved it when it says so (`AskResponse.question`: a voice question's codes) —
    unless the backend failed or the answer is not complete (stop_reason "max_tokens", "refusal"…).
    `source` ("text" | "voice") is sent to the backend with the chat's focus, and for a voice note the
    codes its audio did not confirm (`unconfirmed`: the backend asks back for them) and the plates it says
    clearly (`heard_clearly`: one not in the fleet is told so); what is stored follows
    the answer kind (see `remember`). An answer carrying a `document` (a delivery note's PDF, decided by
    the backend for typed and spoken requests alike) is sent as that document
    (`bot.delivery_notes.send_delivery_note`).
    """
    if (to := target(update)) is None:
        return
    question = ascii_forms(clean_text(question))  # «cliente ٤١٢», «４１２»: 412 (the backend reads the letters)
    if not question:  # only invisible or control characters, or a bare mention: a nudge, not silence
        await to.say(context.bot, HINT_EMOJI)
        return

    canned = trivial_reply(question)
    if canned is not None:
        await to.say(context.bot, canned)
        return
    if await charts.maybe_send_chart(update, context, question):
        return

    data, key = context.bot_data, to.key
    memory = data.memory
    try:
        async with chat_action(
            context.bot,
            to.chat_id,
            data.settings.typing_interval_s,
            thread_id=to.thread_id,
            delay_s=data.settings.typing_delay_s,
        ):
            result = await data.backend.ask(
                question,
                memory.turns(key),
                chat_id=to.chat_id,
                user_id=to.user_id,
                source="voice" if source == "voice" else "text",
                focus=memory.focus(key),
                unconfirmed=unconfirmed if source == "voice" else (),
                heard_clearly=heard_clearly if source == "voice" else (),
            )
    except BackendError as exc:
        log.info("ask failed for chat %s (%s): %s", to.chat_id, source, exc)
        await to.say(context.bot, exc.message)
        return

    if result.document is not None and result.document.kind == "delivery_note_pdf":
        await delivery_notes.send_delivery_note(update, context, result.document.key, asked=question)
        return
    answer = shown_text(result.answer)  # a NUL or a bidi override of a broken backend is not sent on
    if not clean_text(answer):  # nothing visible (only spaces, zero-width or control characters)
        await to.say(context.bot, MSG_GENERIC)
        return
    result = result.model_copy(update={"answer": answer})
    await to.say(context.bot, answer)
    if not remember(memory, key, result.question or question, result):  # a voice question as resolved
        log.info("pair not stored (answer_kind %s, stop_reason %s)", result.answer_kind, result.stop_reason)


def _addressed_text(to: Target, context: BotContext, text: str) -> str | None:
    """`text` (the message's text or caption) if the message is meant for the bot: any private message;
    in groups only a mention of the bot (removed from the text) or a reply to one of its messages
    (`bot.addressed`)."""
    bot = context.bot
    return addressed_text(text, to.message, private=to.private, bot_id=bot.id, username=bot.username)


async def on_text(update: Update, context: BotContext) -> None:
    """A new text message (not a command)."""
    if (to := target(update)) is None:
        return
    question = _addressed_text(to, context, to.message.text or "")
    if question is None:
        return
    await answer_question(update, context, question.strip(), source="text")


async def on_unsupported(update: Update, context: BotContext) -> None:
    """Stickers, photos, locations…: a hint in private chats, silence in groups. Never the model.

    A photo or file with a caption meant for the bot is the caption's question: answered like a text
    message (the attachment is not read); a command as a caption, which Telegram does not treat as one,
    gets CAPTION_COMMAND. In a group, a caption meant for the bot (mentioning it, or on a reply to it) is
    answered the same way; before, «@bot ¿cuánto debe este cliente?» under a photo got silence."""
    if (to := target(update)) is None:
        return
    addressed = _addressed_text(to, context, to.message.caption or "")
    if addressed is None:
        return
    caption = clean_text(addressed, single_line=True)
    if not caption and not to.private:  # a sticker in reply to the bot is a reaction, not a question
        return
    if caption.startswith("/"):
        await to.say(context.bot, CAPTION_COMMAND.format(caption.split()[0][:40]), quote=False)
    elif caption:
        await answer_question(update, context, caption, source="text")
    else:
        await to.say(context.bot, HINT_UNSUPPORTED, quote=False)


async def on_migrate(update: Update, context: BotContext) -> None:
    """A group became a supergroup (Telegram's service messages: `migrate_to_chat_id` in the old chat,
    `migrate_from_chat_id` in the new one): the chat's working memory follows it to the new id, so the
    next question there keeps its conversation. Before, it was left under the old id to expire."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id is not None:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    if moved := context.bot_data.memory.move_chat(old, new):
        log.info("chat %s became supergroup %s: %d memories moved", old, new, moved)


async def on_edited(update: Update, context: BotContext) -> None:
    """An edited message in a private chat: the answer to the first version stands; say so (EDITED)
    rather than stay silent or answer twice."""
    if (to := target(update)) is not None and to.private:
        await to.say(context.bot, EDITED, quote=False)
