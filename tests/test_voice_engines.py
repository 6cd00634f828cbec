"""Both Whisper engines on the committed Spanish clips (bundled weights, no network).

Each engine is loaded once per session (tests/fixtures_voice.py). The openai-whisper checkpoint is
converted from the CTranslate2 weights that faster-whisper runs, so agreement between the two engines
on the same audio is the proof that the conversion is right.
"""

from __future__ import annotations

import asyncio
import difflib
import re

import pytest

from backend.core.text import fold
from bot.voice.audio import decode_audio
from bot.voice.filters import spoken_text
from bot.voice.service import EMPTY, NOTHING_HEARD, TRUNCATED, UNREADABLE, VoiceError, VoiceTranscriber
from tests.fixtures_voice import clip, voice_settings

pytestmark = pytest.mark.voice


def words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def letters(text: str) -> str:
    """Folded text without spaces or punctuation: «tecno mecánica» and «tecnomecánica» read alike."""
    return "".join(words(text))


def samples(name: str):
    return decode_audio(clip(name), max_seconds=120)


@pytest.fixture(scope="module")
def transcripts(openai_engine, faster_engine) -> dict[tuple[str, str], str]:
    """(engine, clip) -> the text the bot would use (spoken_text: filters applied, repeated sentences
    cut), each pair transcribed once for the module."""
    out = {}
    for name in ("canastillas_5s", "vence_10s", "ruta_30s"):
        audio = samples(name)
        for engine in (openai_engine, faster_engine):
            out[(engine.name, name)] = spoken_text(engine.transcribe(audio))
    return out


@pytest.mark.parametrize("engine", ["openai-whisper", "faster-whisper"])
def test_engines_hear_the_robust_words(transcripts, engine: str) -> None:
    """Word boundaries vary between runtime versions and CPUs («tecno mecánica»): compare letters."""
    for name, expected in [
        ("canastillas_5s", ["canastillas", "cliente"]),
        ("vence_10s", ["placa", "necesito", "salir", "hoy"]),
        ("ruta_30s", ["canastillas", "cliente", "vence", "tecnomecanica", "remision"]),
    ]:
        heard = letters(transcripts[(engine, name)])
        assert [word for word in expected if word not in heard] == [], (name, transcripts[(engine, name)])


def test_engines_agree_on_the_same_audio(transcripts) -> None:
    """The two engines differ in feature extraction, int8 vs float32 and VAD, yet read alike
    (letters compared, so a word split differently costs one space, not two words)."""
    for name in ("canastillas_5s", "vence_10s", "ruta_30s"):
        ours, theirs = letters(transcripts[("openai-whisper", name)]), letters(transcripts[("faster-whisper", name)])
        assert difflib.SequenceMatcher(a=ours, b=theirs, autojunk=False).ratio() > 0.75, (name, ours, theirs)


@pytest.mark.parametrize("engine", ["openai-whisper", "faster-whisper"])
def test_no_sentence_is_heard_twice(transcripts, engine: str) -> None:
    for name in ("canastillas_5s", "vence_10s", "ruta_30s"):
        sentences = [letters(s) for s in re.split(r"(?<=[.!?])\s+", transcripts[(engine, name)])]
        assert len(sentences) == len(set(sentences)), (name, transcripts[(engine, name)])


@pytest.mark.slow  # a third model load (CTranslate2 with the original weights), ~25 s
def test_converted_checkpoint_decodes_token_for_token_like_ctranslate2(openai_engine, voice_data_dir) -> None:
    """The proof of the conversion: on the same log-mel input, openai-whisper with the converted
    checkpoint and CTranslate2 (faster-whisper's runtime) with the original weights, both float32,
    give the same language probability and the same greedy tokens."""
    ctranslate2 = pytest.importorskip("ctranslate2")
    import torch
    import whisper

    from bot.voice.weights import ct2_model_dir

    model = openai_engine._model
    mel = whisper.log_mel_spectrogram(whisper.pad_or_trim(samples("canastillas_5s"))).numpy()
    ours = whisper.decode(
        model,
        torch.from_numpy(mel),
        whisper.DecodingOptions(language="es", without_timestamps=True, fp16=False, temperature=0.0),
    )
    _, our_probs = model.detect_language(torch.from_numpy(mel))

    original = ctranslate2.models.Whisper(
        str(ct2_model_dir(voice_data_dir / "voice")), device="cpu", compute_type="float32", intra_threads=2
    )
    features = ctranslate2.StorageView.from_array(mel[None])
    tokenizer = whisper.tokenizer.get_tokenizer(True, language="es", task="transcribe")
    [theirs] = original.generate(
        features, [list(tokenizer.sot_sequence_including_notimestamps)], beam_size=1, max_length=224
    )
    their_probs = dict(original.detect_language(features)[0])

    assert abs(our_probs["es"] - their_probs["<|es|>"]) < 1e-4
    assert ours.tokens == theirs.sequences_ids[0]
    assert "canast" in fold(ours.text)


