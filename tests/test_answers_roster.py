"""The fleet's vehicles and drivers as lists, typed on a phone: drivers picked by their licence's state
whatever came before, vehicle counts that say which are inactive, vehicles by model year and brand, the
semáforo colour, drivers with a vehicle and their phones (`backend/answers/vehicles.py`, `drivers.py`).

Exact texts through `understand` (real PostgreSQL with the fixture), then every `roster` item of the question
bank through the real backend, judged by the independent CSV oracle."""

from __future__ import annotations

from backend.testing.answers_bank.questions import BANK
from backend.testing.answers_bank.runner import report, run_bank
from backend.testing.backend_server import start_backend
from tests.answers_chain import ask_chain

DIEGO = "Hay 1 conductor con la licencia vencida: Diego Toro Zapata (vehículo MKU766); su licencia venció el 26 de noviembre de 2026 (hace 5 días)."  # noqa: E501


async def test_the_driver_with_the_expired_licence_whatever_came_before(fleet_conn):
    for before in ([], ["lista de conductores"], ["soat vencidos"], ["quien maneja el trx905"]):
        *_, answer = await ask_chain(fleet_conn, [*before, "quien es el conductor con la licencia vencida"])
        assert answer.text == DIEGO, before
    valid, verdict = await ask_chain(
        fleet_conn, ["cuantos conductores tienen la licencia al dia", "la licencia de diego toro esta vencida?"]
    )
    assert valid.text.splitlines()[0] == "44 de 45 conductores tienen la licencia al día."
    assert "Diego Toro Zapata (MKU766), venció el 26 de noviembre de 2026" in valid.text
    assert verdict.text == "Sí, la licencia de Diego Toro Zapata venció el 26 de noviembre de 2026 (hace 5 días)."
    *_, car = await ask_chain(fleet_conn, ["licencias vencidas", "y que carro tiene"])
    assert car.text == "Diego Toro Zapata tiene asignado el vehículo MKU766."


async def test_vehicle_counts_say_which_are_inactive_and_filter_by_year_and_brand(fleet_conn):
    answers = await ask_chain(
        fleet_conn,
        [
            "cuantos vehiculos tengo",
            "cuantos furgones",
            "carros del 2015",
            "cuantos furgones chevrolet",
            "el mas nuevo",
        ],
    )
    assert [a.text for a in answers] == [
        "Hay 42 vehículos: 41 activos y 1 inactivo (BDD786).",
        "Hay 14 furgones, todos activos.",
        "Hay 3 vehículos modelo 2015: FKP229, KLM482 y UTI333.",
        "Hay 7 furgones Chevrolet, todos activos.",
        "Los vehículos más nuevos son modelo 2024: BUI460 y TRX905.",
    ]
    (notes,) = await ask_chain(fleet_conn, ["vehiculos modelo 2020"])  # no delivery note 2020
    assert notes.text.startswith("Hay 4 vehículos modelo 2020") and "MKU766 (camión Isuzu NKR 2020)" in notes.text
    (lv,) = await ask_chain(fleet_conn, ["cuantos carros hay"], slug="lacteos-del-valle")
    assert lv.text == "Hay 12 vehículos: 11 activos y 1 inactivo (GFT663)."


async def test_semaforo_colours_and_driver_lists(fleet_conn):
    red, count, phones = await ask_chain(
        fleet_conn, ["cuales estan en rojo", "cuantos carros estan en rojo", "telefonos de los conductores"]
    )
    assert red.text.splitlines()[:2] == [
        "🔴 Documentos en rojo (vencen en 7 días o menos): 4.",
        "• KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)",
    ]
    assert red.text.endswith("Además, 19 documentos están vencidos («documentos vencidos» los lista).")
    # the vehicles' colour is the semáforo's (the worst required document): TPV948, TRX905 and UTI333 have a
    # document in red and another expired, so they are ⛔, not 🔴
    assert count.text.startswith("🔴 1 de 41 vehículos activos está en rojo (su documento más próximo vence en 7")
    assert "• Alba Correa Ospina · +57 324 385 5182" in phones.text


async def test_who_drives_a_kind_of_vehicle_and_which_vehicles_have_no_driver(fleet_conn):
    without, motos, per_kind, oldest = await ask_chain(
        fleet_conn, ["carros sin conductor", "quien maneja los motocarros", "vehiculos por tipo", "el camion mas viejo"]
    )
    assert without.text == "1 vehículo sin conductor asignado: BDD786 (inactivo)."
    assert motos.text.splitlines()[:2] == [
        "Conductores de los 5 motocarros:",
        "• EQE774 · Alba Correa Ospina",
    ]
    assert per_kind.text.splitlines()[2] == "• 13 camiones (1 inactivo: BDD786)"
    assert oldest.text == "El camión más viejo es SBY121, modelo 2008."


async def test_fleet_status_agrees_with_who_cannot_go_out(fleet_conn):
    """A vehicle missing a required document is not «al día»: it is one of the 19 that cannot go out; «al día»
    is the same 22 in the fleet status and asked alone (the 🟢 18 are never called «al día»). The motocarros
    KLM482 and EQE774 need no póliza RC: they are 🔴 and 🟢, not «sin algún documento obligatorio»."""
    status, ready, in_order = await ask_chain(
        fleet_conn, ["estado de la flota", "cuantos carros no pueden salir", "cuantos vehiculos estan al dia"]
    )
    assert status.text.splitlines()[0] == (
        "Estado de la flota: 41 vehículos activos, 22 al día (pueden salir hoy). Semáforo de documentos:"
    )
    assert status.text.splitlines()[1:6] == [
        "⛔ 18 con documentos vencidos",
        "⚪ 1 sin documentos registrados",
        "🔴 1 con un documento que vence en 7 días o menos",
        "🟡 3 con un documento que vence en 30 días o menos",
        "🟢 18 con todo vigente por más de 30 días",
    ]
    assert ready.text == "Hoy no pueden salir 19 vehículos activos de 41."
    assert in_order.text == "22 de 41 vehículos activos están al día (pueden salir hoy)."


async def test_roster_items_of_the_bank_are_all_exact(fleet_dsn):
    kinds = ("licence_state", "vehicle_split", "model_year", "brand", "light", "vehicle_drivers")
    roster = [i for i in BANK if i.category in kinds]
    roster += [i for i in BANK if i.category == "driver_list"]
    assert len(roster) >= 50
    async with start_backend(fleet_dsn, None, rate_limit="1000000/minute") as server:
        results = await run_bank(server.base_url, server.secrets, server.admin_ids, roster)
    misses = [r for r in results if not r.verdict.ok]
    assert not misses, report(misses)
