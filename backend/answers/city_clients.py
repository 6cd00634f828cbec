"""The city with the most (or fewest) clients: «¿qué ciudad tiene más clientes?» (was «Hay 320 clientes.»)."""

from __future__ import annotations

from backend.answers import render as r
from backend.answers.model import Exact
from backend.core import spanish


def most_clients_city(per_city: list[tuple[str, int]], fewest: bool) -> Exact:
    """«La ciudad con más clientes es Envigado: 41 clientes. Le siguen Rionegro (39) y Cali (34).» (ties named)."""
    ranked = sorted(((c, n) for c, n in per_city if c), key=lambda cn: (cn[1] if fewest else -cn[1], cn[0]))
    if not ranked:
        return Exact("No hay clientes registrados.", intent="clients.per_city")
    most = "menos" if fewest else "más"
    best = [c for c, n in ranked if n == ranked[0][1]]
    said = spanish.plural(ranked[0][1], "cliente", "clientes")
    if len(best) > 1:
        return Exact(f"Empatan con {most} clientes {r.enumeration(best)}: {said} cada una.", intent="clients.per_city")
    after = ranked[1:3]
    then = f" Le siguen {r.enumeration([f'{c} ({spanish.number(n)})' for c, n in after])}." if after else ""
    text = f"La ciudad con {most} clientes es {best[0]}: {said}.{then}"
    return Exact(text, intent="clients.per_city", confident=True)
