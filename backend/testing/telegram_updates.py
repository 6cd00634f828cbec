"""Builders of Telegram updates in the real Bot API shapes (dates in seconds), mixed into `TelegramStub`.

Each returns an update dict (`update_id` + one of message / edited_message / channel_post) to queue with
`TelegramStub.push`. Private chats by default: `chat_id` is also the sender's user id unless `user_id`
says otherwise; group and forum variants through `chat_type` and `in_forum`.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from backend.testing.telegram_wire import BOT_USER, JSONDict


class UpdateBuilders:
    """The update builders. The class that mixes them in provides `_ids`, `_update_ids` and `add_file`."""

    _ids: itertools.count[int]
    _update_ids: itertools.count[int]

    def add_file(self, content: bytes, suffix: str = ".oga") -> str:
        raise NotImplementedError

    def _message(self, chat_id: int, user_id: int, chat_type: str, **extra: Any) -> JSONDict:
        user = {"id": user_id, "is_bot": False, "first_name": f"Usuario{user_id}", "language_code": "es"}
        chat = {"id": chat_id, "type": chat_type}
        chat.update({"first_name": user["first_name"]} if chat_type == "private" else {"title": "Flota"})
        return {"message_id": next(self._ids), "date": int(time.time()), "chat": chat, "from": user, **extra}

    def _update(self, kind: str, message: JSONDict) -> JSONDict:
        return {"update_id": next(self._update_ids), kind: message}

    def text(
        self,
        text: str,
        *,
        chat_id: int,
        user_id: int | None = None,
        chat_type: str = "private",
        reply_to_bot: bool = False,
    ) -> JSONDict:
        user_id = chat_id if user_id is None else user_id
        extra: dict[str, Any] = {"text": text}
        if text.startswith("/"):
            extra["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if reply_to_bot:
            extra["reply_to_message"] = {
                "message_id": next(self._ids),
                "date": int(time.time()) - 60,
                "chat": {"id": chat_id, "type": chat_type},
                "from": BOT_USER,
                "text": "respuesta anterior",
            }
        return self._update("message", self._message(chat_id, user_id, chat_type, **extra))

    def command(
        self, command: str, *, chat_id: int, user_id: int | None = None, chat_type: str = "private"
    ) -> JSONDict:
        return self.text(
            command if command.startswith("/") else "/" + command, chat_id=chat_id, user_id=user_id, chat_type=chat_type
        )

    def voice(
        self,
        content: bytes,
        *,
        chat_id: int,
        user_id: int | None = None,
        duration: int = 3,
        mime_type: str = "audio/ogg",
    ) -> JSONDict:
        file_id = self.add_file(content)
        voice = {
            "file_id": file_id,
            "file_unique_id": "U" + file_id,
            "duration": duration,
            "mime_type": mime_type,
            "file_size": len(content),
        }
        return self._update(
            "message", self._message(chat_id, chat_id if user_id is None else user_id, "private", voice=voice)
        )

    def sticker(self, *, chat_id: int) -> JSONDict:
        sticker = {
            "file_id": "STK1",
            "file_unique_id": "USTK1",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "emoji": "👍",
        }
        return self._update("message", self._message(chat_id, chat_id, "private", sticker=sticker))

    def photo(self, *, chat_id: int) -> JSONDict:
        photo = [{"file_id": "PH1", "file_unique_id": "UPH1", "width": 90, "height": 90, "file_size": 1000}]
        return self._update("message", self._message(chat_id, chat_id, "private", photo=photo))

    def location(self, *, chat_id: int) -> JSONDict:
        return self._update(
            "message", self._message(chat_id, chat_id, "private", location={"latitude": 6.25, "longitude": -75.56})
        )

    def in_forum(self, update: JSONDict, topic: int | None, *, reply_to_bot: bool = True) -> JSONDict:
        """`update`'s message moved into a forum supergroup: into topic `topic` (`message_thread_id`,
        `is_topic_message`), or into the General topic with `topic=None` (no thread id, as Telegram
        sends it); `reply_to_bot` makes it a reply to the bot, so a group message is addressed to it."""
        message = next(v for k, v in update.items() if k != "update_id")
        message["chat"] = {"id": message["chat"]["id"], "type": "supergroup", "title": "Flota", "is_forum": True}
        if topic is not None:
            message.update(message_thread_id=topic, is_topic_message=True)
        if reply_to_bot:
            message["reply_to_message"] = {
                "message_id": next(self._ids),
                "date": int(time.time()) - 60,
                "chat": message["chat"],
                "from": BOT_USER,
                "text": "respuesta anterior",
                **({"message_thread_id": topic, "is_topic_message": True} if topic is not None else {}),
            }
        return update

    def edited_text(self, text: str, *, chat_id: int) -> JSONDict:
        message = self._message(chat_id, chat_id, "private", text=text, edit_date=int(time.time()))
        return self._update("edited_message", message)

    def channel_post(self, text: str, *, chat_id: int = -100777) -> JSONDict:
        post = {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "text": text,
            "chat": {"id": chat_id, "type": "channel", "title": "Canal"},
        }
        return self._update("channel_post", post)
