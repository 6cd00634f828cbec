"""What /saldo and /vencimientos leave in the chat's working memory, so the next question can follow up
on them like on any answer: «/saldo 412» then «¿y en qué ciudad queda?» is about [412]; «/vencimientos»
then «¿quién maneja el primero?» picks from that list.

Each pair is stored only after its reply was sent (a failed send stores nothing): the question in words
(«saldo del cliente 412», «documentos vencidos o por vencer en los próximos 30 días»), the reply as the
user read it (HTML removed; `WorkingMemory.store` trims it), and the focus: the client when /saldo found
exactly one, the focus cleared after /vencimientos (a list of the fleet, about no single client any
more), unchanged when /saldo found several clients.
"""

from __future__ import annotations

from backend.contract import ClientMatch, FocusEntity
from backend.core import spanish
from backend.core.text import clean_text
from bot.memory import ChatKey, WorkingMemory
from bot.replies import plain_from_html


def client_label(match: ClientMatch) -> str:
    """«[412] DISTRIBUIDORA PUERTO CLARO»: a client as every answer names it."""
    return f"[{match.code}] {match.name}"


def remember_balance(
    memory: WorkingMemory, key: ChatKey, query: str, matches: list[ClientMatch], reply_html: str
) -> None:
    """Store the /saldo exchange for `query` (the command's argument) whose sent reply was `reply_html`."""
    focus = [FocusEntity(kind="client", key=m.code, label=client_label(m)) for m in matches[:1]]
    memory.store(
        key,
        f"saldo del cliente {clean_text(query, single_line=True)}",  # a lone surrogate could not be sent on
        plain_from_html(reply_html),
        focus=focus if len(matches) == 1 else None,
    )


def expiries_question(days: int, *, whole: bool) -> str:
    """The question /vencimientos `days` stands for in memory, as the backend reads it again when a list
    the memory cut short is picked from: the same documents, the expired ones included, and «todos» when
    the user saw the whole list (`whole`), so «el último» is the last line they read."""
    asked = f"documentos vencidos o por vencer en los próximos {spanish.plural(days, 'día', 'días')}"
    return f"{asked}, todos" if whole else asked


def remember_expiries(memory: WorkingMemory, key: ChatKey, days: int, whole: bool, reply_html: str) -> None:
    """Store the /vencimientos exchange for `days` (1–365) whose sent reply was `reply_html`; `whole`: it
    showed every line (`views.MAX_EXPIRIES` or fewer, or «todos»)."""
    memory.store(key, expiries_question(days, whole=whole), plain_from_html(reply_html), focus=[])
