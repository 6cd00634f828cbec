"""The demo's terminal chat: typed lines become Telegram updates for the real Application.

Reads standard input line by line (so it can be scripted: `printf '...\\n' | make demo`). Every line is
turned into a private-chat `Update` from the demo admin and fed through the application's update
processor (`bot.ordering.feed_update`), so
the bot's own handlers answer. `/voz PATH` sends a local audio file as a voice note; `/salir` or end of
input ends the chat.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from telegram import Update

from bot.app_data import BotApplication
from bot.ordering import feed_update
from bot.terminal_api import TerminalBotAPI

EXIT_WORDS = {"/salir", "/exit", "/quit"}


def _audio_duration_s(path: Path) -> int:
    """Duration in whole seconds (rounded up) read with PyAV when installed; 0 when unknown."""
    try:
        import av  # optional: the voice extra

        with av.open(str(path)) as container:
            return int(-(-(container.duration or 0) // 1_000_000))
    except Exception:  # noqa: BLE001 - unknown duration is fine here; the bot checks the audio itself
        return 0


def _daemon_reader(stdin: TextIO, prompt: str | None, ready: threading.Event) -> asyncio.Queue[str]:
    """Lines of `stdin` ('' at end of input) read by a daemon thread: a blocked read must not keep
    the process alive after Ctrl-C (the default executor would wait for it forever). With a `prompt`
    (a terminal), lines are read with `input()` and GNU readline, so arrow keys edit the line. Each read
    waits for `ready`, so the prompt comes back only after the bot has answered the previous line."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()
    if prompt is not None:
        import readline  # noqa: F401 - importing it enables line editing and history in input()

    def read_line() -> str:
        if prompt is None:
            return stdin.readline()
        try:
            return input(prompt) + "\n"
        except EOFError:
            return ""

    def read() -> None:
        while True:
            ready.wait()
            ready.clear()
            line = read_line()
            loop.call_soon_threadsafe(queue.put_nowait, line)
            if not line:
                return

    threading.Thread(target=read, name="terminal-stdin", daemon=True).start()
    return queue


class TerminalChat:
    """One admin talking to the bot from a terminal. `user_id` is a registered admin's Telegram id."""

    def __init__(
        self,
        application: BotApplication,
        api: TerminalBotAPI,
        *,
        user_id: int,
        first_name: str,
        out: Callable[[str], None] = print,
    ) -> None:
        self.application, self.api, self.user_id, self.first_name, self.out = (
            application,
            api,
            user_id,
            first_name,
            out,
        )
        self._ids = itertools.count(1)

    def _base_message(self) -> dict[str, Any]:
        user = {"id": self.user_id, "is_bot": False, "first_name": self.first_name, "language_code": "es"}
        return {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "chat": {"id": self.user_id, "type": "private", "first_name": self.first_name},
            "from": user,
        }

    def text_update(self, text: str) -> Update:
        message = {**self._base_message(), "text": text}
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return Update.de_json({"update_id": next(self._ids), "message": message}, self.application.bot)

    def voice_update(self, path: Path) -> Update:
        file_id = self.api.register_file(path)
        voice = {
            "file_id": file_id,
            "file_unique_id": file_id,
            "duration": _audio_duration_s(path),
            "mime_type": "audio/ogg",
            "file_size": path.stat().st_size,
        }
        message = {**self._base_message(), "voice": voice}
        return Update.de_json({"update_id": next(self._ids), "message": message}, self.application.bot)

    async def send_line(self, line: str) -> bool:
        """Process one typed line; False when the chat should end."""
        line = line.strip()
        if not line:
            return True
        if line.split()[0].lower() in EXIT_WORDS:
            return False
        if line.lower().startswith("/voz"):
            arg = line[4:].strip()
            path = Path(arg).expanduser()  # noqa: ASYNC240 — reads $HOME, no disk access
            if not arg:
                self.out("⚠️ Uso: /voz RUTA_DEL_AUDIO (archivo .ogg, .mp3, .wav …)")
                return True
            if not await asyncio.to_thread(path.is_file):
                self.out(f"⚠️ No encuentro el archivo {arg}. Uso: /voz RUTA_DEL_AUDIO")
                return True
            update = self.voice_update(path)
        else:
            update = self.text_update(line)
        await feed_update(self.application, update)  # same processor (and per-chat order) as polled updates
        return True

    async def run(self, stdin: TextIO = sys.stdin) -> None:
        interactive = stdin.isatty() and stdin is sys.stdin
        ready = threading.Event()
        ready.set()
        lines = _daemon_reader(stdin, "tú> " if interactive else None, ready)
        while True:
            line = await lines.get()
            if not line:
                break
            if not interactive and line.strip():
                print(f"tú> {line.strip()}", flush=True)  # echo scripted input so the transcript reads well
            if not await self.send_line(line):
                break
            ready.set()  # not on Ctrl-C: no stray prompt after the chat ended
