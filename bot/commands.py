"""Admin commands (Spanish): /start /ayuda /help /olvidar /memoria /saldo /vencimientos /estado
(/grafica is in `bot.charts`, /resumen and /alertas in `bot.digest`).

/saldo and /vencimientos use the backend's deterministic endpoints (no model); what they show is built
by `bot.views` (Spanish numbers, dates and document names through `backend.core.spanish`, every value from
the data HTML-escaped, so names arrive exactly as written).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TypeVar

from telegram import BotCommand, Update

from backend.contract import FocusEntity
from backend.core import spanish
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text, echoed
from bot import views
from bot.app_data import BotContext
from bot.backend_client import MSG_REGISTER, BackendError, NotAuthorized
from bot.command_memory import remember_balance, remember_expiries
from bot.examples import balance_usage, company_examples, question_examples
from bot.replies import Target, target

Result = TypeVar("Result")

COMMANDS = [
    BotCommand("start", "Bienvenida y registro"),
    BotCommand("ayuda", "Qué puedo hacer, con ejemplos"),
    BotCommand("saldo", "Saldo de envases de un cliente, por su código o su nombre"),
    BotCommand("vencimientos", "Documentos vencidos o por vencer: /vencimientos 30"),
    BotCommand("remision", "PDF de una remisión, por su número"),
    BotCommand("grafica", "Gráfica del saldo: de un cliente, de un tipo de envase o de toda la empresa"),
    BotCommand("resumen", "El resumen de la mañana, ahora"),
    BotCommand("alertas", "Resumen de la mañana: todos los días, solo si hay algo, o no"),
    BotCommand("memoria", "Lo que recuerdo de esta conversación"),
    BotCommand("olvidar", "Borrar la memoria de esta conversación"),
    BotCommand("estado", "Estado del servicio"),
]
"""Shown in Telegram's command menu (set_my_commands at startup): one menu for every user and company, so
no client code, plate or note number in it (the help's examples are the company's: `bot.examples`)."""

HELP = (
    "Soy el asistente de operaciones de tu flota. Pregúntame en lenguaje natural, por texto o nota de voz:\n"
    "{examples}\n"
    "Recuerdo las últimas {pairs} preguntas durante {minutes} minutos, "
    "así que puedes seguir con «¿y ese cuándo vence?».\n\n"
    "Comandos:\n"
    "/saldo <código o nombre> — saldo de envases de un cliente\n"
    "/vencimientos [días] — documentos vencidos o por vencer (30 días si no dices otro número; "
    "añade «todos» para la lista completa)\n"
    "/remision <número> — el PDF de una remisión\n"
    "/grafica [código o nombre] — gráfica del saldo de los últimos 90 días (sin nada: toda la empresa)\n"
    "/resumen — el resumen de la mañana, ahora\n"
    "/alertas — cuándo recibir el resumen de la mañana\n"
    "/memoria — lo que recuerdo ahora\n"
    "/olvidar — borrar la memoria de esta conversación\n"
    "/estado — estado del servicio"
)


async def _fetch(to: Target, context: BotContext, request: Awaitable[Result]) -> Result | None:
    """Await a backend read; on failure tell the user why (Spanish) and return None."""
    try:
        return await request
    except BackendError as exc:
        await to.say(context.bot, exc.message)
        return None


async def _help_text(to: Target, context: BotContext) -> str:
    """HELP with the examples of the sender's company (`bot.examples`; none for a non-admin)."""
    memory = context.bot_data.memory
    examples = "\n".join(f"• {line}" for line in question_examples(await company_examples(to, context)))
    return HELP.format(examples=examples, pairs=memory.size, minutes=round(memory.ttl_s / 60))


