"""The Telegram stand-in itself, driven by PTB's real Bot over HTTP: file download, documents, edits."""

from __future__ import annotations

from telegram import Bot

from backend.testing.telegram_stub import BOT_USER, TOKEN


async def test_stub_speaks_the_bot_api_for_files_documents_and_edits(telegram_stub) -> None:
    stub = telegram_stub
    async with Bot(TOKEN, base_url=stub.base_url, base_file_url=stub.base_file_url) as bot:
        assert bot.username == BOT_USER["username"]
        content = b"OggS\x00fake-opus-bytes"
        file_id = stub.add_file(content)
        telegram_file = await bot.get_file(file_id)
        assert telegram_file.file_size == len(content)
        assert bytes(await telegram_file.download_as_bytearray()) == content
        sent = await bot.send_document(1001, b"%PDF-1.4 test", filename="remision-1234.pdf", caption="Remisión 1234")
        assert sent.document.file_name == "remision-1234.pdf" and sent.chat.id == 1001
        edited = await bot.edit_message_text("nuevo texto", chat_id=1001, message_id=sent.message_id)
        assert edited.text == "nuevo texto"
        assert await bot.send_chat_action(1001, "typing") is True
    (doc,) = stub.calls_of("sendDocument")
    assert doc.files["document"] == ("remision-1234.pdf", b"%PDF-1.4 test")
    assert doc.params["caption"] == "Remisión 1234" and doc.params["chat_id"] == 1001
    assert stub.calls_of("editMessageText")[0].params["text"] == "nuevo texto"
