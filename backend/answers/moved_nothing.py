"""A period's units moved said naturally when nothing moved: «Hoy no se ha despachado nada aún.» rather than
«Hoy se despacharon 0 canastillas, 0 estibas y 0 tapas.» (a period not over yet: «aún»; one asset type
asked: «no se han despachado canastillas»)."""

from __future__ import annotations

from backend.answers.model import Ask
from backend.answers.notes_of import moved_in
from backend.store.asset_types import AssetType

# (movement, one asset type said, period not over) -> the words: «no se ha despachado nada aún»
_NOTHING = {
    ("dispatch", False, False): "no se despachó nada",
    ("dispatch", True, False): "no se despacharon {what}",
    ("dispatch", False, True): "no se ha despachado nada aún",
    ("dispatch", True, True): "no se han despachado {what} aún",
    ("return", False, False): "no se devolvió nada",
    ("return", True, False): "no se devolvieron {what}",
    ("return", False, True): "no se ha devuelto nada aún",
    ("return", True, True): "no se han devuelto {what} aún",
}


async def nothing_moved(ask: Ask, chosen: list[AssetType], movement: str) -> str | None:
    """«no se ha despachado nada aún» (the words after the period's label) when none of `chosen` moved so in
    the question's period (of `ask.city`'s clients when set), else None (the figures are said)."""
    sums = await moved_in(ask, ask.q.period, None, city=ask.city)
    index = 0 if movement == "dispatch" else 1
    if any(sums.get(a.code, (0, 0))[index] for a in chosen):
        return None
    period = ask.q.period
    ongoing = period is not None and period.end >= ask.company.today
    said = _NOTHING[(movement, len(chosen) == 1, ongoing)].format(what=chosen[0].plural)
    if ask.city:
        said += f" a clientes de {ask.city}" if movement == "dispatch" else f" de clientes de {ask.city}"
    return said
