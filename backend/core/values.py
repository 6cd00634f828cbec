"""Checks of configured values shared by the bot's and the backend's settings (pure: no I/O)."""

from __future__ import annotations

import re
from datetime import date

#: The dates every consumer handles (Python dates with a year either side, UTC conversions, the semáforo's
#: day counts, PostgreSQL date arithmetic): the import's dates and FLEETOPS_TODAY stay inside. 0001-01-01 or
#: 9999-12-31 is a typing error, not history — «FLEETOPS_TODAY=9999-12-31» made «la próxima semana» a 500.
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2100, 12, 31)


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


# The documentation's examples, never a real secret: a random key is letters, digits, "-" and "_", so
# these are looked for only where a random key would need a long coincidence to have them — the whole
# rest after a known prefix ("sk-ant-api03-", "fo_", a Telegram bot's "123456:"), its start or its end.
_PREFIX = re.compile(r"sk-ant-(?:[a-z]+[0-9]*-)?|fo_|[0-9]+:")
_STARTS = (
    *("your-", "your_", "tu-clave", "tu_clave", "su-clave", "su_clave", "placeholder", "example", "ejemplo"),
    *("replace", "reemplaz", "a-long-random", "insert-", "insert_", "pon-aqui", "pon_aqui"),
)
_ENDS = ("-here", "_here", "-aqui", "_aqui", "-aquí", "_aquí")
_FILLER = re.compile(r"([x*0.#])\1{3,}")  # "sk-ant-xxxx", "123456:XXXXXXXX", "fo_****"


def is_placeholder(secret: str) -> bool:
    """True for values copied from documentation rather than real secrets ("changeme", "sk-ant-...",
    "sk-ant-xxxx", "<tu clave>", "your-api-key-here", "a-long-random-password")."""
    folded = secret.strip().lower()
    rest = folded[m.end() :] if (m := _PREFIX.match(folded)) else folded
    return (
        folded in _PLACEHOLDER_SECRETS
        or folded.startswith("change")
        or "..." in folded
        or "<" in folded
        or ">" in folded
        or rest.startswith(_STARTS)
        or folded.endswith(_ENDS)
        or _FILLER.fullmatch(rest) is not None
    )


def database_password_placeholder(url: str) -> bool:
    """True when the password in a postgresql:// URL is a documentation placeholder (`is_placeholder`:
    ".env.example"'s CHANGE_ME, deploy/README.md's a-long-random-password)."""
    from urllib.parse import unquote, urlsplit

    try:
        password = urlsplit(url.strip()).password
    except ValueError:
        return False
    return bool(password) and is_placeholder(unquote(password or ""))


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
