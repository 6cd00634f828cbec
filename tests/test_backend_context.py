"""Grounded context: what the model sees for a question (through `fleetops prompt`'s dry run)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import date

import pytest

from backend.cli.prompt import dry_run
from backend.config import BackendSettings
from backend.context.budget import estimate_tokens

SETTINGS = dict(_env_file=None, today="2026-12-01", model="claude-test", max_tokens=500, context_budget_tokens=1500)


async def prompt(conn, question, history=None, slug="frigorifico-andino", **overrides):
    settings = BackendSettings(**{**SETTINGS, **overrides})
    return await dry_run(conn, settings, slug=slug, question=question, history=history)


def facts(kwargs) -> str:
    return kwargs["system"].split("DATOS (", 1)[1]


async def test_client_412_is_far_below_the_top_25(fleet_conn):
    rank = await fleet_conn.fetchval(
        """SELECT rank FROM (SELECT c.code, rank() OVER (ORDER BY sum(m.quantity) DESC) AS rank
           FROM movements m JOIN clients c ON c.id = m.client_id JOIN companies co ON co.id = c.company_id
           WHERE co.slug = 'frigorifico-andino' GROUP BY c.code) r WHERE code = '412'"""
    )
    assert rank > 100


@pytest.mark.parametrize(
    "question",
    [
        "¿Cuánto debe el 412?",
        "saldo del cliente 412",
        "¿qué tiene puerto claro?",
        "Distribuidora Puerto Claro",
        "cuantas canastillas tiene el cuatro doce",
    ],
)
async def test_client_412_is_in_the_prompt_by_code_or_name(fleet_conn, question):
    kwargs = await prompt(fleet_conn, question)
    assert "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro): 298 canastillas, 306 estibas, 109 tapas" in facts(kwargs)
    assert kwargs["messages"] == [{"role": "user", "content": question}]
    assert set(kwargs) == {"model", "max_tokens", "system", "messages"}
    assert kwargs["model"] == "claude-test" and kwargs["max_tokens"] == 500


async def test_other_tenant_gets_its_own_412_only(fleet_conn):
    kwargs = await prompt(fleet_conn, "¿Cuánto debe el 412? ¿y la placa KLM482?", slug="lacteos-del-valle")
    text = json.dumps(kwargs, ensure_ascii=False)
    assert "[412] TIENDA LA VAQUITA FELIZ" in text
    assert "PUERTO CLARO" not in text and "KLM482 SOAT" not in text and "Frigorífico" not in text
    assert "Vehículo KLM482" not in text


@pytest.mark.parametrize("plate", ["KLM482", "klm 482", "KLM-482", "K L M cuatro ocho dos"])
async def test_plate_forms_bring_the_vehicle_documents(fleet_conn, plate):
    text = facts(await prompt(fleet_conn, f"¿cómo está {plate}?"))
    assert "Vehículo KLM482: motocarro Bajaj RE 2015, activo; conductor asignado: Diego Arango Muñoz" in text
    assert "KLM482 SOAT vence el 12 de febrero de 2027" in text
    assert "KLM482 tecnomecánica vence el 4 de diciembre de 2026 (en 3 días, rojo)" in text


async def test_follow_up_uses_the_entity_of_the_history(fleet_conn):
    question = "¿y ese cuándo vence?"
    without = facts(await prompt(fleet_conn, question))
    assert "KLM482 SOAT" not in without  # the control: nothing in the question names it
    history = [{"q": "¿Qué vehículo maneja Diego Arango?", "a": "Diego Arango Muñoz maneja el KLM482."}]
    kwargs = await prompt(fleet_conn, question, history)
    assert "KLM482 SOAT vence el 12 de febrero de 2027" in facts(kwargs)
    assert [m["role"] for m in kwargs["messages"]] == ["user", "assistant", "user"]
    assert "Diego Arango" not in kwargs["system"].split("DATOS (")[0]  # history never in the instructions


async def test_driver_name_and_delivery_note(fleet_conn):
    text = facts(await prompt(fleet_conn, "¿qué carro maneja Marta Londoño? y mándame la remisión 1003"))
    assert "Conductor Marta Londoño Mejía" in text and "vehículo asignado TRX905" in text
    assert "Remisión 1003 (" in text and "despachó 48 canastillas, 79 estibas" in text and "[203]" in text


@pytest.mark.parametrize(
    "code,name",
    [("007", "CARNES D'LUCA & HERMANOS"), ("77", "MINIMERCADO EL_SOL *24H*"), ("1050", "SUPERMERCADO LA <ECONOMÍA>")],
)
async def test_names_with_symbols_survive_byte_for_byte(fleet_conn, code, name):
    text = facts(await prompt(fleet_conn, f"saldo del cliente {code}"))
    assert f"[{code}] {name} (" in text


async def test_ambiguous_name_is_listed_not_guessed(fleet_conn):
    text = facts(await prompt(fleet_conn, "¿cuánto tiene bahía?"))
    listed = re.search(r"Un nombre de la pregunta coincide con (\d+) clientes: (.*)", text)
    assert "«bahia»" not in text  # the user's words never reach the system prompt
    assert listed and int(listed.group(1)) > 3 and listed.group(2).count("BAHÍA") >= 3
    assert "[310] COMERCIAL BAHÍA SOLANA (Barranquilla):" not in text  # no balances for a guess
    exact = facts(await prompt(fleet_conn, "¿cuánto tiene bahia solana?"))
    assert "[310] COMERCIAL BAHÍA SOLANA (Barranquilla):" in exact and "coincide con" not in exact


async def test_budget_cuts_low_priority_blocks_never_the_named_entities(fleet_conn):
    big = await prompt(fleet_conn, "¿Cuánto debe el 412 y cómo está KLM482?")
    assert estimate_tokens(facts(big)) <= 1500 + 60  # the header line is outside the packed facts
    assert "Clientes con mayor saldo" in facts(big)
    assert "Activos en poder de clientes (total):" in facts(big)  # totals survive the long client list
    tiny = await prompt(fleet_conn, "¿Cuánto debe el 412 y cómo está KLM482?", context_budget_tokens=100)
    text = facts(tiny)
    assert "[412] DISTRIBUIDORA PUERTO CLARO" in text and "KLM482 SOAT" in text
    assert "Clientes con mayor saldo" not in text and "Resumen de la flota" not in text


async def test_system_prompt_states_today_and_the_rules(fleet_conn):
    system = (await prompt(fleet_conn, "hola, ¿qué vence pronto?"))["system"]
    assert "Hoy es martes 1 de diciembre de 2026, zona horaria America/Bogota" in system
    assert "sin Markdown" in system and "código entre corchetes" in system and "no tengo ese dato" in system
    assert "KLM482 tecnomecánica vence el 4 de diciembre de 2026 (en 3 días, rojo)" in system


def test_prompt_command_prints_the_kwargs(fleet_dsn, tmp_path):
    history = tmp_path / "h.json"
    history.write_text(json.dumps([{"q": "¿y KLM482?", "a": "Tiene SOAT vigente."}]), encoding="utf-8")
    env = {**os.environ, "DATABASE_URL": fleet_dsn, "ANTHROPIC_API_KEY": ""}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "backend.cli",
            "prompt",
            "--company",
            "frigorifico-andino",
            "--question",
            "¿y ese cuándo vence?",
            "--history",
            str(history),
            "--today",
            "2026-12-01",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    printed = json.loads(out.stdout)
    kwargs = printed["messages_create"]
    assert kwargs["messages"][-1] == {"role": "user", "content": "¿y ese cuándo vence?"}
    assert "KLM482 tecnomecánica vence el 4 de diciembre de 2026 (en 3 días" in kwargs["system"]
    parse = printed["understanding"]  # the parse next to the kwargs
    assert parse["intent"] == "vehicle.documents" and parse["about"] == "history"
    assert parse["focus"] == [{"kind": "vehicle", "key": "KLM482", "label": "KLM482"}]
    assert parse["exact_answer"].splitlines()[0] == "Documentos de KLM482:"
    assert parse["exact_answer"].splitlines()[1] in kwargs["system"]


async def _understood(conn, question: str, turns=(), focus=(), slug: str = "frigorifico-andino"):
    from backend.answers import understand
    from backend.db.connect import tenant_transaction

    company = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
    async with tenant_transaction(conn, company, today=date(2026, 12, 1)):
        return (
            await understand(conn, company_id=company, question=question, turns=list(turns), focus=list(focus))
        ).exact


async def test_answer_without_model_shows_only_what_a_follow_up_is_about(fleet_conn):
    from backend.core.history import Turn

    turns = [
        Turn("¿cómo está KLM482?", "KLM482: TECNOMECANICA vence en 3 días."),
        Turn(
            "¿cuántas canastillas tiene el 412?",
            "[412] tiene 298 canastillas; última remisión 7851 con el vehículo PTD681.",
        ),
    ]
    exact = await _understood(fleet_conn, "¿y en qué ciudad está?", turns)
    assert exact.text == "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro." and exact.kind == "answer"
    assert [f.key for f in exact.focus] == ["412"]


async def test_a_question_naming_something_unknown_does_not_fall_back_to_history(fleet_conn):
    from backend.core.history import Turn

    turns = [Turn("¿cómo está KLM482?", "Vehículo KLM482: motocarro Bajaj RE 2015, activo")]
    unknown = await _understood(fleet_conn, "¿cuántas canastillas tiene el cliente 490?", turns)
    assert (unknown.text, unknown.kind) == ("No tengo un cliente con el código 490.", "not_found")
    assert await _understood(fleet_conn, "asdkjh qwpoeiru ¿el perro azul baila?", turns) is None
    # the model year in the answer is not a delivery note; the plate is
    follow = await _understood(fleet_conn, "¿y ese?", turns)
    assert follow.text.startswith("KLM482: un motocarro Bajaj RE modelo 2015, activo")
    assert "2015" not in [f.key for f in follow.focus] and [f.kind for f in follow.focus] == ["vehicle"]


async def test_the_whole_request_stays_within_the_prompt_budget_even_with_six_long_pairs(fleet_conn):
    history = [
        {"q": f"¿cuánto tiene el cliente {c}? " + "detalle " * 60, "a": "Respuesta larga " * 40}
        for c in ("412", "310", "77", "007", "1050", "500")
    ]
    kwargs = await prompt(fleet_conn, "¿y KLM482 cuándo vence?", history=history)
    text = kwargs["system"] + "".join(
        m["content"] if isinstance(m["content"], str) else m["content"][0]["text"] for m in kwargs["messages"]
    )
    assert estimate_tokens(text) <= 1800 + 10  # the estimate of separately estimated parts rounds up
    assert "KLM482 tecnomecánica vence el 4 de diciembre de 2026" in kwargs["system"]  # the named entity is never cut
    short = await prompt(fleet_conn, "¿y KLM482 cuándo vence?")
    assert len(short["system"]) > len(kwargs["system"])  # without history the facts get the full budget


async def test_the_question_entities_understood_resolved_are_not_resolved_again(fleet_conn):
    """/v1/ask and `fleetops prompt` pass `Understood.asked` (already resolved): the context takes them
    as given instead of looking the question's codes and names up a second time."""
    from backend.context import build_context
    from backend.context.resolve import Entities
    from backend.db.connect import tenant_transaction

    andino = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    client_310 = await fleet_conn.fetchval("SELECT id FROM clients WHERE code = '310' AND company_id = $1", andino)

    async def facts_with(asked: Entities | None) -> str:
        async with tenant_transaction(fleet_conn, andino, today=date(2026, 12, 1)) as conn:
            ctx = await build_context(
                conn, company_id=andino, question="¿Cuánto debe el 412?", turns=[], budget_tokens=1500, asked=asked
            )
            return ctx.facts

    assert "[412] DISTRIBUIDORA PUERTO CLARO" in await facts_with(None)  # resolved here
    given = await facts_with(Entities(clients=[client_310]))
    assert "[310] COMERCIAL BAHÍA SOLANA" in given and "[412] DISTRIBUIDORA PUERTO CLARO" not in given


