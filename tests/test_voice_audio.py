"""Voice pipeline pieces that need no model: PyAV decoding, refusals, silence/hallucination rules,
and the CTranslate2 → openai-whisper name mapping."""

from __future__ import annotations

import numpy as np
import pytest

from bot.voice.audio import SAMPLE_RATE, AudioError, decode_audio
from bot.voice.engines import Segment, Transcript
from bot.voice.filters import is_hallucination, is_near_silent, spoken_text, without_repeats
from bot.voice.service import too_long_message
from tests.fixtures_voice import VOICE_DATA, clip


@pytest.mark.parametrize(
    "name, seconds",
    [
        ("canastillas_5s", 4.9),
        ("vence_10s", 9.1),
        ("ruta_30s", 30.7),
        ("silence_4s", 4.0),
        ("noise_4s", 4.0),
    ],
)
def test_committed_clips_decode_to_16k_mono(name: str, seconds: float) -> None:
    samples = decode_audio(clip(name), max_seconds=120, expected_seconds=round(seconds))
    assert samples.dtype == np.float32 and samples.ndim == 1
    assert abs(samples.size / SAMPLE_RATE - seconds) < 0.2
    assert float(np.abs(samples).max()) <= 1.0


def test_clips_are_telegram_like_ogg_opus() -> None:
    import av

    for path in sorted(VOICE_DATA.glob("*.ogg")):
        with av.open(str(path)) as container:
            stream = container.streams.audio[0]
            assert (container.format.name, stream.codec_context.name) == ("ogg", "opus"), path
            assert (stream.rate, stream.channels) == (48_000, 1), path
        assert path.stat().st_size < 150_000, path


def reason(data: bytes, **kw) -> str:
    with pytest.raises(AudioError) as caught:
        decode_audio(data, max_seconds=kw.pop("max_seconds", 120), **kw)
    return caught.value.reason


