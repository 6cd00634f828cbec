"""Bank questions of client names typed on a phone: lower case, no accents, no punctuation. A number that is
part of the name found is no code asked («saldo de el sol 24 h»: no «No tengo un cliente con el código
24»); apostrophes, dots and hyphens may be left out («dluca» is D'LUCA, «sas» or «s a s» is S.A.S.); a name
typed whole is that client, not the longer names holding it («fruver la primavera» is not «… #2»), and two
names that differ only by their legal form are still both listed."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("typed_name", FA, "saldo de el sol 24 h", "alone", "balances", "77", style="typo")
add("typed_name", FA, "cuantas estibas tiene el sol 24 h", "alone", "balance", "77", "estibas", style="typo")
add("typed_name", FA, "saldo del minimercado el sol 24", "alone", "balances", "77", style="typo")
add("typed_name", FA, "saldo dluca", "alone", "balances", "007", style="typo")
add("typed_name", FA, "cuantas tapas tiene carnes dluca y hermanos", "alone", "balance", "007", "tapas", style="typo")
add("typed_name", FA, "en q ciudad queda dluca", "alone", "city", "007", style="typo")
add("typed_name", FA, "en que ciudad queda la economia", "alone", "city", "1050", style="typo")
add("typed_name", FA, "saldo fruver la primavera", "alone", "balances", "629", style="typo")
add("typed_name", FA, "saldo avicola dona rosa", "alone", "balances", "439", style="typo")
add("typed_name", FA, "saldo deposito el progreso s a s", "alone", "balances", "764", style="typo")
add("typed_name", FA, "saldo panaderia villa nueva sas", "alone", "balances", "314", style="typo")
add("typed_name", FA, "saldo comercial el dorado 2", "alone", "balances", "320", style="typo")
add("typed_name", FA, "saldo distribuidora la 80 sas", "alone", "balances", "672", style="typo")
add("typed_name", FA, "saldo comercial los andes", "ambiguous_clients", "comercial los andes", style="typo")
add("typed_name", LV, "saldo de supermercado el roble", "alone", "balances", "563", style="typo")
add("typed_name", LV, "saldo fruver el roble 2", "alone", "balances", "930", style="typo")
add(
    "typed_name",
    LV,
    "cuantas canastillas tiene pescaderia la 33",
    "alone",
    "balance",
    "523",
    "canastillas",
    style="typo",
)