async def on_start(update: Update, context: BotContext) -> None:
    """/start: welcome an admin; in a private chat tell anyone else their Telegram id so the operator can
    register them (in a group: the refusal without it, `MSG_NOT_AUTHORIZED`)."""
    if (to := target(update)) is None:
        return
    try:
        me = await context.bot_data.backend.me(to.user_id)
    except NotAuthorized as exc:  # the user's own id only where only they see it: their private chat
        await to.say(
            context.bot, MSG_REGISTER.format(user_id=to.user_id) if exc.not_an_admin and to.private else exc.message
        )
        return
    except BackendError as exc:
        await to.say(context.bot, exc.message)
        return
    company = me.company.name
    name = me.name or to.user.first_name or ""
    greeting = f"¡Hola, {name}! " if name else "¡Hola! "
    where = f"Estás conectado a {company.rstrip('.')}.\n\n" if company else "\n"
    await to.say(context.bot, greeting + where + await _help_text(to, context))


async def on_help(update: Update, context: BotContext) -> None:
    """/ayuda, /help."""
    if (to := target(update)) is not None:
        await to.say(context.bot, await _help_text(to, context))


async def on_forget(update: Update, context: BotContext) -> None:
    """/olvidar: drop this chat's memory (pairs and focus) now."""
    if (to := target(update)) is None:
        return
    had = context.bot_data.memory.forget(to.key)
    await to.say(context.bot, "Listo, olvidé nuestra conversación." if had else "No tenía nada en memoria.")


