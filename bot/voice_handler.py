"""Voice notes (placeholder until the voice pipeline lands)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes


async def on_voice(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Reply that voice notes are not available yet."""
    if update.effective_message:
        await update.effective_message.reply_text("Por ahora solo puedo responder mensajes de texto.")
