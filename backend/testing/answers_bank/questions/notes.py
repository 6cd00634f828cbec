"""Bank questions about delivery notes, what moved and in which period."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("note", FA, "¿a quién se entregó la remisión 8297?", "note", "8297", "client")
add("note", FA, "¿qué día fue la remisión 8297?", "note", "8297", "date")
add("note", FA, "¿qué vehículo llevó la remisión 8297?", "note", "8297", "vehicle")
add("note", FA, "¿quién llevó la remisión 8297?", "note", "8297", "driver")
add("note", FA, "¿cuántas tapas se devolvieron en la remisión 8297?", "note", "8297", "qty", "tapas", "return")
add("note", FA, "¿cuántas estibas se despacharon en la remisión 8297?", "note", "8297", "qty", "estibas", "dispatch")
add(
    "note",
    FA,
    "¿cuántas canastillas devolvió el cliente en la remisión 7851?",
    "note",
    "7851",
    "qty",
    "canastillas",
    "return",
)
add("note", FA, "¿qué se despachó en la remisión 7851?", "note", "7851", "lines", "", "dispatch")
add("note", FA, "quien llevo la remision siete ocho cinco uno", "note", "7851", "driver", style="spoken")
add("note", FA, "de quien es la remsion 8297", "note", "8297", "client", style="typo")
add("note", LV, "¿a qué cliente fue la remisión 52072?", "note", "52072", "client")
add(
    "note",
    LV,
    "¿cuántas canastas de leche se despacharon en la remisión 52071?",
    "note",
    "52071",
    "qty",
    "canastas de leche",
    "dispatch",
)
add("note", LV, "¿qué placa llevó la remisión 52072?", "note", "52072", "vehicle")
add("note", LV, "¿quién llevó la remisión 52071?", "note", "52071", "driver")
add("period", FA, "remisiones del 310 en noviembre", "client_notes", "310", "noviembre")
add("period", FA, "¿qué remisiones tuvo el 412 en octubre?", "client_notes", "412", "octubre")
add("period", FA, "remisiones del 310 en octubre", "client_notes", "310", "octubre")
add("period", FA, "remisiones del 1050 del 1 al 15 de noviembre", "client_notes", "1050", "1-15 noviembre")
add("period", FA, "¿qué remisiones tuvo el 007 el mes pasado?", "client_notes", "007", "mes pasado")
add("period", FA, "remisiones del 310 la semana pasada", "client_notes", "310", "semana pasada")
add("period", FA, "¿cuántas remisiones hubo ayer?", "notes_in", "ayer", True)
add("period", FA, "¿hubo remisiones hoy?", "notes_in", "hoy", True)
add("period", FA, "¿cuántas canastillas despachamos ayer?", "moved", "canastillas", "dispatch", "ayer")
add("period", FA, "¿cuántas estibas devolvieron ayer?", "moved", "estibas", "return", "ayer")
add("period", FA, "¿qué documentos vencen esta semana?", "docs_between", "esta semana")
add("period", FA, "¿qué documentos vencen en los próximos 15 días?", "docs_between", "proximos 15")
add("period", FA, "¿qué SOAT vencen este mes?", "docs_between", "este mes", "SOAT")
add("period", FA, "tecnomecánicas que vencen en los próximos 7 días", "docs_between", "proximos 7", "TECNOMECANICA")
add("period", FA, "remisiones del trescientos diez en noviembre", "client_notes", "310", "noviembre", style="spoken")
add("period", FA, "que documentos se vencen esta semana", "docs_between", "esta semana", style="spoken")
add("period", FA, "¿cuántas remisiones llevamos esta semana?", "notes_in", "esta semana", True)
add("period", FA, "¿cuántas remisiones van este mes?", "notes_in", "este mes", True)
add("period", FA, "remisiones del 1050 en septiembre", "client_notes", "1050", "septiembre")
add("period", FA, "¿qué vence en los próximos 30 días?", "docs_between", "proximos 30")
add("period", LV, "remisiones del 412 en noviembre", "client_notes", "412", "noviembre")
add("period", LV, "¿cuántas remisiones hubo ayer?", "notes_in", "ayer", True)
add("period", LV, "remisiones de ayer", "notes_in", "ayer")
add("period", LV, "¿qué documentos vencen en los próximos 15 días?", "docs_between", "proximos 15")
add("period", LV, "remisiones del 500 en octubre", "client_notes", "500", "octubre")
add("period", LV, "¿cuántas canastas de leche despachamos ayer?", "moved", "canastas de leche", "dispatch", "ayer")
add("note", FA, "¿cuántas estibas devolvieron en la remisión 7690?", "note", "7690", "qty", "estibas", "return")
add("note", FA, "¿de qué fecha es la remisión 8423?", "note", "8423", "date")
add("note", LV, "¿qué conductor llevó la remisión 51745?", "note", "51745", "driver")
add("note", FA, "la remision ocho dos nueve siete a quien se entrego", "note", "8297", "client", style="spoken")
add("period", FA, "¿cuántas tapas devolvieron ayer?", "moved", "tapas", "return", "ayer")
add("period", FA, "remisiones del 007 en septiembre", "client_notes", "007", "septiembre")
add("period", FA, "¿cuántas remisiones hubo la semana pasada?", "notes_in", "semana pasada", True)
add("period", LV, "¿qué documentos vencen este mes?", "docs_between", "este mes")
add("period", FA, "¿qué pólizas vencen en los próximos 30 días?", "docs_between", "proximos 30", "POLIZA_RC")
add("period", FA, "remisiones de puerto claro en octubre", "client_notes", "412", "octubre")
add(
    "note",
    FA,
    "¿cuántas canastillas se despacharon en la remisión 8423?",
    "note",
    "8423",
    "qty",
    "canastillas",
    "dispatch",
)
add("note", FA, "remisión 7690 quién la llevó", "note", "7690", "driver")
add("note", LV, "¿qué día fue la remisión 51745?", "note", "51745", "date")
add("period", FA, "¿qué remisiones tuvo el 131 en octubre?", "client_notes", "131", "octubre")
add("period", LV, "remisiones del 131 en septiembre", "client_notes", "131", "septiembre")
add("period", FA, "¿cuántas estibas despachamos la semana pasada?", "moved", "estibas", "dispatch", "semana pasada")
add("period", FA, "¿qué tecnomecánicas vencen esta semana?", "docs_between", "esta semana", "TECNOMECANICA")
add("period", LV, "¿qué vence en los próximos 7 días?", "docs_between", "proximos 7")
add("period", FA, "¿qué documentos vencieron en noviembre?", "docs_between", "noviembre")
add("period", FA, "¿qué vence en diciembre?", "docs_between", "este mes")
add("note", FA, "¿en qué vehículo se llevó la remisión 7851?", "note", "7851", "vehicle")
add(
    "note",
    LV,
    "¿cuántas canastillas se devolvieron en la remisión 52069?",
    "note",
    "52069",
    "qty",
    "canastillas",
    "return",
)
add("note", FA, "¿quién hizo la entrega de la remisión 8423?", "note", "8423", "driver")
# movement totals over long or open periods are summed in SQL (no row cap), and «en total» with a movement
# is what moved, not the street balance
add("moved", FA, "¿cuántas canastillas se han devuelto en total?", "moved", "canastillas", "return", "todo")
add("moved", FA, "total de estibas despachadas este año", "moved", "estibas", "dispatch", "este año")
add("moved", LV, "¿cuántas canastas de leche hemos despachado?", "moved", "canastas de leche", "dispatch", "todo")
# ranges across months
add(
    "range", FA, "¿cuántas estibas se despacharon entre febrero y mayo?", "moved", "estibas", "dispatch", "febrero-mayo"
)
add(
    "range",
    FA,
    "canastillas devueltas desde el 15 de marzo hasta el 20 de agosto",
    "moved",
    "canastillas",
    "return",
    "15 marzo-20 agosto",
)
add(
    "range",
    LV,
    "canastas de leche despachadas de octubre de 2025 a marzo",
    "moved",
    "canastas de leche",
    "dispatch",
    "octubre 2025-marzo",
)
# «qué se despachó / devolvió» without an asset: every asset type; a new question is not merged onto a count
add(
    "moved_all",
    FA,
    ["¿cuántas remisiones hubo ayer?", "devoluciones de esta semana"],
    "moved_all",
    "return",
    "esta semana",
)
add("moved_all", FA, "q se devolvio la semana pasada", "moved_all", "return", "semana pasada")
add("moved_all", LV, ["¿cuántos vehículos tenemos?", "despachos del mes pasado"], "moved_all", "dispatch", "mes pasado")
# counts over long periods are counted in SQL (no row cap)
add("moved", FA, "¿cuántas remisiones hubo este año?", "notes_in", "este año", True)
add(
    "moved",
    LV,
    "¿cuántas canastillas se devolvieron del 1 de enero al 30 de noviembre?",
    "moved",
    "canastillas",
    "return",
    "1 enero-30 noviembre",
)
# open and yearly periods; a period's words ask no attribute («lo que va del año»)
add(
    "range",
    FA,
    ["¿cuántas estibas se han devuelto desde marzo?", "¿y en lo que va del año?"],
    "moved",
    "estibas",
    "return",
    "este año hasta hoy",
)
add("range", FA, "canastillas despachadas el año pasado", "moved", "canastillas", "dispatch", "año pasado")
add("note_lines", FA, ["pdf:8486", "¿qué llevó?"], "note", "8486", "lines")
add("note_lines", FA, ["pdf:8297", "¿qué contenía?"], "note", "8297", "lines")
add("note_lines", FA, ["remisión 7851", "¿qué se despachó?"], "note", "7851", "lines", "", "dispatch")
add("note_lines", LV, ["¿quién llevó la remisión 52072?", "¿y qué llevó?"], "note", "52072", "lines")
add("no_sticky_period", FA, ["¿qué remisiones hizo la CQN859 esta semana?", "964"], "client_notes", "964", "todo")
