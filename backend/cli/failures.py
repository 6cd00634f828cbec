"""The `fleetops` command's failures an operator can act on, as one Spanish line each (no traceback).

`operator_message(exc)` knows these kinds: Ctrl-C (exit 130; what did not finish was not saved — an
import is one transaction, so nothing of it is), the database unreachable or refusing the login (exit
1), the embedded PostgreSQL failing to initialise, start or stop (exit 1, the tool's own line and where its log
is), a file that cannot be read (exit 1), any other refusal by PostgreSQL (exit 1, its SQLSTATE, never
the statement). Anything else is a bug and returns None, so the caller re-raises it.
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class Failure:
    message: str
    exit_code: int


INTERRUPTED = "Interrumpido (Ctrl-C): lo que no terminó no se guardó (una importación se deshace entera)."
DB_UNREACHABLE = (
    "No se pudo conectar con la base de datos ({kind}). Revise DATABASE_URL (o deje que fleetops use la "
    "embebida) y que PostgreSQL esté en marcha; no se cambió nada."
)

EMBEDDED_FAILED = (
    "La base de datos embebida no arrancó: {detail}. Revise FLEETOPS_DATA_DIR (o use DATABASE_URL con un "
    "PostgreSQL propio); no se cambió nada."
)


def operator_message(exc: BaseException) -> Failure | None:
    """The line and exit code for `exc`, or None when it is not a kind an operator can act on."""
    if isinstance(exc, KeyboardInterrupt):
        return Failure(INTERRUPTED, 130)
    import asyncpg  # local: `fleetops --help` stays light

    unreachable = (
        ConnectionError,
        socket.gaierror,
        TimeoutError,
        asyncpg.PostgresConnectionError,
        asyncpg.InvalidAuthorizationSpecificationError,
        asyncpg.InvalidCatalogNameError,
        asyncpg.CannotConnectNowError,
    )
    from backend.db.embedded import EmbeddedPostgresError

    if isinstance(exc, EmbeddedPostgresError):
        return Failure(EMBEDDED_FAILED.format(detail=str(exc).strip().splitlines()[0]), 1)
    if isinstance(exc, unreachable):
        return Failure(DB_UNREACHABLE.format(kind=type(exc).__name__), 1)
    if isinstance(exc, asyncpg.PostgresError):
        return Failure(f"La base de datos rechazó la operación (SQLSTATE {exc.sqlstate}); no se guardó nada.", 1)
    if isinstance(exc, OSError) and exc.filename:
        return Failure(f"No se pudo usar {exc.filename}: {file_problem(exc)}.", 1)
    return None


#: What the operating system said about a file, in Spanish (its own `strerror` is English: «File exists»).
_FILE_PROBLEMS = {
    errno.ENOENT: "no existe",
    errno.EEXIST: "ya existe y no es una carpeta",
    errno.EISDIR: "es una carpeta, no un archivo",
    errno.ENOTDIR: "una parte de la ruta no es una carpeta",
    errno.EACCES: "permiso denegado",
    errno.EPERM: "operación no permitida",
    errno.ENOSPC: "no queda espacio en el disco",
    errno.EROFS: "el sistema de archivos es de solo lectura",
    errno.ENAMETOOLONG: "el nombre es demasiado largo",
    errno.ELOOP: "demasiados enlaces simbólicos (¿un enlace que apunta a sí mismo?)",
}


def file_problem(exc: OSError) -> str:
    """Spanish words for `exc`'s errno; its own text for an errno not listed."""
    return _FILE_PROBLEMS.get(exc.errno or 0) or exc.strerror or type(exc).__name__
