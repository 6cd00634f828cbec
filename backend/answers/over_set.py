"""Follow-ups about the set a fleet question just described, not about one entity in it: «¿quién los
maneja?» after «¿cuántos motocarros hay?» (the drivers of those vehicles), «¿y por marca?» after «vehículos
por tipo» (the same vehicles, grouped otherwise), «¿y conductores?» after «¿cuántos vehículos hay?» (the
same count, of another subject). Each gives the question to answer company-wide instead."""

from __future__ import annotations

from dataclasses import replace

from backend.understanding.parse import Question

_PLURAL_BACK = frozenset("los las sus esos esas ellos ellas estos estas".split())
_SINGULAR_BACK = frozenset("lo la su ese esa este esta".split())
_GROUPING = {"brand": "brand", "kind": "kind_count", "kind_count": "kind_count"}
# words of the previous question that asked how it was counted or grouped, not which vehicles
_NOT_A_FILTER = frozenset("cuantos cuantas cuales que marca marcas tipo tipos clase clases por hay tenemos".split())
_COUNTED = ("vehicles", "drivers", "clients")


def vehicle_set(q: Question) -> bool:
    """`q` described a set of the fleet's vehicles (by kind, brand, model year, state), none by plate."""
    m = q.mentions
    if m.plates or m.codes or m.numbers or m.notes or m.spoken_codes or q.name_words:
        return False
    about = q.subject == "vehicles" or q.vehicle_kind or q.brand or q.model_year
    return bool(about) and not (q.doc_type or q.expiry or q.status or q.light or q.age)


def _filtered(q: Question) -> bool:
    return bool(q.vehicle_kind or q.brand or q.model_year or q.active is not None)


def over_set(q: Question, previous: Question | None) -> Question | None:
    """The question `q` asks of the set `previous` described, or None when it asks something else."""
    if previous is None or q.names_entity() or q.slots_set - {"attribute", "subject", "aggregation", "active"}:
        return None
    words = set(q.tokens)
    bare_subject = q.subject in _COUNTED and q.slots_set == {"subject"} and not words & (_PLURAL_BACK | _SINGULAR_BACK)
    counted = previous.aggregation == "count" and previous.subject in _COUNTED and previous.subject != q.subject
    plain = not (_filtered(previous) or previous.status or previous.doc_type or previous.name_words)
    if bare_subject and counted and plain:  # «¿y conductores?» after «¿cuántos vehículos hay?»: that count, of them
        return replace(q, aggregation="count", follow_up=False, slots_set=q.slots_set | {"aggregation"})
    m = previous.mentions
    about = previous.subject if previous.subject in ("drivers", "vehicles") and not previous.name_words else None
    counts = q.aggregation == "count" or bool(words & {"cuantos", "cuantas"})
    narrows = counts and ("sin" in words or q.active is not None) and not q.subject
    if about and narrows and not (_filtered(previous) or m.plates or m.codes or m.numbers or m.notes):
        # «¿y cuántos sin vehículo?» after «¿y conductores?»: those of the subject just counted
        return replace(q, subject=about, follow_up=False, slots_set=q.slots_set | {"subject"})
    if previous.age and words & _PLURAL_BACK and q.attribute in ("driver", "who"):
        previous = replace(
            previous, age=None
        )  # «¿quién los maneja?» after «¿cuál es el furgón más viejo?»: all of them
    if not vehicle_set(previous):
        return None
    if q.subject == "vehicles" and not q.follow_up:
        return None  # «vehículos por tipo», «¿quién maneja los vehículos?»: a question of its own, about all
    kept = tuple(t for t in previous.tokens if t not in _NOT_A_FILTER)
    asks_drivers = q.attribute in ("driver", "who") or (q.subject == "drivers" and words & _PLURAL_BACK)
    if asks_drivers:  # «¿quién los maneja?», «¿y sus conductores?» after «¿cuántos motocarros hay?»: each one's
        return replace(
            previous,
            text=q.text,
            tokens=(*kept, *q.tokens),
            attribute="driver",
            aggregation=None,
            subject="vehicles",
            follow_up=False,
            slots_set=(previous.slots_set - {"aggregation"}) | {"attribute", "subject"},
        )
    if "por" in words and q.attribute in _GROUPING:
        # «¿y por marca?» after «vehículos por tipo»: the same vehicles, grouped by brand
        return replace(
            previous,
            text=q.text,
            tokens=(*kept, *q.tokens),
            attribute=_GROUPING[q.attribute],
            aggregation=None,
            subject="vehicles",
            follow_up=False,
            slots_set=(previous.slots_set - {"aggregation"}) | {"attribute", "subject"},
        )
    return None
