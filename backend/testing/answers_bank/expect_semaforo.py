"""Expected answers about one vehicle's semáforo colour (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import Expected, Must, _exp, date_numbers, digits, es_date

#: the vehicle's state (`OracleBase.vehicle_light`) -> the words the answer names it with
_SAID = {
    "sin": ("sin documentos",),
    "vencido": ("vencido",),
    "incompleto": ("incompleto",),
    "rojo": ("rojo",),
    "amarillo": ("amarillo",),
    "verde": ("verde",),
}


class SemaforoExpect(OracleBase):
    def vehicle_semaforo(self, plate: str, said: str | None = None) -> Expected:
        """«semáforo de la TPV948», «¿la KLM482 está en rojo?» (`said`: the colour asked, answered Sí/No
        first): the vehicle's colour and why — each required document expired, else the one due first."""
        light = self.vehicle_light(plate)
        needed = [d for d in self.c.docs if d["plate"] == plate and d["doc_type"] in self.required(plate)]
        why = [d for d in needed if d["days"] < 0] if light == "vencido" else needed[:0]
        if light in ("rojo", "amarillo", "verde"):
            why = [min(needed, key=lambda d: d["days"])]
        must: list[Must] = [plate, _SAID[light]]
        numbers = digits(plate)
        for d in why:
            must += [{"SOAT": "SOAT", "TECNOMECANICA": "tecnomecánica", "POLIZA_RC": "póliza RC"}[d["doc_type"]]]
            must.append(es_date(d["expires"]))
            numbers |= date_numbers(d["expires"]) | {abs(d["days"])}
        if said is not None:
            must.insert(0, ("Sí",) if said == light else ("No",))
        return _exp("answer", must, numbers)
