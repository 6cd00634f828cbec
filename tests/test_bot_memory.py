"""Working memory: window arithmetic, TTL with a moved clock, sweep, LRU bound, isolation, trimming."""

from __future__ import annotations

import pytest

from bot.memory import TRIM_CHARS, WorkingMemory, trim


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _turns(memory: WorkingMemory, key, asked: int) -> list[int]:
    """Store `asked` completed exchanges Q1..Qn; return the turn numbers the next question would carry."""
    for n in range(1, asked + 1):
        memory.store(key, f"pregunta {n}", f"respuesta {n}")
    return [int(h["q"].split()[1]) for h in memory.history(key)]


@pytest.mark.parametrize(
    ("size", "turn", "expected"),
    [
        (5, 7, [2, 3, 4, 5, 6]),  # with size 5, at turn 7 the model receives turns 2–6
        (3, 5, [2, 3, 4]),  # with size 3, at turn 5 it receives turns 2–4
        (6, 9, [3, 4, 5, 6, 7, 8]),  # default 6: 8 questions, then the 9th sends pairs 3–8
        (6, 1, []),
        (6, 6, [1, 2, 3, 4, 5]),
        (1, 4, [3]),
    ],
)
def test_window_arithmetic(size: int, turn: int, expected: list[int]) -> None:
    memory = WorkingMemory(size=size, clock=Clock())
    assert _turns(memory, (1, 1), turn - 1) == expected


def test_pairs_are_evicted_whole() -> None:
    memory = WorkingMemory(size=2, clock=Clock())
    _turns(memory, (1, 1), 3)
    assert memory.history((1, 1)) == [{"q": "pregunta 2", "a": "respuesta 2"}, {"q": "pregunta 3", "a": "respuesta 3"}]


def test_ttl_counts_from_last_exchange_and_sweep_frees_the_chat() -> None:
    clock = Clock()
    memory = WorkingMemory(size=6, ttl_s=900, clock=clock)
    memory.store((1, 1), "¿saldo del 412?", "298 canastillas")
    clock.now += 600
    memory.store((1, 1), "¿y ese cuándo vence?", "el 3 de diciembre")  # restarts the TTL
    clock.now += 14 * 60 + 59
    assert len(memory.history((1, 1))) == 2  # 14:59 after the last answer: still there
    assert memory.sweep() == 0
    clock.now += 2  # 15:01
    assert memory.history((1, 1)) == []
    assert memory.held() == 1  # expired but not yet freed
    assert memory.sweep() == 1
    assert memory.held() == 0


def test_reading_does_not_extend_ttl() -> None:
    clock = Clock()
    memory = WorkingMemory(ttl_s=900, clock=clock)
    memory.store((1, 1), "q", "a")
    clock.now += 800
    assert memory.history((1, 1))
    clock.now += 101
    assert memory.history((1, 1)) == []


def test_chats_are_isolated_and_forget_is_immediate() -> None:
    memory = WorkingMemory(clock=Clock())
    memory.store((1, 1), "q uno", "a uno")
    memory.store((2, 2), "q dos", "a dos")
    memory.store((-5, 1), "q grupo", "a grupo")
    assert memory.history((1, 1)) == [{"q": "q uno", "a": "a uno"}]
    assert memory.history((2, 2)) == [{"q": "q dos", "a": "a dos"}]
    assert memory.forget((1, 1)) is True
    assert memory.history((1, 1)) == [] and memory.forget((1, 1)) is False
    assert memory.history((2, 2)) and memory.history((-5, 1))


def test_lru_bound_drops_least_recently_used_chat() -> None:
    memory = WorkingMemory(max_chats=2, clock=Clock())
    memory.store((1, 1), "q", "a")
    memory.store((2, 2), "q", "a")
    memory.store((1, 1), "q2", "a2")  # chat 1 used again
    memory.store((3, 3), "q", "a")
    assert memory.history((2, 2)) == []
    assert memory.history((1, 1)) and memory.history((3, 3))
    assert memory.held() == 2


def test_trim_limits_fields_at_word_boundary() -> None:
    long = ("palabra " * 100).strip()
    cut = trim(long)
    assert len(cut) <= TRIM_CHARS and cut.endswith("…") and cut[:-1].endswith("palabra")
    assert trim("  hola\x00\x07 mundo ") == "hola mundo"
    assert trim("x" * 1000) == "x" * (TRIM_CHARS - 1) + "…"
    memory = WorkingMemory(clock=Clock())
    memory.store((1, 1), long, long)
    (h,) = memory.history((1, 1))
    assert len(h["q"]) <= TRIM_CHARS and len(h["a"]) <= TRIM_CHARS


def test_blank_exchange_is_not_stored_and_expiry_is_reported() -> None:
    clock = Clock()
    memory = WorkingMemory(ttl_s=900, clock=clock)
    memory.store((1, 1), "   ", "a")
    assert memory.pairs((1, 1)) == [] and memory.expires_in((1, 1)) is None
    memory.store((1, 1), "q", "a")
    clock.now += 300
    assert memory.expires_in((1, 1)) == pytest.approx(600)


def test_a_failed_exchange_rides_with_the_next_question_only() -> None:
    """`fail` keeps a not-found exchange beside the window: the next question carries it last (so «¿y
    estibas?» is read after «saldo del 413», not after the 412 before it), it pushes no pair out, leaves the
    focus, and the next stored pair (or failure) replaces it."""
    memory, key = WorkingMemory(size=2, clock=Clock()), (1, 1)
    memory.store(key, "saldo del 412", "[412] … tiene 298 canastillas.")
    memory.store(key, "¿y estibas?", "[412] … tiene 306 estibas.")
    memory.fail(key, "saldo del 413", "No tengo un cliente con el código 413.")
    assert [h["q"] for h in memory.history(key)] == ["saldo del 412", "¿y estibas?", "saldo del 413"]
    assert [p.q for p in memory.pairs(key)] == ["saldo del 412", "¿y estibas?"]  # the window is intact
    memory.fail(key, "la placa gh217", "La placa GH217 no está en la flota de Frigorífico Andino.")
    assert [h["q"] for h in memory.history(key)][-1] == "la placa gh217"  # only the latest failure
    memory.store(key, "¿y tapas?", "[412] … tiene 109 tapas.")
    assert [h["q"] for h in memory.history(key)] == ["¿y estibas?", "¿y tapas?"]


def test_a_failure_in_a_new_chat_is_its_only_turn() -> None:
    memory, key = WorkingMemory(clock=Clock()), (2, 2)
    memory.fail(key, "saldo del 413", "No tengo un cliente con el código 413.")
    assert memory.history(key) == [{"q": "saldo del 413", "a": "No tengo un cliente con el código 413."}]
    assert memory.pairs(key) == [] and memory.focus(key) == []
