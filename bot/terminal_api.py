"""An in-process stand-in of the Telegram Bot API, for the demo's terminal chat.

The bot's `Application` is built with this as its `request` object instead of HTTPXRequest, so the very
same handlers run; what they send (sendMessage, sendDocument, …) is printed or saved instead of going to
Telegram, and voice notes given as local files are served through getFile + file download.
"""

from __future__ import annotations

import html
import itertools
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from telegram.request import BaseRequest, RequestData

BOT_USER = {
    "id": 7_000_000_001,
    "is_bot": True,
    "first_name": "fleetops",
    "username": "fleetops_demo_bot",
    "can_join_groups": False,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}
_TAG = re.compile(r"<[^>]+>")


def visible_text(text: str, parse_mode: str | None) -> str:
    """What a Telegram user would read: HTML tags removed and entities unescaped when parse mode is HTML."""
    if parse_mode and parse_mode.upper() == "HTML":
        return html.unescape(_TAG.sub("", text))
    return text


class TerminalBotAPI(BaseRequest):
    """Answers the Bot API methods the bot uses; `say(text)` receives every line meant for the user.

    Documents are written under `documents_dir` (path printed). Local audio files registered with
    `register_file()` are served by getFile and the file download, like Telegram's servers would.
    """

    def __init__(self, say: Callable[[str], None], documents_dir: Path) -> None:
        self._say = say
        self._documents_dir = documents_dir
        self._files: dict[str, Path] = {}
        self._ids = itertools.count(1)

    # -- BaseRequest ------------------------------------------------------------------------------
    @property
    def read_timeout(self) -> float | None:
        return 5.0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def do_request(
        self, url: str, method: str, request_data: RequestData | None = None, *args: Any, **kwargs: Any
    ) -> tuple[int, bytes]:
        if "/file/" in url:  # file download: <base_file_url>/<file_path>
            path = self._files.get(url.rsplit("/", 1)[-1])
            if path is None:
                return 404, b'{"ok": false, "error_code": 404, "description": "Not Found"}'
            return 200, path.read_bytes()
        api_method = url.rsplit("/", 1)[-1]
        params = request_data.parameters if request_data else {}
        handler = getattr(self, f"_{api_method}", None)
        result = handler(params, request_data) if handler else True
        return 200, json.dumps({"ok": True, "result": result}).encode()

    # -- files --------------------------------------------------------------------------------------
    def register_file(self, path: Path) -> str:
        """Make a local file downloadable; returns its file_id."""
        file_id = f"local-{next(self._ids)}{path.suffix}"
        self._files[file_id] = path
        return file_id

    # -- Bot API methods --------------------------------------------------------------------------
    def _message(self, params: dict[str, Any], **extra: Any) -> dict[str, Any]:
        chat_id = int(params.get("chat_id", 0))
        return {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "from": BOT_USER,
            "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "group"},
            **extra,
        }

    def _getMe(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        return BOT_USER

    def _sendMessage(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        text = str(params.get("text", ""))
        self._say(visible_text(text, params.get("parse_mode")))
        return self._message(params, text=text)

    def _editMessageText(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        text = str(params.get("text", ""))
        self._say(visible_text(text, params.get("parse_mode")))
        return self._message(params, text=text)

    def _save(self, data: RequestData | None) -> Path | None:
        """Write the uploaded file(s) under documents_dir; the path of the last one."""
        self._documents_dir.mkdir(parents=True, exist_ok=True)
        saved = None
        for name, value in (data.multipart_data if data and data.contains_files else {}).items():
            filename, content = value[0], value[1]
            saved = self._documents_dir / Path(filename or f"{name}.bin").name
            saved.write_bytes(content if isinstance(content, bytes) else content.read())
        return saved

    def _announce(self, icon: str, what: str, saved: Path | None, caption: object) -> None:
        shown = saved.relative_to(Path.cwd()) if saved and saved.is_relative_to(Path.cwd()) else saved
        self._say(
            f"{icon} {what} guardad{'a' if what == 'Imagen' else 'o'} en {shown}" + (f" — {caption}" if caption else "")
        )

    def _sendDocument(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        saved = self._save(data)
        self._announce("📄", "Documento", saved, params.get("caption"))
        return self._message(
            params,
            document={
                "file_id": f"doc-{next(self._ids)}",
                "file_unique_id": "d",
                "file_name": saved.name if saved else "documento",
            },
        )

    def _sendPhoto(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        saved = self._save(data)
        self._announce("🖼️", "Imagen", saved, params.get("caption"))
        size = saved.stat().st_size if saved else 0
        return self._message(
            params,
            photo=[
                {
                    "file_id": f"photo-{next(self._ids)}",
                    "file_unique_id": "p",
                    "width": 1200,
                    "height": 800,
                    "file_size": size,
                }
            ],
        )

    def _getFile(self, params: dict[str, Any], data: RequestData | None) -> dict[str, Any]:
        file_id = str(params.get("file_id"))
        path = self._files.get(file_id)
        size = path.stat().st_size if path else 0
        return {"file_id": file_id, "file_unique_id": file_id, "file_size": size, "file_path": file_id}

    def _getUpdates(self, params: dict[str, Any], data: RequestData | None) -> list[dict[str, Any]]:
        return []