def test_unusable_files_are_told_apart() -> None:
    voice = clip("vence_10s")
    assert reason(b"") == "empty"
    assert reason(b"Hola, esto es un archivo de texto renombrado .ogg\n" * 20) == "invalid"
    assert reason(voice[: len(voice) // 3]) == "truncated"  # cut mid-stream: no end-of-stream page
    assert reason(voice[:-1]) == "truncated"
    assert reason(voice[:200]) == "truncated"
    boundary = voice.index(b"OggS", len(voice) // 3)  # cut exactly between two pages
    assert decode_audio(voice[:boundary], max_seconds=120).size > 0  # decodes, but...
    assert reason(voice[:boundary], expected_seconds=9) == "truncated"  # ...less than Telegram declared
    assert reason(voice, max_seconds=5) == "too_long"
    assert reason(b"OggS" + bytes(200)) in {"invalid", "truncated"}


def test_declared_duration_catches_short_audio() -> None:
    assert reason(clip("canastillas_5s"), expected_seconds=30) == "truncated"
    assert decode_audio(clip("canastillas_5s"), max_seconds=120, expected_seconds=5).size > 0


def test_other_containers_decode_too(tmp_path) -> None:
    import wave

    tone = (np.sin(np.arange(8000) / 8000 * 2 * np.pi * 440) * 8000).astype(np.int16)
    path = tmp_path / "tono.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(8000)
        w.writeframes(tone.tobytes())
    samples = decode_audio(path.read_bytes(), max_seconds=120)
    assert abs(samples.size - SAMPLE_RATE) < 200  # 1 s resampled from 8 kHz to 16 kHz


def test_silence_is_detected_without_a_model() -> None:
    assert is_near_silent(decode_audio(clip("silence_4s"), max_seconds=120))
    assert not is_near_silent(decode_audio(clip("noise_4s"), max_seconds=120))
    assert not is_near_silent(decode_audio(clip("canastillas_5s"), max_seconds=120))


@pytest.mark.parametrize(
    "text",
    [
        "Subtítulos realizados por la comunidad de Amara.org",
        "subtitulos realizados por la comunidad de amara.org.",
        "¡Gracias por ver el video!",
        "Gracias por ver.",
        "¡Suscríbete al canal!",
        "[Música]",
        "...",
        " ",
    ],
)
def test_known_hallucinations(text: str) -> None:
    assert is_hallucination(text)


@pytest.mark.parametrize("text", ["¿Cuántas canastillas tiene el cliente 412?", "Gracias", "¿Cuándo vence?"])
def test_real_questions_are_not_hallucinations(text: str) -> None:
    assert not is_hallucination(text)


def seg(text: str, no_speech: float = 0.05, logprob: float = -0.4, ratio: float = 1.2) -> Segment:
    return Segment(text, no_speech, logprob, ratio)


def test_spoken_text_uses_whisper_signals() -> None:
    question = seg(" ¿Cuántas canastillas tiene el cliente 412?")
    loop = seg(" La Cámara de la Cámara de la Cámara de la Cámara de la Cámara", ratio=21.5)
    no_speech = seg(" Hola.", no_speech=0.9, logprob=-1.4)
    credits = seg(" Subtítulos realizados por la comunidad de Amara.org")
    assert spoken_text(Transcript((question, loop, no_speech, credits))) == question.text.strip()
    assert spoken_text(Transcript((loop, no_speech, credits))) == ""
    assert spoken_text(Transcript(())) == ""
    # a confident window is kept even when the no-speech probability is high
    assert spoken_text(Transcript((seg(" Sí, el 412.", no_speech=0.9, logprob=-0.2),))) == "Sí, el 412."


def test_a_sentence_heard_twice_is_kept_once() -> None:
    """faster-whisper 1.2 / CTranslate2 4.8 heard the last sentence of the 30-s clip twice."""
    first = seg(" Quiero saber cuánto vence la tecnomecánica. Por favor avísame si tiene saldo. Gracias.")
    again = seg(" Por favor, avísame si tiene saldo. Gracias.")
    assert spoken_text(Transcript((first, again))) == (
        "Quiero saber cuánto vence la tecnomecánica. Por favor avísame si tiene saldo. Gracias."
    )
    assert without_repeats("¿Cuántas tiene el 412? ¿Cuántas tiene el 412? ¿Y el 413?") == (
        "¿Cuántas tiene el 412? ¿Y el 413?"
    )
    # words repeated inside one sentence, and different sentences, are left alone
    assert without_repeats("No, no, el 412. El 412 no.") == "No, no, el 412. El 412 no."


def test_limit_messages_are_spanish() -> None:
    assert "2 minutos" in too_long_message(120)
    assert "90 segundos" in too_long_message(90)


def test_ct2_mapping_fills_every_openai_whisper_tensor() -> None:
    """The converted state dict has exactly the keys and shapes openai-whisper's model expects."""
    torch = pytest.importorskip("torch")
    whisper_model = pytest.importorskip("whisper.model")
    from bot.voice.weights import ct2_to_openai

    dims = whisper_model.ModelDimensions(
        n_mels=80,
        n_audio_ctx=30,
        n_audio_state=16,
        n_audio_head=2,
        n_audio_layer=2,
        n_vocab=50,
        n_text_ctx=12,
        n_text_state=16,
        n_text_head=2,
        n_text_layer=3,
    )
    model = whisper_model.Whisper(dims)
    variables = fake_ct2_variables(model.state_dict(), dims)
    got_dims, state = ct2_to_openai(variables)
    assert got_dims == vars(dims)
    expected = {k: tuple(v.shape) for k, v in model.state_dict().items()}
    assert {k: tuple(v.shape) for k, v in state.items()} == expected
    original = model.state_dict()
    # equal_nan: openai-whisper leaves some tensors uninitialised (torch.empty), which may hold NaN
    assert all(np.array_equal(state[k], original[k].numpy(), equal_nan=True) for k in expected)  # q, k, v not swapped
    model.load_state_dict({k: torch.from_numpy(v.copy()) for k, v in state.items()})  # strict


def fake_ct2_variables(sd: dict, dims) -> dict[str, np.ndarray]:
    """A CTranslate2-named variable set built from an openai-whisper state dict (fused q|k|v)."""

    def a(key: str) -> np.ndarray:
        return sd[key].numpy()

    v: dict[str, np.ndarray] = {
        "encoder/num_heads": np.int16(dims.n_audio_head),
        "decoder/num_heads": np.int16(dims.n_text_head),
    }
    for conv in ("conv1", "conv2"):
        v[f"encoder/{conv}/weight"], v[f"encoder/{conv}/bias"] = a(f"encoder.{conv}.weight"), a(f"encoder.{conv}.bias")
    v["encoder/position_encodings/encodings"] = a("encoder.positional_embedding")
    v["decoder/position_encodings/encodings"] = a("decoder.positional_embedding")
    v["decoder/embeddings/weight"] = a("decoder.token_embedding.weight")
    for name, src in (("encoder/layer_norm", "encoder.ln_post"), ("decoder/layer_norm", "decoder.ln")):
        v[f"{name}/gamma"], v[f"{name}/beta"] = a(f"{src}.weight"), a(f"{src}.bias")
    for side, count in (("encoder", dims.n_audio_layer), ("decoder", dims.n_text_layer)):
        for i in range(count):
            p, q = f"{side}.blocks.{i}", f"{side}/layer_{i}"
            zeros = np.zeros_like(a(f"{p}.attn.query.bias"))
            v[f"{q}/self_attention/linear_0/weight"] = np.concatenate(
                [a(f"{p}.attn.query.weight"), a(f"{p}.attn.key.weight"), a(f"{p}.attn.value.weight")]
            )
            v[f"{q}/self_attention/linear_0/bias"] = np.concatenate(
                [a(f"{p}.attn.query.bias"), zeros, a(f"{p}.attn.value.bias")]
            )
            v[f"{q}/self_attention/linear_1/weight"] = a(f"{p}.attn.out.weight")
            v[f"{q}/self_attention/linear_1/bias"] = a(f"{p}.attn.out.bias")
            norms = [("self_attention/layer_norm", "attn_ln"), ("ffn/layer_norm", "mlp_ln")]
            if side == "decoder":
                norms.append(("attention/layer_norm", "cross_attn_ln"))
                c = f"{p}.cross_attn"
                v[f"{q}/attention/linear_0/weight"] = a(f"{c}.query.weight")
                v[f"{q}/attention/linear_0/bias"] = a(f"{c}.query.bias")
                v[f"{q}/attention/linear_1/weight"] = np.concatenate([a(f"{c}.key.weight"), a(f"{c}.value.weight")])
                v[f"{q}/attention/linear_1/bias"] = np.concatenate([zeros, a(f"{c}.value.bias")])
                v[f"{q}/attention/linear_2/weight"] = a(f"{c}.out.weight")
                v[f"{q}/attention/linear_2/bias"] = a(f"{c}.out.bias")
            for ct2, oa in norms:
                v[f"{q}/{ct2}/gamma"], v[f"{q}/{ct2}/beta"] = a(f"{p}.{oa}.weight"), a(f"{p}.{oa}.bias")
            for n, m in (("0", "0"), ("1", "2")):
                v[f"{q}/ffn/linear_{n}/weight"] = a(f"{p}.mlp.{m}.weight")
                v[f"{q}/ffn/linear_{n}/bias"] = a(f"{p}.mlp.{m}.bias")
    return v


def test_decoding_loops_and_prompt_echoes_are_refused() -> None:
    from bot.voice.filters import is_loop, is_prompt_echo

    prompt = "Canastillas, cliente, placa, SOAT, tecnomecánica, remisión, saldo, vence, vehículo."
    for loop in [
        "¿Cuántas canastillas tiene el cliente ven, ven, ven, ven, ven?",
        "U, B, M, S, C, C, C, C, C, C, C",
        "de la, de la, de la, de la",
    ]:
        assert is_loop(loop) and spoken_text(Transcript((seg(loop),))) == ""
    for fine in ["Cero, cero, siete.", "U, T, I, 3, 3, 3.", "Uno, uno, uno, uno.", "la placa de la de la KLM"]:
        assert not is_loop(fine)
    echo = "Saldo, cliente, placa, remisión, saldo, vence, vehículo."  # what beam search said on noise
    assert is_prompt_echo(echo, prompt) and spoken_text(Transcript((seg(echo),)), prompt=prompt) == ""
    assert spoken_text(Transcript((seg("Saldo del cliente 412"),)), prompt=prompt) == "Saldo del cliente 412"


def test_token_cap_follows_the_note_length() -> None:
    import numpy as np

    from bot.voice.config import VoiceSettings
    from bot.voice.engines import token_cap

    settings = VoiceSettings(_env_file=None, max_tokens=160)
    assert token_cap(settings, np.zeros(16_000 * 4, np.float32)) == 48  # 4 s of noise: a loop stops at 48
    assert token_cap(settings, np.zeros(16_000 * 60, np.float32)) == 160
    assert token_cap(VoiceSettings(_env_file=None, max_tokens=32), np.zeros(16_000 * 10, np.float32)) == 32
