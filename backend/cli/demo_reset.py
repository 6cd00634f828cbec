"""`fleetops demo --reset`: the demo's data from scratch. The demo keeps its embedded PostgreSQL under
FLEETOPS_DATA_DIR (./.fleetops) across runs, and `fleetops import` beside it writes into that same
database, so imported rows stay in every later demo («Datos de demostración ya estaban cargados, sin
cambios» is said of the fixture's rows only). The reset removes that database (`pgdata/`) and the demo
bot's saved secret (`demo/`) — never .venv, the log or the documents the chat saved — and the demo then
loads demo-data/fleet again. Refused with DATABASE_URL (someone's own PostgreSQL) or while the embedded
server runs (a demo, or `fleetops import`, is using it)."""

from __future__ import annotations

import shutil

from backend.config import DatabaseSettings
from backend.db.embedded import EmbeddedPostgres


def reset_demo_data(settings: DatabaseSettings) -> str | None:
    """Remove the embedded demo database; a Spanish reason (nothing removed) when it may not."""
    if settings.database_url:
        return (
            "fleetops demo --reset borra solo la base embebida de la demo (FLEETOPS_DATA_DIR); con DATABASE_URL "
            "la base es tuya: vacíala tú o quita DATABASE_URL."
        )
    pg = EmbeddedPostgres(settings.data_dir)
    if pg.is_running():
        return (
            f"La base de la demo en {pg.data_dir} está en uso (una demo u otro comando de fleetops): "
            "detenla y vuelve a lanzar fleetops demo --reset."
        )
    for part in (pg.pgdata, pg.data_dir / "demo"):
        shutil.rmtree(part, ignore_errors=True)
    print(f"Datos de la demo borrados ({pg.pgdata}): se cargan de nuevo desde demo-data/fleet.")
    return None
