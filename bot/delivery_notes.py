"""Delivery notes (remisiones) as PDF (placeholder until the delivery-note feature lands)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes


async def on_remision(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/remision <número>: not available yet."""
    if update.effective_message:
        await update.effective_message.reply_text("Las remisiones en PDF aún no están disponibles.")


async def maybe_send_delivery_note(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> bool:
    """True when `text` asked for a delivery note and it was handled; the placeholder handles nothing."""
    return False
