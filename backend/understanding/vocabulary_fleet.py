"""The vehicle and document words: folded keywords -> document types, vehicle kinds, document statuses,
semáforo colours, active flags, expiry words. Data only; `lexicon` corrects typos against it."""

from __future__ import annotations

DOCS = {
    "soat": "SOAT",
    "tecnomecanica": "TECNOMECANICA",
    "tecno": "TECNOMECANICA",
    "tecnicomecanica": "TECNOMECANICA",
    "revision": "TECNOMECANICA",
    "poliza": "POLIZA_RC",
    "rc": "POLIZA_RC",
    "polizas": "POLIZA_RC",
    "polisa": "POLIZA_RC",
    "polisas": "POLIZA_RC",
    "tecnicomecanicas": "TECNOMECANICA",
    "tecnomecanicas": "TECNOMECANICA",
}
VEHICLE_KINDS = {
    "motocarro": "motocarro",
    "motocarros": "motocarro",
    "furgon": "furgón",
    "furgones": "furgón",
    "camion": "camión",
    "camiones": "camión",
    "tractocamion": "tractocamión",
    "tractocamiones": "tractocamión",
    "tracto": "tractocamión",
    "tractomulas": "tractocamión",
    "tractomula": "tractocamión",
    "mulas": "tractocamión",
}
STATUS = {
    "vencido": "vencido",
    "vencidos": "vencido",
    "vencida": "vencido",
    "vencidas": "vencido",
    "vencio": "vencido",
    "vencieron": "vencido",
    "caducado": "vencido",
    "caducados": "vencido",
    "vigente": "vigente",
    "vigentes": "vigente",
}
#: semáforo colour said -> the status of `document_expiries` it names (README «Data model in short»)
LIGHTS = {
    "rojo": "rojo",
    "rojos": "rojo",
    "roja": "rojo",
    "rojas": "rojo",
    "amarillo": "amarillo",
    "amarillos": "amarillo",
    "amarilla": "amarillo",
    "amarillas": "amarillo",
    "verde": "verde",
    "verdes": "verde",
}
ACTIVE = {
    "activo": True,
    "activos": True,
    "activa": True,
    "activas": True,
    "inactivo": False,
    "inactivos": False,
    "inactiva": False,
    "inactivas": False,
    "desactivado": False,
    "desactivados": False,
}
EXPIRY = {
    "vence",
    "vencen",
    "vencer",
    "vencimiento",
    "vencimientos",
    "caduca",
    "caducan",
    "expira",
    "expiran",
    "semaforo",
    "renovar",
    "vencera",
    "venceran",
}
