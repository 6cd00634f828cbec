"""«Sí» / «No» first when a question asks yes or no of a figure: «¿el 412 debe estibas?», «¿el 632 tiene más
de 10000 canastillas?», «¿hubo remisiones ayer?», «¿hay clientes en Cali?».

The flow answers the figure as usual; `with_yes_no` reads the question's own words (no wh-word, a verb of
having or happening) and the figure the answer gives, and puts the verdict before it: «Sí, [632] … tiene
10.245 canastillas.», «Sí, ayer hubo 17 remisiones.», «No, no encontré remisiones ayer.»."""

from __future__ import annotations

import itertools
import re

from rapidfuzz.distance import Levenshtein

from backend.answers.understood import Understood
from backend.core.amount_words import BEYOND, EXCEEDS
from backend.core.text import fold

#: A question opening with one of these asks a figure, a name or a date, not yes or no.
_WH = frozenset(
    {"cuanto", "cuanta", "cuantos", "cuantas", "cual", "cuales", "que", "quien", "quienes", "donde", "cuando"}
    | {"como", "por", "a", "de", "dime", "dame", "muestrame", "lista", "saldo", "compara", "hasta", "desde"}
    | {"q", "k", "ke", "xq"}  # «q conductor tiene la licencia vencida»: «qué» typed short
)
#: Verbs of a yes-or-no question about a figure.
_VERBS = frozenset({"debe", "deben", "tiene", "tienen", "hay", "hubo", "tuvo", "tuvieron", "queda", "quedan"})
_VERBS |= EXCEEDS - {"pasa", "pasan"}  # «¿el 412 supera las 200?»
#: Wh-words that ask a figure, a name, a place or a date wherever they come («¿y el primero que te pregunté
#: cuántas estibas tiene?»); «que» is not one of them («¿tiene más que el 310?»).
_FIGURE_WH = frozenset(
    {"cuanto", "cuanta", "cuantos", "cuantas", "cual", "cuales", "quien", "quienes", "donde", "cuando"}
)
#: A copula before an amount said bare («¿es más de 5000?», «¿son menos de 100?»).
_BE = frozenset({"es", "son", "sera", "seria", "sigue", "siguen", "eso", "esta", "estan", "ya", "si", "no", "le", "se"})
_BEYOND = BEYOND | EXCEEDS | {"por"}
#: Words that may come before the question proper («oye, ¿el 412 debe estibas?»).
_LEAD = frozenset({"y", "e", "oye", "oiga", "bueno", "entonces", "pero"})
#: Intents whose answer leads with the one figure asked.
_ONE_FIGURE = ("client.balance",)
_COUNT_HEADER = re.compile(r"^(Remisiones|Despachos|Devoluciones|Entregas)((?: [^:\n]+)?): (\d[\d.]*)\.")
_NONE_FOUND = re.compile(r"^(?:\w+ )?[Nn]o (?:encontré|hubo|hay|se ha) ")
_THERE_ARE = re.compile(r"^Hay (\d[\d.]*) ")
_MOVED = re.compile(r"^[^.\n]* (?:se despacharon|se devolvieron|devolvieron) \d")
_FIGURE = re.compile(r"(-?\d{1,3}(?:\.\d{3})+|-?\d+)")
_THRESHOLD = re.compile(
    rf"\b({'|'.join(sorted(BEYOND))})\s+(?:de|que|a)\s+(\d[\d.,]*)"
    rf"|\b(?:{'|'.join(sorted(EXCEEDS))})\s+(?:(?:de|a|los|las)\s+)?(\d[\d.,]*)"
)


def asks_yes_no(question: str) -> bool:
    """Whether `question` asks yes or no («¿el 412 debe estibas?», «¿hubo remisiones ayer?»)."""
    words = re.findall(r"[0-9a-zñ]+", fold(question))
    while words and words[0] in _LEAD:
        words = words[1:]
    if not words or any(_asks_figure(w) for w in words):
        return False  # «¿y ese cliente cuántas canastillas tiene?», «y el 77 cuántas debe?»: a figure asked, wherever
    if _is_wh(words[0]):
        return False
    return bool(_VERBS & set(words)) or _bare_threshold(words)


def _bare_threshold(words: list[str]) -> bool:
    """«¿más de 300?», «¿es menos de 50?», «¿y son más de 100 tapas?»: an amount said of the figure just given."""
    opening = list(itertools.takewhile(lambda w: w not in _BEYOND, words))
    return len(opening) < len(words) and set(opening) <= _VERBS | _BE and _threshold(" ".join(words)) is not None


