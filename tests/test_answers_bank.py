"""The question bank (issue 13) through the real backend in data-only mode, judged by an independent oracle.

`backend/testing/answers_bank/`: `oracle.py` + `expect.py` compute expected answers from the fixture CSVs
(not the product's SQL), `questions.py` holds the bank, `match.py` judges an answer, `runner.py` plays each
chain as the bot would. `python -m backend.testing.answers_bank.report` prints the rate and every miss.
"""

from __future__ import annotations

from datetime import date

import pytest

from backend.testing.answers_bank.expect import Oracle
from backend.testing.answers_bank.match import contains, judge, numbers_in
from backend.testing.answers_bank.oracle import Expected, co, es_date
from backend.testing.answers_bank.questions import BANK
from backend.testing.answers_bank.runner import REQUIRED_EXACT_RATE, exact_rate, report, run_bank
from backend.testing.backend_server import start_backend


async def test_answers_bank_exact_rate(fleet_dsn):
    async with start_backend(fleet_dsn, None, rate_limit="1000000/minute") as server:
        results = await run_bank(server.base_url, server.secrets, server.admin_ids)
    print(report(results))
    errors = [r.item.id for r in results if r.answer_kind == "error"]
    assert not errors, f"HTTP errors in {errors}"
    rate = exact_rate(results)
    assert rate >= REQUIRED_EXACT_RATE, f"exact {rate:.1%} < required {REQUIRED_EXACT_RATE:.0%}; misses above"


def test_bank_size_and_coverage():
    assert len(BANK) >= 160
    assert len({i.id for i in BANK}) == len(BANK)
    assert {i.company for i in BANK} == {"frigorifico-andino", "lacteos-del-valle"}
    assert {i.style for i in BANK} >= {"plain", "typo", "spoken", "followup"}
    kinds = {i.expected().kind for i in BANK}
    assert {"answer", "not_found", "ambiguous"} <= {k for kind in kinds for k in kind.split("|")}


# --- the measuring stick can fail -------------------------------------------------------------------------
BAL_412 = Expected("answer", (("[412]",), ("298",)), frozenset({412, 298}))


@pytest.mark.parametrize(
    "answer, kind, ok",
    [
        ("[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.", "answer", True),
        ("[412] Distribuidora Puerto Claro: 298 canastillas (Rionegro).", "answer", True),
        ("[412] DISTRIBUIDORA PUERTO CLARO tiene 306 canastillas.", "answer", False),  # wrong figure
        ("[412] DISTRIBUIDORA PUERTO CLARO: 298 canastillas, 306 estibas.", "answer", False),  # extra figure
        ("DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.", "answer", False),  # no code in brackets
        ("[412] DISTRIBUIDORA PUERTO CLARO tiene 1298 canastillas.", "answer", False),  # 298 only inside a number
        ("[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.", "not_found", False),  # wrong kind
        ("No tengo un cliente con el código 413.", "not_found", False),
    ],
)
def test_matcher_judges_a_balance(answer, kind, ok):
    assert judge(BAL_412, answer, kind).ok is ok


def test_matcher_reads_numbers_dates_and_folds():
    assert numbers_in("Hay 104.019 estibas; KLM482 vence el 2026-12-04, -10") == [104019, 482, 2026, 12, 4, 10]
    assert contains("La TECNOMECÁNICA vence el 4 de diciembre", "tecnomecánica")
    assert contains("la Póliza RC", "poliza rc")
    assert not contains("vence el 14 de diciembre", "4 de diciembre")
    assert contains("vence el 4 de diciembre de 2026 (en 3 días)", "4 de diciembre")
    expected = Expected("answer", (("tecnomecánica",), ("4 de diciembre",)), frozenset({482, 4, 2026, 3}))
    assert judge(expected, "La tecnomecánica de KLM482 vence el 4 de diciembre de 2026 (en 3 días).", "answer").ok
    assert not judge(expected, "La tecnomecánica de KLM482 vence el 2026-12-04 (en 3 días).", "answer").ok
    assert not judge(expected, "La tecnomecánica de KLM483 vence el 4 de diciembre (en 3 días).", "answer").ok


def test_oracle_agrees_with_figures_quoted_in_readme_and_issue():
    fa, lv = Oracle("frigorifico-andino"), Oracle("lacteos-del-valle")
    assert fa.c.balances["412"] == {"CAN": 298, "EST": 306, "TAP": 109}
    assert fa.c.balances["310"] == {"CAN": 423, "EST": 388, "TAP": 410}
    assert co(sum(b["EST"] for b in fa.c.balances.values())) == "104.019"
    klm = fa.vehicle_doc("KLM482", "TECNOMECANICA")
    assert klm.must == (("tecnomecánica", "tecnomecánicas"), ("4 de diciembre",)) and 3 in klm.numbers
    assert fa.licence("929337824").must == (("30 de diciembre",),) and 29 in fa.licence("929337824").numbers
    assert es_date(date(2026, 12, 4)) == "4 de diciembre"
    assert lv.vehicle_docs("KLM482").kind == "not_found" and fa.note("52072", "client").kind == "not_found"
    assert fa.client_notes("310", "octubre").kind == "answer|not_found"  # the client exists: none is an answer
    assert [m[0] for m in fa.client_notes("310", "noviembre").must] == ["8423", "8306", "8046"]