@pytest.mark.parametrize("engine_fixture", [pytest.param("openai_engine", marks=pytest.mark.slow), "faster_engine"])
async def test_silence_and_noise_are_nothing_heard(request, voice_data_dir, engine_fixture: str) -> None:
    engine = request.getfixturevalue(engine_fixture)
    transcriber = VoiceTranscriber(voice_settings(voice_data_dir, engine.name), engine)
    try:
        for name in ("silence_4s", "noise_4s"):
            with pytest.raises(VoiceError) as caught:
                await transcriber.transcribe(clip(name), expected_seconds=4)
            assert caught.value.message == NOTHING_HEARD, name
        text = await transcriber.transcribe(clip("canastillas_5s"), expected_seconds=5)
        assert "canastillas" in words(text)
    finally:
        transcriber.close()


async def test_unusable_files_get_their_message(openai_engine, voice_data_dir) -> None:
    transcriber = VoiceTranscriber(voice_settings(voice_data_dir), openai_engine)
    voice = clip("vence_10s")
    try:
        for data, message in [
            (b"", EMPTY),
            (voice[: len(voice) // 2], TRUNCATED),
            (b"Lista de clientes:\n412 DISTRIBUIDORA PUERTO CLARO\n" * 30, UNREADABLE),  # a text file named .ogg
        ]:
            with pytest.raises(VoiceError) as caught:
                await transcriber.transcribe(data, expected_seconds=9)
            assert caught.value.message == message
    finally:
        transcriber.close()


def test_cli_transcribes_files_like_the_bot(voice_data_dir, monkeypatch, capsys, tmp_path) -> None:
    from backend.cli.main import main

    monkeypatch.setenv("FLEETOPS_DATA_DIR", str(voice_data_dir))  # weights already prepared this session
    not_audio = tmp_path / "lista.ogg"
    not_audio.write_text("412;DISTRIBUIDORA PUERTO CLARO\n", encoding="utf-8")
    silence = tmp_path / "silencio.ogg"
    silence.write_bytes(clip("silence_4s"))
    code = main(["voice", "--engine", "faster-whisper", str(silence), str(not_audio)])
    out = capsys.readouterr().out
    assert code == 1  # one file could not be read
    assert "silencio.ogg: 4.0 s de audio" in out and NOTHING_HEARD in out
    assert "lista.ogg: no se pudo leer (invalid" in out


async def test_the_model_loads_and_runs_in_niced_threads_and_its_own_threads_inherit_it(
    monkeypatch, voice_data_dir
) -> None:
    """FLEETOPS_VOICE_NICE: the engine is loaded in a worker thread at that niceness, so a thread the
    engine starts (CTranslate2's, torch's) has it too; transcriptions run in such a thread. The event
    loop's thread keeps its own priority."""
    import os
    import threading

    import bot.voice.service as service

    def priority() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    base = priority()
    seen: dict[str, int] = {}

    class Engine:
        name = "fake"

    def load(settings):
        seen["load"] = priority()
        started = threading.Thread(target=lambda: seen.setdefault("engine thread", priority()))
        started.start()
        started.join()
        return Engine()

    monkeypatch.setattr(service, "load_engine", load)
    transcriber = await VoiceTranscriber.start(voice_settings(voice_data_dir, nice=7))
    try:
        seen["work"] = await asyncio.get_running_loop().run_in_executor(transcriber._pool, priority)
    finally:
        transcriber.close()
    assert seen == {"load": max(7, base), "engine thread": max(7, base), "work": max(7, base)}
    assert priority() == base
