"""Test doubles that speak the real wire formats, shared by the test suite (`tests/`) and `fleetops bench`.

Never used by the product at runtime: nothing outside this package, `tests/` and `backend/bench/`
imports it. Each stand-in is a real HTTP server on 127.0.0.1 (a free port, its own thread):

- `anthropic_stub`: the Anthropic Messages API (`POST /v1/messages`), scripted replies and errors.
- `telegram_stub` (+ `telegram_updates`, `telegram_http`): the Telegram Bot API (getUpdates long
  polling, sendMessage, files, …) for many bot tokens at once.
- `bot_runner.run_bot`: the real PTB Application (`bot.main.build_application`) polling a Telegram stub.
- `backend_server.start_backend`: the real backend app under uvicorn in a thread, test callers registered.
- `answers_bank`: the question bank with an independent oracle over `demo-data/fleet` (needs a checkout).

The pytest fixtures that wrap them live in `tests/fixtures_*.py`.
"""
