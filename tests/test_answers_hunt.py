"""Kinds of miss found asking phone-typed questions of both companies (session 5): «¿quién …?» with a status
asks which ones of the company's whatever is in focus; «semáforo» is the fleet's semáforo. Real
PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

from tests.answers_chain import ask_chain


async def test_who_has_a_status_is_the_companys_question_whatever_is_in_focus(fleet_conn):
    *_, after_list, after_vehicles, after_driver = await ask_chain(
        fleet_conn,
        [
            "licencias por vencer",
            "que conductor tiene la licencia vencida",  # not the one just listed
            "quien tiene la licencia vencida",
            "quien tiene el soat vencido",
        ],
    )
    expired = (  # the drivers round's wording: one driver, named with the vehicle
        "Hay 1 conductor con la licencia vencida: Diego Toro Zapata (vehículo MKU766); su licencia venció el 26 de"
        " noviembre de 2026 (hace 5 días)."
    )
    assert after_list.text == expired and after_vehicles.text == expired
    assert after_driver.text.startswith("Vehículos cuyo SOAT está vencido (3):")
    (own,) = await ask_chain(
        fleet_conn, ["¿su licencia está vencida?"], focus=[{"kind": "driver", "key": "1072416216"}]
    )
    assert own.text.startswith("No, la licencia de Diego Arango Muñoz")  # «su»: the one in focus, yes/no


async def test_the_semaforo_is_the_fleets(fleet_conn):
    bare, after_list = await ask_chain(fleet_conn, ["semaforo", "como esta el semaforo"])
    assert bare.text.startswith("Estado de la flota: 41 vehículos activos, 22 al día (pueden salir hoy).")
    assert after_list.text == bare.text


async def test_one_vehicles_documents_in_a_status_are_those_and_a_missing_one_is_said(fleet_conn):
    expired, nothing = await ask_chain(
        fleet_conn, ["que documentos tiene vencidos la qbm563", "la klm482 tiene algo vencido"]
    )
    assert expired.text == "Documentos vencidos de QBM563 (1):\n• tecnomecánica · venció el 4 de octubre (hace 58 días)"
    assert nothing.text == "KLM482 no tiene documentos vencidos."  # a motocarro needs no póliza RC


async def test_a_drivers_notes_by_name_in_a_period(fleet_conn):
    (notes,) = await ask_chain(fleet_conn, ["cuantas remisiones hizo marta londono en noviembre"])
    assert notes.text.splitlines()[0] == "Marta Londoño Mejía tuvo 8 remisiones en noviembre:"
    assert [f.kind for f in notes.focus] == ["driver"]


async def test_one_citys_negative_saldos(fleet_conn):
    none, bogota = await ask_chain(
        fleet_conn, ["clientes de medellin con saldo negativo", "clientes de bogota con saldo negativo"]
    )
    assert none.text == "No hay clientes de Medellín con saldo negativo."
    assert bogota.text.splitlines()[1:] == ["• [584] AVÍCOLA LA ESPERANZA S.A.S.: -10 estibas"]


async def test_the_clients_ranked_by_what_moved_in_a_period(fleet_conn):
    received, returned = await ask_chain(
        fleet_conn,
        [
            "que cliente recibio mas canastillas en noviembre",
            "los 2 clientes que mas canastillas devolvieron en noviembre",
        ],
    )
    assert received.text == (
        "El cliente al que más canastillas se le despacharon en noviembre es [632] ALMACÉN SAN JOSÉ EXPRESS"
        " (Itagüí), con 1.370 canastillas."
    )
    assert returned.text.splitlines() == [
        "Los 2 clientes que más canastillas devolvieron en noviembre:",
        "1. [632] ALMACÉN SAN JOSÉ EXPRESS (Itagüí): 913 canastillas",
        "2. [997] PANADERÍA LA MACARENA EXPRESS (Envigado): 588 canastillas",
    ]


async def test_how_many_cities_is_a_count_with_their_names(fleet_conn):
    (cities,) = await ask_chain(fleet_conn, ["cuantas ciudades tenemos"], slug="lacteos-del-valle")
    assert cities.text.startswith("Hay clientes en ") and "Clientes por ciudad" not in cities.text
    assert cities.text.count(",") >= 2 and "Rionegro" in cities.text


async def test_the_clients_without_movements_in_a_period(fleet_conn):
    never, november, dispatches = await ask_chain(
        fleet_conn,
        [
            "clientes sin movimientos",
            "que clientes no tuvieron remisiones en noviembre",
            "clientes sin despachos la semana pasada",
        ],
    )
    assert never.text == "Todos los clientes tuvieron despachos o devoluciones."
    assert november.text.splitlines()[0] == "Clientes sin despachos ni devoluciones en noviembre: 149."
    assert november.text.splitlines()[1] == "• [261] ALMACÉN EL LAGUITO (Rionegro)"
    assert dispatches.text.splitlines()[0] == "Clientes sin despachos la semana pasada: 243."


async def test_how_many_dispatches_counts_the_notes_not_the_units(fleet_conn):
    """«¿cuántos despachos hicimos en noviembre?» asks how many, of notes: it gave the units dispatched
    («En noviembre se despacharon 15.629 canastillas, 18.071 estibas y 15.493 tapas.»)."""
    dispatches, returns, units = await ask_chain(
        fleet_conn,
        [
            "cuantos despachos hicimos en noviembre",
            "cuantas devoluciones hubo ayer",
            "cuantas canastillas despachamos en noviembre",
        ],
    )
    assert dispatches.text == "En noviembre hubo 489 remisiones con despacho."
    assert returns.text == "Ayer hubo 17 remisiones con devolución."
    assert units.text == "En noviembre se despacharon 15.629 canastillas."
