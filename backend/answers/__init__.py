"""Exact answers: the parsed question + the conversation focus -> a short Spanish answer from SQL.

    understood = await understand(conn, company_id=..., question=..., turns=..., focus=[...])
    understood.exact  # Exact(text, kind, intent, focus, confident) or None (not understood)

Flow: parse (`backend.understanding`) -> the entities the question names (exact codes/plates/notes,
names by similarity) -> when it names none and reads as a follow-up or asks an attribute, the latest
history turn's entities, else the request focus -> an elliptical question («¿y estibas?», «¿y el 310?»)
takes the previous question's slots and changes the ones it says -> one intent handler (about.py picks
the entity — or each of several named together — and client.py, vehicle.py, note.py, notes_of.py answer
about it; company_wide.py picks the company-wide answer: fleet.py, rankings.py, status.py, tallies.py and
others give it; compare.py compares the entities just discussed; asking.py words the candidates and the
questions back). The flow itself is `flow.py` (driving a `understood.Step` through `early.py`, `picked.py`
and `fallback.py`; `city_compare.py` and `each_city.py` for cities compared or joined by «y»);
`reask.py` rewords a follow-up that asks the previous
question again, `in_focus.py` answers about the entities in focus, `over_set.py` a follow-up about the set
a fleet question described («¿quién los maneja?»), `negation.py` reads «no … vigente». Not-found answers
echo only normalised tokens (a code, a canonical plate, a note number).
"""

from backend.answers.flow import Understood, understand
from backend.answers.model import Exact

__all__ = ["Exact", "Understood", "understand"]
