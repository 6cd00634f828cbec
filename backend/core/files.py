"""Names of the files the product generates (delivery-note PDFs, charts) — pure, shared by bot and backend.

A client code or a delivery-note number is unique only inside one company (the fixture has client 412
in both demo companies), so every generated file name starts with what it is, then the company's slug,
then the key: «remision-frigorifico-andino-8297.pdf», «grafica-lacteos-del-valle-412.png». Only
`[0-9A-Za-z-]` survive, so a name is safe as an HTTP header value and as a path component.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(r"[^0-9A-Za-z-]+")
_DISPOSITION = re.compile(r'filename="([0-9A-Za-z-]{1,200}\.[a-z]{2,4})"')


def safe_part(text: str) -> str:
    """`text` with every run of other characters than `[0-9A-Za-z-]` as one dash: «bahía solana» -> «bah-a-solana»."""
    return _UNSAFE.sub("-", text).strip("-")


def generated_filename(kind: str, company: str, key: str, extension: str) -> str:
    """«<kind>-<company>-<key>.<extension>», each part made safe; an empty key is left out."""
    parts = [safe_part(p) for p in (kind, company, key)]
    return "-".join(p for p in parts if p) + "." + safe_part(extension)


def disposition_filename(header: str | None) -> str | None:
    """The `filename="…"` of a Content-Disposition header when it is a safe name as `generated_filename`
    writes them (None otherwise: absent, or with a path or other characters)."""
    match = _DISPOSITION.search(header or "")
    return match.group(1) if match else None