def _age(seconds: float) -> str:
    minutes = int(seconds // 60)
    return "hace menos de 1 min" if minutes < 1 else f"hace {minutes} min"


_FOCUS_KINDS = {"client": "cliente", "vehicle": "placa", "driver": "conductor", "delivery_note": "remisión"}


def focus_line(focus: list[FocusEntity]) -> str | None:
    """«Tema: [412] DISTRIBUIDORA PUERTO CLARO · KLM482» (labels in the backend's order; «cliente 412»
    when an entity has no label); None without a focus."""
    if not focus:
        return None
    return "Tema: " + " · ".join(e.label or f"{_FOCUS_KINDS.get(e.kind, e.kind)} {e.key}" for e in focus)


async def on_memory(update: Update, context: BotContext) -> None:
    """/memoria: what the backend will get with the next question: the pairs and the focus («Tema:»)."""
    if (to := target(update)) is None:
        return
    memory, key = context.bot_data.memory, to.key
    pairs, topic = memory.pairs(key), focus_line(memory.focus(key))
    if not pairs and topic is None:
        await to.say(context.bot, "No tengo nada en memoria: tu próxima pregunta empieza una conversación nueva.")
        return
    now = memory.clock()
    lines = [
        f"Recuerdo {len(pairs)} de {memory.size} preguntas (la próxima pregunta las incluye):"
        if pairs
        else "No recuerdo preguntas anteriores."
    ]
    for n, pair in enumerate(pairs, 1):
        short = pair.q if len(pair.q) <= 60 else pair.q[:59].rstrip() + "…"
        lines.append(f"{n}. «{short}» — {_age(now - pair.at)}")
    if topic is not None:
        lines.append(topic)
    expires = memory.expires_in(key)
    if expires is not None:
        lines.append(f"La memoria se borra en {max(1, round(expires / 60))} min si no escribes. /olvidar la borra ya.")
    await to.say(context.bot, "\n".join(lines))


async def on_balance(update: Update, context: BotContext) -> None:
    """/saldo <código o nombre>: balances per asset type from GET /v1/clients (no model)."""
    if (to := target(update)) is None:
        return
    # «/saldo ４１２»: 412; cleaned as every command argument echoed back («\u202eCARNES» turned the reply)
    query = typed_text(clean_text(" ".join(context.args or []), single_line=True)).strip()
    if not query:
        await to.say(context.bot, balance_usage(await company_examples(to, context)))
        return
    found = await _fetch(to, context, context.bot_data.backend.client(query, to.user_id))
    if found is None:
        return
    if not found.matches:
        await to.say(context.bot, f"No encontré el cliente «{echoed(query)}».")
        return
    total = found.total if found.total is not None else len(found.matches)
    reply = views.clients(query, found.matches, total)
    await to.say(context.bot, reply, as_html=True)
    remember_balance(context.bot_data.memory, to.key, query, found.matches, reply)


EXPIRIES_USAGE = (
    "Uso: /vencimientos [días] [todos], con días entre 1 y 365. Ejemplo: /vencimientos 15 "
    "(«todos» muestra la lista completa)"
)


_DAYS = re.compile(r"[0-9]{1,3}")


def expiries_args(args: list[str]) -> tuple[int, bool] | None:
    """(days, show_all) from /vencimientos' arguments: "" -> (30, False), "15" -> (15, False),
    "15 todos" / "todos" -> show every line; None when they do not parse."""
    words = [typed_text(a).strip().lower() for a in args if a.strip()]  # «١٥», «１５»: 15
    show_all = any(w in {"todos", "todo", "todas"} for w in words)
    numbers = [w for w in words if w not in {"todos", "todo", "todas"}]
    # ASCII digits only (other scripts' digits are ASCII by now): «²» passed isdigit() and broke int()
    if len(numbers) > 1 or (numbers and (not _DAYS.fullmatch(numbers[0]) or not 1 <= int(numbers[0]) <= 365)):
        return None
    return (int(numbers[0]) if numbers else 30), show_all


async def on_expiries(update: Update, context: BotContext) -> None:
    """/vencimientos [días] [todos]: the semáforo from GET /v1/expiries (no model), most urgent first,
    capped at `views.MAX_EXPIRIES` lines unless «todos»."""
    if (to := target(update)) is None:
        return
    parsed = expiries_args(list(context.args or []))
    if parsed is None:
        await to.say(context.bot, EXPIRIES_USAGE)
        return
    days, show_all = parsed
    data = await _fetch(to, context, context.bot_data.backend.expiries(days, to.user_id))
    if data is None:
        return
    reply = views.expiries_reply(data, days, show_all=show_all)
    await to.say(context.bot, reply, as_html=True)
    whole = show_all or len(data.items) <= views.MAX_EXPIRIES
    remember_expiries(context.bot_data.memory, to.key, days, whole, reply)


async def on_status(update: Update, context: BotContext) -> None:
    """/estado: backend reachable, database, the model's recent state (as the backend saw its latest
    calls: no model call is made), chats in memory."""
    if (to := target(update)) is None:
        return
    backend, memory = context.bot_data.backend, context.bot_data.memory
    try:
        await backend.me(to.user_id)  # admins only
    except NotAuthorized as exc:
        await to.say(context.bot, exc.message)
        return
    except BackendError:
        pass  # reported below
    try:
        health = await backend.health()
    except BackendError:
        lines = ["Servidor: ❌ no responde"]
    else:
        lines = [
            "Servidor: ✅ en línea" if health.status == "ok" else "Servidor: ⚠️ con problemas",
            "Base de datos: " + ("✅ bien" if health.database == "ok" else "❌ con errores"),
            views.model_status(health),
        ]
    lines.append(f"Conversaciones en memoria: {spanish.number(len(memory))}")
    await to.say(context.bot, "\n".join(lines))


_ADDRESSED = re.compile(r"/(\w{1,32})@(\w{1,64})(?:\s+(.*))?", re.DOTALL)


async def on_unknown_command(update: Update, context: BotContext) -> None:
    """A command the bot does not know (private chats only). One of its own with another account's name
    («/saldo@otro_bot 412», copied from a group or from an older bot) says how to write it here; it was
    «No conozco ese comando», about a command the bot has."""
    if (to := target(update)) is None:
        return
    if (found := _ADDRESSED.fullmatch(clean_text(to.message.text or ""))) and found[1].lower() in _OWN:
        here = f"/{found[1].lower()} {echoed(clean_text(found[3] or '', single_line=True))}".strip()
        await to.say(context.bot, f"Ese comando va dirigido a @{found[2]}, otra cuenta. A mí escríbemelo así: {here}")
        return
    await to.say(context.bot, "No conozco ese comando. Escribe /ayuda para ver lo que puedo hacer.")


_OWN = frozenset({command.command for command in COMMANDS} | {"help"})
