"""«¿Cuánto ha devuelto el 632 este año?», «¿cuánto devolvió la KLM482 en noviembre?», «¿cuántas estibas movió
el 632?»: units moved by one client, vehicle or driver — a quantity per asset type, never the number of
delivery notes. «¿Cuántas remisiones…?», «¿cuántas veces devolvió…?», «¿cuántos viajes…?» count notes
(`notes_of.counts_notes`).
"""

from __future__ import annotations

from backend.answers import render as r
from backend.store import asset_types as store_asset_types
from backend.store import movements as store_movements
from backend.understanding.parse import Question

_HOW_MUCH = frozenset({"cuanto", "cuanta", "cuantos", "cuantas"})
#: «movió»: dispatched and returned, both said
MOVED = frozenset({"movio", "movieron", "movido", "movimos", "mueve"})
_COUNTED = frozenset(
    {"remisiones", "veces", "viajes", "entregas", "entregadas", "despachos", "devoluciones", "movimientos"}
)


def asks_units(q: Question, asset: store_asset_types.AssetType | None) -> bool:
    """`q` asks how many units an owner moved: a movement (or «movió») with an asset said or «cuánto»,
    and no noun of notes counted («¿cuántas remisiones devolvió?» is a count)."""
    toks = set(q.tokens)
    moved = bool(q.movement) or bool(MOVED & toks)
    if not moved or _COUNTED & toks:
        return False
    return asset is not None or bool(_HOW_MUCH & toks)


def sums_of(
    totals: list[store_movements.NoteTotal], assets: list[store_asset_types.AssetType]
) -> dict[str, tuple[int, int]]:
    """Asset code -> (units dispatched, units returned) summed over `totals` (one owner's notes)."""
    out: dict[str, tuple[int, int]] = {a.code: (0, 0) for a in assets}
    for t in totals:
        out_d, out_r = out.get(t.asset.code, (0, 0))
        out[t.asset.code] = (out_d + t.dispatched, out_r + t.returned)
    return out


def sentence(
    label: str,
    owner: str,
    movement: str | None,
    sums: dict[str, tuple[int, int]],
    assets: list[store_asset_types.AssetType],
    when: str,
) -> str:
    """«[632] … devolvió 10.562 canastillas, 10.413 estibas y 9.195 tapas este año.»; a vehicle «llevó» /
    «recogió»; «movió» (no movement said) gives both: «despachó …; devolvió …». `when` with its leading space."""
    if (none := _nothing(label, owner, movement, sums, assets, when)) is not None:
        return none
    out = r.enumeration([r.plain_quantity(sums.get(a.code, (0, 0))[0], a) for a in assets])
    back = r.enumeration([r.plain_quantity(sums.get(a.code, (0, 0))[1], a) for a in assets])
    if owner == "client":
        if movement == "dispatch":
            return f"A {label}{when} se le despacharon {out}."
        if movement == "return":
            return f"{label} devolvió {back}{when}."
        return f"{label}{when}: se le despacharon {out}; devolvió {back}."
    if movement == "dispatch":
        return f"{label} llevó {out}{when}."
    if movement == "return":
        return f"{label} recogió de vuelta {back}{when}."
    return f"{label}{when}: llevó {out}; recogió de vuelta {back}."


# (owner, movement) -> what was not moved, before «nada» / «ninguna canastilla»
_NOT_MOVED = {
    ("client", "dispatch"): "A {label} no se le despachó {what}{when}.",
    ("client", "return"): "{label} no devolvió {what}{when}.",
    ("client", None): "{label} no recibió ni devolvió {what}{when}.",
    ("vehicle", "dispatch"): "{label} no llevó {what}{when}.",
    ("vehicle", "return"): "{label} no recogió de vuelta {what}{when}.",
    ("vehicle", None): "{label} no llevó ni recogió {what}{when}.",
}


def _nothing(
    label: str,
    owner: str,
    movement: str | None,
    sums: dict[str, tuple[int, int]],
    assets: list[store_asset_types.AssetType],
    when: str,
) -> str | None:
    """«A [412] … no se le despachó ninguna canastilla en noviembre.» when none of `assets` moved so (a
    «0 canastillas» figure says nothing moved less plainly), else None."""
    moved = [sums.get(a.code, (0, 0))[0 if movement == "dispatch" else 1] for a in assets]
    if movement is None:
        moved = [sum(sums.get(a.code, (0, 0))) for a in assets]
    if any(moved) or not assets:
        return None
    if len(assets) == 1:
        first = assets[0].name.split()[0]
        what = f"{'ninguna' if first.endswith('a') else 'ningún'} {assets[0].name}"
    else:
        what = "nada"
    key = (owner if owner == "client" else "vehicle", movement)
    return _NOT_MOVED[key].format(label=label, what=what, when=when)