async def test_company_facts_are_reused_within_the_ttl_per_company_and_refreshed_after(fleet_conn):
    from backend.context import build_context
    from backend.context.company_facts import CompanyFactsCache
    from backend.db.connect import tenant_transaction

    now = [0.0]
    cache = CompanyFactsCache(ttl_s=30, timer=lambda: now[0])
    andino = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    lacteos = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'lacteos-del-valle'")

    async def facts_of(company: int) -> str:
        async with tenant_transaction(fleet_conn, company, today=date(2026, 12, 1)) as conn:
            return (
                await build_context(
                    conn, company_id=company, question="¿qué vence pronto?", turns=[], budget_tokens=1500, cache=cache
                )
            ).facts

    before = await facts_of(andino)
    vehicle = await fleet_conn.fetchval("SELECT id FROM vehicles WHERE plate = 'KLM482' AND company_id = $1", andino)
    await fleet_conn.execute(
        "INSERT INTO vehicle_documents (company_id, vehicle_id, doc_type, number, expires_on)"
        " VALUES ($1, $2, 'POLIZA_RC', 'NUEVA-1', '2026-12-02')",
        andino,
        vehicle,
    )
    assert "KLM482 póliza RC" not in await facts_of(andino)  # same company, within the TTL: reused
    other = await facts_of(lacteos)
    assert "KLM482" not in other and other != before  # another company never gets these blocks
    now[0] = 31.0
    assert "KLM482 póliza RC vence el 2 de diciembre de 2026" in await facts_of(andino)  # expired entry: read again


async def test_answer_without_model_for_a_question_of_its_own_ignores_the_history(fleet_conn):
    from backend.core.history import Turn

    turns = [Turn("¿cuánto tiene el 412?", "[412] DISTRIBUIDORA PUERTO CLARO: 298 canastillas")]
    due = await _understood(fleet_conn, "¿qué documentos vencen este mes?", turns)
    assert "[412]" not in due.text and "KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)" in due.text
    assert "vencido" not in due.text and "venció" not in due.text  # this month's, not the expired ones
    top = await _understood(fleet_conn, "¿cuál es el cliente con más canastillas?", turns)
    assert "[412]" not in top.text and top.text.startswith("El cliente con más canastillas es [")
    follow = await _understood(fleet_conn, "¿y su ciudad?", turns)
    assert follow.text == "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro."
    generic = await _understood(fleet_conn, "¿cuánto tiene distribuidora?")
    assert generic.kind == "ambiguous" and generic.text.startswith("Hay 24 clientes que coinciden:")
    assert "… y 14 más." in generic.text and generic.focus == []
