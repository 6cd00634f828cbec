"""Spanish words that compare a figure with an amount («más de 200», «supera los 300»), folded; one list
for the parser of yes-or-no figures (`backend.answers.yes_no`) and the mention finder, which must not take
the amount for a code (`backend.context.mentions`)."""

from __future__ import annotations

#: «más de», «menos que», «mayor a», «por encima de» … then the amount.
BEYOND = frozenset({"mas", "menos", "mayor", "menor", "arriba", "encima", "debajo"})
#: Verbs that say «more than» by themselves: «pasa de 300», «supera los 100.000».
EXCEEDS = frozenset({"pasa", "pasan", "supera", "superan", "sobrepasa", "sobrepasan", "excede", "exceden"})
