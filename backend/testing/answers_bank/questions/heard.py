"""Bank questions of keywords typed by ear (the facts round of session 10): the closed vocabulary spelled as it
sounds, as phone typing or a voice transcript gives it — «amariyo», «berde», «roho», «soad» / «zoat» (SOAT),
«estivaz», «bencidos», «kanastiyas» — read as the keyword (`understanding/sound_key.py`), never applied to
names. Each failed before: the word was taken for a client's name, or dropped."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("heard", FA, "documentos en amariyo", "docs_in_light", "amarillo", style="typo")
add("heard", LV, "q documentos estan en amariyo", "docs_in_light", "amarillo", style="typo")
add("heard", FA, "cuantos vehiculos estan en berde", "vehicles_in_light", "verde", None, True, style="typo")
add("heard", LV, "cuantos carros estan en berde", "vehicles_in_light", "verde", None, True, style="typo")
add("heard", FA, "cuales estan en roho", "docs_in_light", "rojo", style="typo")
add("heard", FA, "cuando vence el soad de la KLM482", "vehicle_doc", "KLM482", "SOAT", style="typo")
add("heard", LV, "cuando vence el zoat de la VLL330", "vehicle_doc", "VLL330", "SOAT", style="typo")
add("heard", FA, "que vehiculos tienen el zoat vencido", "docs_status", "vencido", "SOAT", style="typo")
add("heard", FA, "cuantas estivaz tiene el 412", "balance", "412", "estibas", style="typo")
add(
    "heard",
    FA,
    "que ciudad tiene mas estivaz",
    "grouped",
    "city",
    "saldo",
    "estibas",
    None,
    None,
    1,
    False,
    None,
    None,
    style="typo",
)
add("heard", FA, "cuando vense la licensia de diego arango", "licence", "1072416216", style="typo")
add("heard", FA, "cuando vence la tegno de la KLM482", "vehicle_doc", "KLM482", "TECNOMECANICA", style="spoken")
add("heard", FA, "cuando vence el s o a t de la KLM482", "vehicle_doc", "KLM482", "SOAT", style="spoken")
add("heard", LV, "cuando vence el S.O.A.T. de la VLL330", "vehicle_doc", "VLL330", "SOAT", style="typo")
add("heard", FA, "cuantas remisiones hubo en nobienbre", "notes_in", "noviembre", True, style="typo")
