"""Telegram accounts that write on behalf of someone else, so their user id names nobody (pure: no I/O).

In a group, an admin who stays anonymous writes as @GroupAnonymousBot, a channel writing in a group as
@Channel_Bot, and the posts of a linked channel reach its discussion group from Telegram's service
account. Every message from one of them carries the same user id whoever wrote it: registering that
id as a company admin would let any anonymous admin of any group where the bot is read the company's data.
"""

from __future__ import annotations

GROUP_ANONYMOUS_BOT = 1087968824
CHANNEL_BOT = 136817688
SERVICE_NOTIFICATIONS = 777000
#: The user ids that never identify one person.
SHARED_SENDERS = frozenset({GROUP_ANONYMOUS_BOT, CHANNEL_BOT, SERVICE_NOTIFICATIONS})


def is_shared_sender(user_id: int) -> bool:
    """True for a Telegram user id that many people write as (`SHARED_SENDERS`)."""
    return user_id in SHARED_SENDERS
