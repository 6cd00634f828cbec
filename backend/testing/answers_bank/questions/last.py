"""Bank questions of the «último» round, each kind in several phrasings, both companies, first question
and follow-up:

- «¿quién fue el último conductor del 412?» / «¿quién le llevó la última remisión al 412?»: the driver of
  the client's latest note (with the note and its day), never the note's summary alone;
- «¿y cuál vence de último?» / «¿cuál vence más tarde?» / «¿cuál es la última en vencer?» after a list of
  licences or documents: the one of that list due last (the mirror of «¿cuál vence primero?»), never the
  list again nor the documents of the vehicle in focus;
- «licencias que vencen el próximo año» / «documentos que vencen el año que viene» / «el año entrante»:
  that year's, never the default 30 days (and «todos» after a capped list of that year: all of it).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# who carried a client's latest note: the driver
add("last_driver", FA, "¿quién fue el último conductor del 412?", "last_driver", "412")
add("last_driver", FA, "¿quién le llevó la última remisión al 412?", "last_driver", "412")
add("last_driver", FA, "quien le llevo la ultima remision al 310", "last_driver", "310", style="typo")
add("last_driver", LV, "¿quién fue el último conductor del 500?", "last_driver", "500")
add("last_driver", LV, "que conductor llevo la ultima remision del 412", "last_driver", "412", style="typo")
add("last_driver", LV, "¿quién llevó la última remisión al 412?", "last_driver", "412")
add("last_driver", FA, ["saldo del 310", "¿quién le llevó la última remisión?"], "last_driver", "310")
add("last_driver", FA, ["¿en qué ciudad queda el 412?", "y quien fue el ultimo conductor"], "last_driver", "412")
add("last_driver", LV, ["cuantas canastillas tiene el 412", "quien fue el ultimo chofer"], "last_driver", "412")
# the licence or document of a list due last (the mirror of «¿cuál vence primero?»)
add("listed_last", FA, ["licencias por vencer", "¿y cuál vence de último?"], "last_licence", "por vencer")
add("listed_last", FA, ["licencias", "cual vence mas tarde"], "last_licence", "vencido o por vencer", style="typo")
add(
    "listed_last",
    LV,
    ["¿cuántos conductores tienen la licencia al día?", "¿cuál vence de último?"],
    "last_licence",
    "al dia",
)
add(
    "listed_last",
    LV,
    ["¿qué conductores tienen la licencia vigente?", "¿cuál es la última en vencer?"],
    "last_licence",
    "vigente",
)
add("listed_last", FA, ["documentos por vencer", "¿y cuál vence de último?"], "last_document", "por vencer")
add("listed_last", FA, ["soat por vencer", "cual vence mas tarde"], "last_document", "por vencer", "SOAT", style="typo")
add("listed_last", LV, ["¿qué vence en enero de 2027?", "¿cuál vence más tarde?"], "last_document", "enero 2027")
add("listed_last", LV, ["que vence en enero del 2027", "y cual vence de ultimo"], "last_document", "enero 2027")
# a due list of the year said («el próximo año», «el año que viene»): that year, never the default 30 days
add("next_year", FA, "licencias que vencen el próximo año", "licences_between", "proximo año")
add("next_year", LV, "¿qué licencias vencen el año que viene?", "licences_between", "proximo año")
add("next_year", LV, "licencias q vencen el proximo ano", "licences_between", "proximo año", style="typo")
add("next_year", FA, "documentos que vencen el año que viene", "docs_between", "proximo año")
add("next_year", LV, "¿qué documentos vencen el próximo año?", "docs_between", "proximo año")
add("next_year", LV, "que soat vencen el año entrante", "docs_between", "proximo año", "SOAT", style="typo")
add("next_year", FA, ["licencias por vencer", "¿y el próximo año?"], "licences_between", "proximo año")
add("next_year", FA, ["documentos por vencer", "y el año que viene"], "docs_between", "proximo año")
add(
    "next_year",
    LV,
    ["que tecnomecanicas vencen este mes", "¿y el año que viene?"],
    "docs_between",
    "proximo año",
    "TECNOMECANICA",
)
add("next_year", LV, ["¿qué documentos vencen el próximo año?", "todos"], "docs_all_between", "proximo año")
