"""The bundled `tokenizer.json` with every BPE merge its vocabulary was built with.

The file the weights packages ship (a conversion of Whisper's tokenizer to Hugging Face's format) lacks
the first of its 50,000 merges, «Ġ t» (the merge that makes token 256, «Ġt»): the converter dropped its
first line as if it were a «#version» header. Decoding does not use merges, so transcripts read right,
but every text faster-whisper *encodes* with it — the domain prompt, a forced prefix, and each text
the rescoring scores by teacher forcing (`Engine.scorer`) — splits a word that starts with a space and a
lower-case «t» into pieces the decoder never writes: « tres» became «Ġ», «t», «res» (three tokens, the
first a lone space) instead of Whisper's one token « tres». Teacher-forced, that lone space costs about
12 nats and the «t» 8 more, so every reading with «tres», «trece», «treinta» inside a sentence scored
≈ 20 nats low («Uno, tres, siete, dos» −27.3 against «Uno, siete, siete, dos» −16.6 on a note that
says «uno, tres, siete, dos»), and the domain prompt's « tecnomecánica» was mis-encoded too.

In a byte-level BPE such as Whisper's, merge `i` makes token `256 + i`, in order. `complete_merges`
rebuilds that list from the vocabulary: each token from 256 on keeps the file's merge that makes it,
and one no merge makes gets the split that the lower-ranked merges leave of it (how tiktoken's ranks
become merges). `repaired(data)` is the file with those merges (None when it had them all).
"""

from __future__ import annotations

import json
from typing import Any

FIRST_MERGED = 256  # byte-level BPE: tokens 0–255 are the bytes; merge i makes token 256 + i


class TokenizerError(ValueError):
    """A vocabulary token no merge can make (not a byte-level BPE file as Whisper's)."""


def _merge_text(merge: str | list[str]) -> tuple[str, str]:
    left, right = merge.split(" ") if isinstance(merge, str) else merge
    return left, right


def _split(token: str, ranks: dict[tuple[str, str], int]) -> tuple[str, str]:
    """The two parts the merges ranked in `ranks` leave of `token` (byte-level symbols, one per char)."""
    parts = list(token)
    while len(parts) > 2:
        pairs = [(ranks.get((a, b)), i) for i, (a, b) in enumerate(zip(parts, parts[1:], strict=False))]
        ranked = [(r, i) for r, i in pairs if r is not None]
        if not ranked:
            break
        _, i = min(ranked)
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
    if len(parts) != 2:
        raise TokenizerError(f"no merge makes token {token!r}")
    return parts[0], parts[1]


def complete_merges(vocab: dict[str, int], merges: list[Any]) -> list[str] | None:
    """The merges that make vocabulary tokens 256, 257, … in order (module docstring), as «a b» strings;
    None when `merges` already are exactly those."""
    by_id = {i: t for t, i in vocab.items()}
    made = {a + b: (a, b) for a, b in map(_merge_text, merges)}
    last = max(vocab[t] for t in made if t in vocab)
    out: list[tuple[str, str]] = []
    ranks: dict[tuple[str, str], int] = {}
    for k in range(FIRST_MERGED, last + 1):
        token = by_id[k]
        pair = made.get(token) or _split(token, ranks)
        ranks[pair] = len(out)
        out.append(pair)
    if [_merge_text(m) for m in merges] == out:
        return None
    return [f"{a} {b}" for a, b in out]


def repaired(data: bytes) -> bytes | None:
    """`tokenizer.json` bytes with its BPE merges completed, None when nothing was missing."""
    tokenizer = json.loads(data)
    model = tokenizer["model"]
    merges = complete_merges(model["vocab"], model["merges"])
    if merges is None:
        return None
    model["merges"] = merges
    return json.dumps(tokenizer, ensure_ascii=False).encode("utf-8")
