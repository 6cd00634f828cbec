"""A correction of the previous question read as the «no, …» follow-up it is («perdón, quería decir
estibas» → «no, estibas»), and a pick said back as a candidate question («¿cuál Sandra? la de la AFB115»)."""

from __future__ import annotations

import re

_CORRECTION = re.compile(
    r"^\W*(?:no\b[\s,.]*)?(?:(?:perd[oó]n|disculpa|perdona|uy|ups)\b[\s,.!]*)?"
    r"(?:(?:quise|quer[ií]a|quiero) decir|me equivoqu[eé]|mejor dicho)\b[\s,:.]*",
    re.I,
)


# «¿cuál Sandra? la de la AFB115»: the user's own «which one?» before the pick (a bot's candidate question
# said back); the pick is what answers the pending question
_WHICH_ECHO = re.compile(
    r"^\W*cu[aá]l(?:es)?(?:\s+[^\s?¿,:.!]+){0,3}\s*[?,:.!]+\s*(?=(?:el|la|los|las|del|de)\b)", re.I
)

# «la que maneja la AFB115» as a pick among drivers: «la de la AFB115» (a whole phrase: no question word)
_WHO_DRIVES = re.compile(
    r"^\W*(el|la)\s+que\s+(?:maneja|lleva|conduce|anda en|tiene)\s+(?:la\s+|el\s+)?(?=[a-z]*[\s-]?\d)", re.I
)


def without_correction(text: str) -> str:
    """«perdón, quería decir estibas», «me equivoqué: el 413» -> «no, estibas», «no, el 413»: a correction
    of the previous question reads as the «no, …» follow-up it is; «¿cuál Sandra? la de la AFB115» and «la
    que maneja la AFB115» as the pick «la de la AFB115»."""
    text = _WHICH_ECHO.sub("", text, count=1) or text
    text = _WHO_DRIVES.sub(r"\1 de la ", text, count=1)
    corrected = _CORRECTION.sub("", text, count=1)
    return f"no, {corrected}" if corrected != text and corrected.strip() else text
