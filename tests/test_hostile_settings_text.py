"""Text settings that name something outside fleetops: refused at start with one Spanish line naming the
variable, instead of failing every model call or every voice note later.

Before: FLEETOPS_MODEL=" " / "claude sonnet" / "x\\x01" started the backend, and every question that needed
the model failed (the model's 4xx: «no disponible»); FLEETOPS_VOICE_LANGUAGE=xx, «spanish» or «es\\n»
started the bot, and the engine refused every voice note.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from backend.cli.settings_errors import settings_messages
from backend.config import BackendSettings
from bot.voice.config import VoiceSettings


@pytest.mark.parametrize("value", [" ", "claude sonnet 4.5", "claude-sonnet-4-5\x01", "«claude»", "-claude", "a" * 200])
def test_a_model_id_with_spaces_or_odd_characters_is_refused(value, monkeypatch):
    monkeypatch.setenv("FLEETOPS_MODEL", value)
    with pytest.raises(ValidationError) as refused:
        BackendSettings(_env_file=None)
    [line] = settings_messages(refused.value)
    assert line.startswith("FLEETOPS_MODEL debe ser el id de un modelo de Anthropic"), line


@pytest.mark.parametrize(
    "value", ["claude-sonnet-4-5", "claude-3-5-haiku-20241022", " claude-opus-4-1 ", "claude-test"]
)
def test_model_ids_as_anthropic_writes_them_are_kept(value, monkeypatch):
    monkeypatch.setenv("FLEETOPS_MODEL", value)
    assert BackendSettings(_env_file=None).model == value.strip()


@pytest.mark.parametrize("value", ["xx", "spanish", "ES", "es\n", "es-CO", "1"])
def test_a_voice_language_whisper_does_not_know_is_refused(value, monkeypatch):
    monkeypatch.setenv("FLEETOPS_VOICE_LANGUAGE", value)
    with pytest.raises(ValidationError) as refused:
        VoiceSettings(_env_file=None)
    [line] = settings_messages(refused.value)
    assert line.startswith("FLEETOPS_VOICE_LANGUAGE debe ser un código de idioma de Whisper"), line


@pytest.mark.parametrize("value", ["es", "en", "pt", "yue"])
def test_whisper_languages_are_kept(value, monkeypatch):
    monkeypatch.setenv("FLEETOPS_VOICE_LANGUAGE", value)
    assert VoiceSettings(_env_file=None).language == value
