"""`backend.core.text.clean_text`'s fast path (text that only needs its spaces collapsed) gives exactly what
the character-by-character path gives, on any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from backend.core.text import _already_clean_line, _clean_each_character, clean_text

# Biased towards what enters fleetops: Latin letters, digits, spaces, accents (composed and not), and
# the characters clean_text removes.
SPECIAL = "\x00\t\n\r \u00a0\u00ad\u034f\u200b\u200d\u2060\u202e\ufeff\ufe0f\U000e0041\ud800e\u0301ñÑ"
TEXT = st.text(alphabet=st.one_of(st.characters(), st.sampled_from(SPECIAL)), max_size=40)


@settings(max_examples=600, deadline=None)
@given(TEXT, st.booleans())
def test_fast_path_agrees_with_the_general_path(text: str, single_line: bool) -> None:
    assert clean_text(text, single_line=single_line) == _clean_each_character(text, single_line)


def test_fast_path_is_taken_only_for_clean_lines() -> None:
    assert _already_clean_line("DISTRIBUIDORA  PUERTO CLARO") and _already_clean_line("COMERCIAL BAHÍA SOLANA")
    for dirty in ("412\u200b", "a\tb", "a\nb", "e\u0301", "x\x00y", "\ufeffslug", "\ud800"):
        assert not _already_clean_line(dirty), repr(dirty)
    assert clean_text("  BAHÍA   SOLANA ") == "BAHÍA SOLANA"
