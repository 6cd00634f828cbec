"""What an import run says: `ImportReport` (rows per file) when it loaded, `ImportFailed` (every rejected
row, nothing loaded) when it did not (`backend.importer.load`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from backend.importer.csvfile import RowError

MAX_ERRORS_SHOWN = 50


def errores(n: int) -> str:
    """«1 error», «3 errores»."""
    return f"{n} error" if n == 1 else f"{n} errores"


class ImportFailed(Exception):
    """The import was rolled back. `errors` lists every rejected row (file, line, reason)."""

    def __init__(self, errors: list[RowError]) -> None:
        self.errors = errors
        shown = "\n".join(f"  {e}" for e in errors[:MAX_ERRORS_SHOWN])
        hidden = len(errors) - MAX_ERRORS_SHOWN
        more = f"\n  … y {errores(hidden)} más" if hidden > 0 else ""
        super().__init__(f"importación cancelada, no se cargó nada ({errores(len(errors))}):\n{shown}{more}")


@dataclass
class ImportReport:
    """Per file: rows read and rows that were new (the rest updated or already present)."""

    rows: dict[str, int] = field(default_factory=dict)
    new: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return [f"{name}: {self.rows[name]} filas ({self.new[name]} nuevas)" for name in self.rows]
