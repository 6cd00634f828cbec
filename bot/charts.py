"""Balance charts in the chat: `/grafica [código o nombre | canastillas]` and natural requests.

Natural requests are recognised by a rule on the text (no model, so it works without an API key), like
delivery notes: «muéstrame la gráfica del 310», «gráfica de canastillas», «la gráfica de bahía solana
de los últimos 30 días». The PNG comes from GET /v1/charts/balance.png and is sent as a photo; a sent
chart stores the pair («gráfica del 310» → «Te envié la gráfica …») and, for a client's chart, makes
that client the conversation's focus, so «¿y cuántas canastillas tiene?» right after is about it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from telegram import Message, Update
from telegram.constants import ChatAction
from telegram.error import TelegramError

from backend.contract import FocusEntity
from backend.core.asset_words import split_asset
from backend.core.document_request import canonical as canonical_text
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text
from bot.app_data import BotContext
from bot.backend_client import BackendError
from bot.replies import chat_action, delivered, target

log = logging.getLogger(__name__)

DEFAULT_DAYS = 90
MIN_DAYS, MAX_DAYS = 7, 365  # the backend's window (`days` of GET /v1/charts/balance.png)
MSG_SEND_FAILED = "No pude enviarte la gráfica. Intenta de nuevo en un momento."
_CHART = re.compile(r"\b(?:grafic[oa]s?|graficame|grafiquita)\b")
_DAYS = re.compile(r"\b(?:de\s+)?(?:l[oa]s\s+)?(?:ultimos|ultimas|pasados)\s+(\d+)\s+dias\b")
_TARGET = re.compile(r"\bgrafic[oa]s?\s+(?:del?|para)\s+(?:(?:la|el|los|las)\s+)?(?:cliente\s+|empresa\s+)?(.+)$")
_QUESTION = re.compile(r"\b(?:que significa|por que|como (?:se|leo|interpreto)|para que|quien)\b")
_FILLER = re.compile(r"\b(?:por favor|porfa|porfavor|gracias|saldo|saldos|de saldo|en png|en imagen)\b")
_COMPANY = {"empresa", "la empresa", "toda la empresa", "compania", "todo", "todos", "general", "total"}


@dataclass(frozen=True)
class ChartRequest:
    """What to draw: `client` (code or name) or None for the company; `asset` or None for every type."""

    client: str | None = None
    asset: str | None = None
    days: int = DEFAULT_DAYS

    def label(self) -> str:
        if self.client:
            return f"gráfica del {self.client}"
        return f"gráfica de {self.asset}" if self.asset else "gráfica de la empresa"


_JOINING = re.compile(r"^(?:(?:del?|la|el|los|las|cliente)\s+)+|(?:\s+(?:del?|la|el|los|las|para))+$")


def _target(rest: str, days: int) -> ChartRequest:
    """The client and the asset type named: an asset word as admins say it (`backend.core.asset_words`:
    «canasta», «pallets», «canastilas»), alone or before or after the client («/grafica 412 canasta»,
    «gráfica de estibas del 310»); the rest is the client, nothing (or «empresa», «todo») the company."""
    rest = " ".join(_FILLER.sub(" ", rest).split()).strip(" .")
    rest, asset = split_asset(_JOINING.sub("", rest).strip())
    rest = _JOINING.sub("", rest).strip()
    if not rest or rest in _COMPANY:
        return ChartRequest(asset=asset, days=days)
    return ChartRequest(client=rest, asset=asset, days=days)


def requested_chart(text: str) -> ChartRequest | None:
    """The chart `text` asks for, or None when it is not a chart request (the caller goes on to /v1/ask).

    A chart word (gráfica, gráfico) not inside a question about it; «de/del <x>» names a client (code,
    spoken number or name) or an asset type (canastillas, estibas, tapas); «de los últimos N días» sets
    the window (7–365); nothing named → the company total.
    """
    folded = canonical_text(text)
    if not _CHART.search(folded) or _QUESTION.search(folded):
        return None
    days = DEFAULT_DAYS
    if match := _DAYS.search(folded):
        said = match.group(1).lstrip("0") or "0"
        days = MAX_DAYS if len(said) > 3 else min(MAX_DAYS, max(MIN_DAYS, int(said)))  # «9999 días» is a window too
        folded = (folded[: match.start()] + folded[match.end() :]).strip()
    match = _TARGET.search(folded)
    return _target(match.group(1) if match else "", days)


def command_request(args: list[str]) -> ChartRequest:
    """/grafica arguments: none → company; an asset word → that type; anything else → a client, also
    one that folds to nothing («😀», «..»: searched as typed, not dropped for the company's chart)."""
    typed = typed_text(clean_text(" ".join(args), single_line=True))  # «/grafica ４１２»: client 412
    request = _target(canonical_text(typed), DEFAULT_DAYS)
    if typed and not canonical_text(typed).strip(" ."):
        return ChartRequest(client=typed)
    return request


async def _send_photo(
    context: BotContext, chat_id: int, png: bytes, caption: str, filename: str, thread_id: int | None
) -> None:
    """sendPhoto; flood control (`RetryAfter`) is the Application's `AIORateLimiter` (one retry)."""

    async def send(chat: int, thread: int | None) -> Message:
        return await context.bot.send_photo(chat, png, caption=caption, filename=filename, message_thread_id=thread)

    await delivered(send, chat_id, thread_id)


async def send_chart(update: Update, context: BotContext, request: ChartRequest) -> bool:
    """Fetch and send the chart as a photo; store the pair and return True. Any failure: a Spanish
    message in the chat, nothing stored, False."""
    if (to := target(update)) is None:
        return False
    data = context.bot_data
    interval = data.settings.typing_interval_s
    async with chat_action(context.bot, to.chat_id, interval, ChatAction.UPLOAD_PHOTO, thread_id=to.thread_id):
        try:
            png, title, code, filename = await data.backend.balance_chart(
                to.user_id, client=request.client, asset=request.asset, days=request.days
            )
        except BackendError as exc:  # not found, ambiguous name (the list), backend down
            log.info("chart %s not drawn: %s", request, exc)
            await to.say(context.bot, exc.message)
            return False
        caption = f"{title} — saldo diario, últimos {request.days} días"
        try:
            await _send_photo(context, to.chat_id, png, caption, filename, to.thread_id)
        except TelegramError as exc:
            log.warning("sending the chart %s failed: %s", request, exc)
            await to.say(context.bot, MSG_SEND_FAILED)
            return False
    focus = [FocusEntity(kind="client", key=code, label=title)] if code else None  # None: focus unchanged
    data.memory.store(to.key, request.label(), f"Te envié la gráfica: {caption}.", focus=focus)
    return True


async def on_grafica(update: Update, context: BotContext) -> None:
    """/grafica [código o nombre | canastillas]."""
    await send_chart(update, context, command_request(list(context.args or [])))


async def maybe_send_chart(update: Update, context: BotContext, text: str) -> bool:
    """True when `text` asked for a chart and it was handled here; False otherwise."""
    request = requested_chart(text)
    if request is None:
        return False
    await send_chart(update, context, request)
    return True
