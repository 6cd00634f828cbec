"""Run an Application inside an existing event loop (demo, tests), with the same hooks as run_polling."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any, TypeVar

from telegram.ext import Application

App = TypeVar("App", bound="Application[Any, Any, Any, Any, Any, Any]")


@contextlib.asynccontextmanager
async def running(application: App) -> AsyncIterator[App]:
    """initialize → post_init → start; on exit: stop the updater if polling → stop → post_stop →
    shutdown → post_shutdown. The order `Application.run_polling` uses, without owning the loop."""
    await application.initialize()
    try:
        if application.post_init:
            await application.post_init(application)
        await application.start()
        try:
            yield application
        finally:
            if application.updater and application.updater.running:
                await application.updater.stop()
            await application.stop()
            if application.post_stop:
                await application.post_stop(application)
    finally:
        await application.shutdown()
        if application.post_shutdown:
            await application.post_shutdown(application)
