"""The bot host's isolation: a bot whose token is revoked, that another process polls or whose backend
secret is refused is logged once, retried and never stops the others; a reload starts new companies,
stops removed ones and keeps the rest (their memory too). Real backend, Telegram stand-in."""

from __future__ import annotations

import asyncio
import logging

from tests.fixtures_host import TOKENS, company_files, errors_about, greeting, host_settings, running_host


async def test_broken_bots_are_logged_once_retried_and_never_stop_the_others(
    tmp_path, host_stub, backend_server, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="bot.host_bot")
    company_files(tmp_path, backend_server, *TOKENS)
    host_stub.revoke(TOKENS["revocada"])
    host_stub.conflict(TOKENS["doble"])
    async with running_host(host_stub, host_settings(tmp_path)) as host:
        assert await host.reload() == {}
        frigo = await greeting(host_stub, "frigorifico-andino", 1001)
        lacteos = await greeting(host_stub, "lacteos-del-valle", 2001)
        assert "Frigorífico Andino" in frigo or "frigorifico" in frigo.lower()
        assert "Lácteos" in lacteos or "lacteos" in lacteos.lower()
        # each bot answered with its own token and reached the backend with its own secret
        assert (
            host_stub.sent(1001, TOKENS["lacteos-del-valle"]) == []
            and host_stub.sent(2001, TOKENS["frigorifico-andino"]) == []
        )

        await host_stub.wait_for(lambda: len(host_stub.calls_of("getMe", TOKENS["revocada"])) >= 3, "getMe retried")
        await host_stub.wait_for(
            lambda: len(host_stub.calls_of("getUpdates", TOKENS["doble"])) >= 3, "getUpdates retried"
        )
        await host_stub.wait_for(lambda: len(host_stub.calls_of("getMe", TOKENS["secreto-malo"])) >= 3, "start retried")
        for company, words in (
            ("revocada", "401"),
            ("doble", "409 Conflict"),
            ("secreto-malo", "FLEETOPS_BACKEND_SECRET"),
        ):
            [line] = errors_about(caplog, company)  # once, however many retries
            assert words in line
        assert TOKENS["revocada"] not in caplog.text and "CCC" not in caplog.text  # never the token
        assert not host.bots["secreto-malo"].serving and not host_stub.calls_of("setMyCommands", TOKENS["secreto-malo"])

        # the others kept answering meanwhile; the revoked one recovers once its token works again
        await greeting(host_stub, "frigorifico-andino", 1001)
        host_stub.revoke(TOKENS["revocada"], False)
        host_stub.conflict(TOKENS["doble"], False)
        await host_stub.wait_for(lambda: host.bots["revocada"].serving, "revocada started")
        host_stub.push(host_stub.command("/ayuda", chat_id=77), token=TOKENS["doble"])
        await host_stub.wait_for(lambda: host_stub.sent(77, TOKENS["doble"]), "doble answers after the conflict ends")
        recovered = [r.getMessage() for r in caplog.records if "recuperado" in r.getMessage()]
        assert any("revocada" in m for m in recovered) and any("doble" in m for m in recovered)


async def test_reload_starts_new_stops_removed_and_keeps_the_rest(tmp_path, host_stub, backend_server) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino")
    async with running_host(host_stub, host_settings(tmp_path)) as host:
        await host.reload()
        await greeting(host_stub, "frigorifico-andino", 1001)
        kept = host.bots["frigorifico-andino"].application
        kept.bot_data.memory.store((1001, 1001), "¿pregunta?", "respuesta")

        company_files(tmp_path, backend_server, "lacteos-del-valle")
        (tmp_path / "bot-mal.env").write_text("TELEGRAM_BOT_TOKEN=\n")
        problems = await host.reload()
        assert problems == {"bot-mal.env": "falta TELEGRAM_BOT_TOKEN, FLEETOPS_BACKEND_SECRET"}
        await greeting(host_stub, "lacteos-del-valle", 2001)
        assert host.bots["frigorifico-andino"].application is kept
        assert kept.bot_data.memory.history((1001, 1001)) == [{"q": "¿pregunta?", "a": "respuesta"}]

        (tmp_path / "bot-frigorifico-andino.env").unlink()
        await host.reload()
        assert set(host.bots) == {"lacteos-del-valle"}
        polls = len(host_stub.calls_of("getUpdates", TOKENS["frigorifico-andino"]))
        await greeting(host_stub, "lacteos-del-valle", 2001)
        await asyncio.sleep(0.3)
        assert (
            len(host_stub.calls_of("getUpdates", TOKENS["frigorifico-andino"])) <= polls + 1
        )  # the stop acknowledgement
