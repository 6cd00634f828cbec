"""Splitting under Telegram's limit counted in UTF-16 code units; the trivial-message rule."""

from __future__ import annotations

import pytest

from bot.conversation import trivial_reply
from bot.replies import LIMIT, plain_from_html, split_message, utf16_len


def test_utf16_length_counts_emoji_double() -> None:
    assert utf16_len("abc") == 3
    assert utf16_len("😀") == 2
    assert utf16_len("ñá") == 2
    assert LIMIT == 4096


def test_emoji_text_splits_at_line_breaks_in_order() -> None:
    lines = [f"{n:04d} 🚚 canastillas del cliente [412] ✅" for n in range(400)]
    text = "\n".join(lines)
    assert len(text) < 4096 * 4 and utf16_len(text) > len(text)
    parts = split_message(text)
    assert len(parts) > 1
    assert all(utf16_len(p) <= LIMIT for p in parts)
    assert "\n".join(parts) == text  # cut only at line breaks, nothing lost, order kept


def test_a_single_long_line_is_cut_at_spaces_and_never_inside_an_emoji() -> None:
    text = " ".join(["😀palabra"] * 1500)
    parts = split_message(text)
    assert all(utf16_len(p) <= LIMIT for p in parts)
    assert " ".join(parts) == text
    wall = "😀" * 5000  # no spaces at all
    parts = split_message(wall)
    assert [utf16_len(p) for p in parts] == [4096, 4096, 1808]
    assert "".join(parts) == wall


def test_short_text_is_one_part_and_blank_is_none() -> None:
    assert split_message("hola") == ["hola"]
    assert split_message("\n\n  \n") == []


def test_plain_from_html() -> None:
    assert (
        plain_from_html("<b>[77] MINIMERCADO EL_SOL *24H*</b> &amp; &lt;x&gt;") == "[77] MINIMERCADO EL_SOL *24H* & <x>"
    )


@pytest.mark.parametrize(
    "text",
    ["gracias", "Muchas gracias!", "ok", "OK.", "listo", "👍", "🙏🏽", "Buenos días", "hola", "perfecto, gracias"],
)
def test_trivial_messages_get_a_rule_reply(text: str) -> None:
    assert trivial_reply(text)


@pytest.mark.parametrize(
    "text", ["¿saldo del 412?", "412", "no", "sí", "gracias, ¿y el 412?", "KLM482", "¿cuándo vence el SOAT?"]
)
def test_real_questions_are_not_trivial(text: str) -> None:
    assert trivial_reply(text) is None


@pytest.mark.parametrize(("text", "expected"), [("👍🏼", "👍"), ("🙏 ✅", "👍"), ("🚚📦🤔", "nudge"), ("???", "nudge")])
def test_emoji_only_messages_get_a_thumbs_up_only_when_they_acknowledge(text: str, expected: str) -> None:
    from bot.conversation import HINT_EMOJI

    assert trivial_reply(text) == ("👍" if expected == "👍" else HINT_EMOJI)
