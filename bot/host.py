"""`fleetops bot --all`: every company bot in one process, on one event loop, sharing one voice model.

Each company gets the very Application `fleetops bot` builds (`bot.main.build_application`: own token,
backend secret, working memory, per-chat ordering, command menu, every handler), with the host's
`CompanyVoice` instead of its own engine. A `bot.host_bot.CompanyBot` starts and serves each one: a
revoked token (401), another poller (409) or a refused backend secret is logged once with the company
and retried with backoff, never touching the others.

SIGHUP re-reads FLEETOPS_BOT_ENV_DIR: new companies start, removed ones stop, changed ones restart; the
others keep running (and keep their working memory). Log lines carry the company: `[frigorifico-andino]`.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from typing import Any

from aiolimiter import AsyncLimiter

from backend.core.fair_gate import FairGate, headroom
from bot.host_bot import CompanyBot, company_var
from bot.host_config import CompanyConfig, HostSettings, load_companies
from bot.host_updates import FairUpdates
from bot.main import build_application
from bot.shared_voice import SharedVoice

log = logging.getLogger(__name__)


class BotHost:
    """The running companies. `apply(companies)` starts, stops and restarts bots to match them.

    `base_url` / `base_file_url` (tests, bench) point every bot at another Bot API server.
    """

    def __init__(
        self,
        settings: HostSettings,
        voice: SharedVoice | None,
        *,
        base_url: str | None = None,
        base_file_url: str | None = None,
        **build: Any,
    ) -> None:
        self.settings = settings
        self.voice = voice
        self.bots: dict[str, CompanyBot] = {}
        slots, extra = settings.max_concurrent_updates, headroom(settings.max_concurrent_updates)
        self.update_slots = FairGate(  # the extra ones only for a quiet company, which the others let pass
            slots + extra,
            reserve=extra,
            busy_while_quiet=min(settings.active_while_quiet, slots) or None,
            yield_window_s=settings.quiet_priority_s,
        )
        # busy updates start one at a time, 1 / busy_rate apart (FLEETOPS_BOT_HOST_BUSY_RATE)
        self.busy_rate = AsyncLimiter(1, 1 / settings.busy_rate) if settings.busy_rate else None
        self._build = {"base_url": base_url, "base_file_url": base_file_url, **build}

    def _new_bot(self, config: CompanyConfig) -> CompanyBot:
        voice = self.voice.for_company(config.company) if self.voice is not None else None
        slots, rate = self.update_slots, self.busy_rate
        processor = FairUpdates(config.settings.max_concurrent_updates, slots, config.company, rate)
        application = build_application(config.settings, voice=voice, processor=processor, **self._build)
        application.bot_data.backend.busy = processor.busy  # the backend's door: no kept place for a flood
        return CompanyBot(config, application, self.settings)

    async def apply(self, companies: dict[str, CompanyConfig]) -> None:
        gone = [name for name, bot in self.bots.items() if companies.get(name) != bot.config]
        await asyncio.gather(*(self.bots.pop(name).stop() for name in gone))
        for name in gone:
            log.info("empresa %s: detenida", name)
        for name, config in companies.items():
            if name not in self.bots:
                self.bots[name] = bot = self._new_bot(config)
                bot.start()

    async def reload(self) -> dict[str, str]:
        """Re-read the env directory and apply it; returns the unusable files ({name: reason})."""
        companies, problems = load_companies(self.settings.env_dir, webhook=bool(self.settings.webhook_base_url))
        for name, reason in problems.items():
            log.error("%s: %s; esa empresa no se atiende", name, reason)
        await self.apply(companies)
        return problems

    async def stop(self) -> None:
        await self.apply({})

    def serving(self, company: str) -> CompanyBot | None:
        """The bot of `company` if it is started (for the webhook listener)."""
        bot = self.bots.get(company)
        return bot if bot is not None and bot.serving else None


def install_company_logging() -> None:
    """Every log record gets `company` (from `company_var`), shown as `[company]` by the root handlers."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "fleetops_company", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        record.company = company_var.get()
        return record

    factory.fleetops_company = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s [%(company)s] %(name)s: %(message)s"))


async def serve(settings: HostSettings, host: BotHost) -> None:
    """Run `host` until SIGTERM/SIGINT; SIGHUP reloads the companies. Serves the webhook listener in
    webhook mode. Stops every bot before returning."""
    loop = asyncio.get_running_loop()
    stop, reload = asyncio.Event(), asyncio.Event()
    for sig, event in ((signal.SIGTERM, stop), (signal.SIGINT, stop), (signal.SIGHUP, reload)):
        loop.add_signal_handler(sig, event.set)
    listener = None
    if settings.webhook_base_url:
        from bot.host_webhook import WebhookListener

        listener = WebhookListener.for_host(host, settings.webhook_listen, settings.webhook_port)
        await listener.start()
    try:
        await host.reload()
        while not stop.is_set():
            waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(reload.wait())]
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for waiter in waiters:
                waiter.cancel()
            if reload.is_set() and not stop.is_set():
                reload.clear()
                log.info("SIGHUP: releyendo %s", settings.env_dir)
                await host.reload()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.remove_signal_handler(sig)
        await host.stop()
        if listener is not None:
            await listener.stop()


async def _main(settings: HostSettings) -> None:
    from bot.voice.config import VoiceSettings

    voice = await SharedVoice.start(VoiceSettings())
    try:
        await serve(settings, BotHost(settings, voice))
    finally:
        if voice is not None:
            voice.close()


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when installed (the `bot` extra brings it): the host's loop does the HTTP of
    every company, and uvloop's sockets and scheduling cost about half of asyncio's per call. None:
    the standard loop."""
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def cmd_host(args: object) -> int:
    """`fleetops bot --all`: exit 2 when the env directory holds no usable company."""
    settings = HostSettings()
    companies, problems = load_companies(settings.env_dir, webhook=bool(settings.webhook_base_url))
    for name, reason in problems.items():
        print(f"{settings.env_dir / name}: {reason}", file=sys.stderr)
    if not companies:
        print(
            f"No hay empresas que atender: ningún bot-<empresa>.env utilizable en {settings.env_dir} "
            "(FLEETOPS_BOT_ENV_DIR).",
            file=sys.stderr,
        )
        return 2
    logging.getLogger("httpx").setLevel(logging.WARNING)  # httpx logs every URL, token included
    install_company_logging()
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        runner.run(_main(settings))
    return 0
