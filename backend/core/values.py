"""Checks of configured values shared by the bot's and the backend's settings (pure: no I/O)."""

from __future__ import annotations


def http_url(value: str, example: str) -> str:
    """`value` stripped when it is an http(s) URL; ValueError with the Spanish expected form otherwise."""
    from urllib.parse import urlsplit

    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"debe ser una URL http:// o https:// (por ejemplo {example})")
    return value.strip()


_PLACEHOLDER_SECRETS = {
    "changeme",
    "change_me",
    "changethis",
    "change-me",
    "secret",
    "sk-ant-...",
    "xxx",
    "your-api-key",
    "your_api_key",
    "todo",
}


def is_placeholder(secret: str) -> bool:
    """True for values copied from documentation rather than real secrets ("changeme", "sk-ant-...")."""
    folded = secret.strip().lower()
    return folded in _PLACEHOLDER_SECRETS or folded.startswith("change") or "..." in folded


# The rate-limit storage (FLEETOPS_RATE_LIMIT_STORAGE): as operators write it -> the `limits` async scheme.
MEMORY = "memory://"
_SCHEMES = {
    "memory": "async+memory",
    "redis": "async+redis",
    "rediss": "async+rediss",
    "redis+unix": "async+redis+unix",
}


def storage_uri(url: str) -> str:
    """The `limits` async storage URI for `url`; ValueError (Spanish) for anything else."""
    scheme, sep, rest = url.strip().partition("://")
    if not sep or scheme.lower() not in _SCHEMES:
        raise ValueError(f"almacenamiento de límites no soportado: usa {MEMORY} o redis://HOST:PUERTO/BD")
    return f"{_SCHEMES[scheme.lower()]}://{rest}"
