"""What the answers about one entity share: the focus each sets, and the asset-type check."""

from __future__ import annotations

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles
from backend.understanding import lexicon as lx


def client_focus(c: store_clients.Client) -> list[FocusEntity]:
    return [FocusEntity(kind="client", key=c.code, label=c.label)]


def vehicle_focus(v: store_vehicles.Vehicle) -> list[FocusEntity]:
    return [FocusEntity(kind="vehicle", key=v.plate, label=v.plate)]


def driver_focus(d: store_vehicles.Driver) -> list[FocusEntity]:
    return [FocusEntity(kind="driver", key=d.document_number, label=d.full_name)]


def note_focus(number: str) -> list[FocusEntity]:
    return [FocusEntity(kind="delivery_note", key=number, label=f"remisión {number}")]


def no_asset(ask: Ask) -> Exact | None:
    """«Frigorífico Andino no maneja canastas de leche.» when the asset type asked is not the company's."""
    if ask.q.asset and ask.asset() is None:
        what = f"{ask.q.asset}s" + (" de leche" if "leche" in ask.q.tokens else "")
        return Exact(f"{r.company_short(ask.company.name)} no maneja {what}.", "not_found", "asset.unknown")
    return None


def unknown_field(ask: Ask, who: str, kept: str, focus: list[FocusEntity]) -> Exact:
    """«No tengo el NIT de [412] …: de los clientes guardo código, nombre, ciudad y saldos.» — a field
    fleetops does not keep (`who` names the entity, `kept` says what is kept of its kind)."""
    asked = next((lx.UNKNOWN_FIELDS[t] for t in ask.q.tokens if t in lx.UNKNOWN_FIELDS), "ese dato")
    if ask.q.attribute == "phone":
        asked = "el teléfono"
    return Exact(f"No tengo {asked} de {who}: {kept}.", intent="unknown_field", focus=focus, confident=True)


KEPT = (
    "guardo clientes (código, nombre, ciudad y saldos), remisiones, vehículos, conductores y vencimientos de"
    " documentos y licencias"
)


def asks_unknown_of_kind(ask: Ask) -> bool:
    """«¿cuánto vale una canastilla?», «¿cuánto pesa una estiba?»: a field fleetops does not keep, of a kind
    of thing rather than of one client or vehicle (no follow-up marker: not «¿y su dirección?»)."""
    q = ask.q
    generic = bool(q.asset) or bool({"un", "una"} & set(q.tokens))
    return q.attribute == "unknown" and generic and not q.follow_up and not q.names_entity()


def unknown_of_kind(ask: Ask) -> Exact:
    """«No tengo el precio de las canastillas: de ellas guardo cuántas tiene cada cliente y sus
    movimientos.» (`asks_unknown_of_kind`); without an asset, what fleetops keeps."""
    asked = next((lx.UNKNOWN_FIELDS[t] for t in ask.q.tokens if t in lx.UNKNOWN_FIELDS), "ese dato")
    asset = ask.asset()
    if asset is not None:
        article = "las" if fold(asset.name).split()[0].endswith("a") else "los"  # «canasta de leche»
        kept = "de ellas" if article == "las" else "de ellos"
        text = (
            f"No tengo {asked} de {article} {asset.plural}: {kept} guardo cuántas tiene cada cliente y sus movimientos."
        )
    else:
        text = f"No tengo {asked}: {KEPT}."
    return Exact(text, intent="unknown_field", confident=True)