def bare_amount(question: str) -> str | None:
    """The words after the amount of a question that is an amount said bare («¿tiene más de 200?»: «»,
    «¿y más de 100 tapas?»: «tapas»), else None: it asks yes or no of the figure just given (of that asset)."""
    words = re.findall(r"[0-9a-zñ]+", fold(question))
    while words and words[0] in _LEAD:
        words = words[1:]
    if not words or not asks_yes_no(question) or not _bare_threshold(words):
        return None
    folded = fold(question)
    m = _THRESHOLD.search(folded)
    return " ".join(re.findall(r"[0-9a-zñ]+", folded[m.end() :])) if m is not None else None


def says_amount(question: str) -> bool:
    """`question` compares with an amount of its own («clientes con más de 1000 canastillas»)."""
    return _threshold(question) is not None


def asks_a_figure(words: list[str]) -> bool:
    """`words` (folded, leading fillers dropped) open with a wh-word or hold one that asks a figure or a name."""
    return bool(words) and (_is_wh(words[0]) or any(_asks_figure(w) for w in words))


def _asks_figure(word: str) -> bool:
    """`word` is one of `_FIGURE_WH`, or one of its long ones a letter off («quantas»; not «cuenta»)."""
    if word in _FIGURE_WH:
        return True
    if len(word) < 6 or word.startswith("cuent"):
        return False
    return any(len(w) >= 6 and Levenshtein.distance(word, w) <= 1 for w in _FIGURE_WH)


def _is_wh(word: str) -> bool:
    """A wh-word, or one typed or heard one letter off («quantas», «cuantaz»): a question of a figure."""
    if word in _WH:
        return True
    return len(word) >= 5 and any(len(w) >= 5 and Levenshtein.distance(word, w) <= 1 for w in _WH)


def _threshold(question: str) -> tuple[str, int] | None:
    """(«more» | «less», N) of «más de 10000», «menos de 50», else None."""
    m = _THRESHOLD.search(fold(question))
    if m is None:
        return None
    digits = re.sub(r"[.,]", "", m.group(2) or m.group(3))  # «supera 300», «pasa de 300»: more than it
    return ("more" if m.group(1) in (None, "mas", "mayor", "arriba", "encima") else "less"), int(digits)


def _holds(question: str, figure: int) -> bool:
    limit = _threshold(question)
    if limit is None:
        return figure > 0
    how, n = limit
    return figure > n if how == "more" else figure < n


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def verdict(question: str, text: str, intent: str) -> str | None:
    """`text` (the answer of `intent` to `question`) with «Sí» / «No» first, or None when it takes none."""
    if text.startswith(("Sí", "No,", "No:", "No ")) and not _NONE_FOUND.match(text):
        return None
    if _NONE_FOUND.match(text):  # «Hoy no se ha despachado nada aún.», «No encontré remisiones ayer.»
        return f"No, {_lower_first(text)}"
    if (there := _THERE_ARE.match(text)) is not None:  # «¿hay clientes en Cali?»: «Sí, hay 34 clientes en Cali.»
        return f"{'Sí' if _holds(question, int(there.group(1).replace('.', ''))) else 'No'}, {_lower_first(text)}"
    if (header := _COUNT_HEADER.match(text)) is not None:
        what, when, number = header.groups()
        n = int(number.replace(".", ""))
        says = "Sí" if _holds(question, n) else "No"
        return f"{says}, {when.strip()} hubo {number} {what.lower()}.".replace(",  ", ", ") + text[header.end() :]
    if intent == "movements.period" and _MOVED.match(text) and _threshold(question) is None:
        return f"Sí, {_lower_first(text)}"  # «¿hubo despachos el sábado?»: something moved (none: «No, …»)
    if intent in _ONE_FIGURE and " no tiene " in text and "(saldo 0)" in text:  # «[261] … no tiene estibas»
        return f"{'Sí' if _holds(question, 0) else 'No'}, {text}"
    if intent in _ONE_FIGURE and len(_FIGURES_AFTER.findall(text)) == 1:
        figure = int(_FIGURE.findall(text.split("] ", 1)[-1].split(" tiene ", 1)[-1])[0].replace(".", ""))
        return f"{'Sí' if _holds(question, figure) else 'No'}, {text}"
    return None


_FIGURES_AFTER = re.compile(r" tiene (-?\d[\d.]*) ")


def with_yes_no(question: str, understood: Understood) -> Understood:
    """`understood` with «Sí» / «No» before its answer when `question` asks yes or no of its figure."""
    exact = understood.exact
    if exact is None or exact.kind != "answer" or not asks_yes_no(question):
        return understood
    said = verdict(question, exact.text, exact.intent)
    if said is not None:
        exact.text = said
    return understood
