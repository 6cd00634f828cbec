"""Which movement a verb means, from whose side it is said. The data has two: a dispatch (we take crates to a
client) and a return (the client gives them back). An admin says either from the company's side, the
client's or the driver's:

- the company: «despachamos», «enviamos», «le dejamos», «le mandamos», «le llevamos» → dispatch; «recogimos»,
  «recibimos», «nos devolvió», «nos entregó», «nos trajo» → return;
- a client: «el 310 recibió», «se llevó», «le llegaron», «cuánto llevó» → dispatch (what it received is our
  dispatch to it); «devolvió», «entregó», «trajo», «regresó», «mandó» → return;
- a driver or vehicle: «diego toro llevó», «entregó», «dejó», «repartió» → dispatch (what he carried out, by
  his notes); «recogió», «trajo», «recibió» → return.

`movement_of` gives the movement when the verb says it for `owner` (client | driver | vehicle | None, the
company or unknown), else None (the vocabulary's `MOVEMENTS` then decide)."""

from __future__ import annotations

import re

_TO_CLIENT = re.compile(r"\b(?:le|les)\s+(?:\w+\s+)?(?:despach|envi|entreg|llev|mand|dej|lleg|repart|sal)\w*")
_TO_US = re.compile(r"\bnos\s+(?:\w+\s+)?(?:devolv|devuelv|entreg|mand|dej|traj|trae|regres|retorn)\w*")
_WE_DISPATCH = frozenset({"mandamos", "dejamos", "repartimos", "sacamos", "llevamos", "despachamos", "enviamos"})
_WE_RETURN = frozenset({"recogimos", "recibimos", "retiramos"})
_RECEIVES = frozenset({"recibio", "recibieron", "recibe", "reciben", "recibido", "llego", "llegaron", "pidio"})
_CARRIES = frozenset({"llevo", "llevaron", "lleva", "llevaba", "saco", "sacaron"})
_DELIVERS = frozenset({"entrego", "entregaron", "dejo", "dejaron", "mando", "mandaron", "repartio", "repartieron"})
_BRINGS_BACK = frozenset({"trajo", "trajeron", "trae", "traen", "regreso", "regresaron", "retorno", "recogio"})
#: the verbs this module reads (the parser keeps them out of names)
VERBS = _WE_DISPATCH | _WE_RETURN | _RECEIVES | _CARRIES | _DELIVERS | _BRINGS_BACK


def movement_of(toks: list[str] | tuple[str, ...], owner: str | None) -> str | None:
    """dispatch | return when a verb of `toks` (folded, typo-corrected) says it for `owner`, else None. «¿quién
    lo llevó?» asks a driver, not a quantity: None."""
    said = set(toks)
    if "quien" in said or "quienes" in said:
        return None
    joined = " ".join(toks)
    if _TO_CLIENT.search(joined) or said & _WE_DISPATCH:
        return "dispatch"
    if _TO_US.search(joined) or said & _WE_RETURN:
        return "return"
    if owner == "client":
        if said & (_RECEIVES | _CARRIES):
            return "dispatch"
        if said & (_DELIVERS | _BRINGS_BACK):
            return "return"
    elif owner in ("driver", "vehicle"):
        if said & (_CARRIES | _DELIVERS):
            return "dispatch"
        if said & (_BRINGS_BACK | _RECEIVES):
            return "return"
    return None


def owner_said(toks: list[str] | tuple[str, ...], *, code: bool, plate: bool) -> str | None:
    """Whose movement the question is about, as far as its words say: a client code or «cliente» → client;
    a plate → vehicle; «conductor» / «chofer» → driver; else None (a name: decided once it is resolved)."""
    said = set(toks)
    if {"conductor", "chofer", "conductores", "choferes"} & said:
        return "driver"
    if plate:
        return "vehicle"
    if code or {"cliente", "clientes"} & said:
        return "client"
    return None
