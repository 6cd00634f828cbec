"""Expected answers of the answers round on scope (see `expect` and `oracle`): a person not in the
company, candidates narrowed by a city, a delivery note without the asset type asked, a past saldo, the
clients beyond an amount, whether vehicles may work (one, the fleet's semáforo), the drivers' ranking."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import ALL_LINES, EMPTY, NONE_SAID, _list, days_to
from backend.testing.answers_bank.expect_chains12 import nothing_moved_by
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.oracle import DOC_WORDS, LIST_CAP, Expected, Must, _exp, asset_code, co


class ScopeExpect(ClientExpect):
    def no_driver(self) -> Expected:
        """A person's name of which no driver of the company has every part: said so, no figure."""
        return _exp("not_found", [("conductor", "conductora")], set())

    def ambiguous_in_city(self, fragment: str, city: str) -> Expected:
        """The candidates of `fragment` (the clients whose names hold all its words) in `city`."""
        codes = [c for c in self.by_name(fragment) if fold(self.c.clients[c]["city"]) == fold(city)]
        assert len(codes) > 1, (fragment, city, codes)
        numbers = {n for code in codes for n in self._client_numbers(code)} | {len(codes)}
        return Expected("ambiguous", tuple((f"[{code}]",) for code in codes), frozenset(numbers))

    def note_without(self, number: str, asset: str) -> Expected:
        """A delivery note asked for an asset type it does not carry: says it has none of it; may show
        what it did carry."""
        lines = self.c.notes[number]
        code = asset_code(self.c, asset)
        assert not any(m["asset_type"] == code for m in lines), (number, asset)
        return _exp("answer", [number, asset, ("no tiene", "no se")], self._note_numbers(number))

    def moved_by(self, code: str, asset: str, kind: str, period_name: str) -> Expected:
        """One client's units dispatched / returned of an asset in the period (0 is an answer)."""
        asset_type, (start, end) = asset_code(self.c, asset), o.period(period_name)
        qty = sum(
            abs(m["quantity"])
            for m in self.c.movements
            if m["client_code"] == code
            and m["kind"] == kind
            and m["asset_type"] == asset_type
            and start <= m["at"].date() <= end
        )
        dates = o.date_numbers(start) | o.date_numbers(end)  # a range label shows both days
        if not qty:  # nothing moved: said so (`expect_chains12`)
            return nothing_moved_by(f"[{code}]", kind, self._client_numbers(code) | dates)
        return _exp("answer", [f"[{code}]", co(qty)], self._client_numbers(code) | {qty} | dates)

    def no_client_named(self, distinctive: str) -> Expected:
        """A client name whose distinctive words (`distinctive`: «vaquita feliz») no client of the company
        has: not found, no candidate list and no figure (the name is another company's client, or none)."""
        assert not self.by_name(distinctive), (distinctive, self.by_name(distinctive))
        return _exp("not_found", [("nombre", "llamado")], set())

    def not_understood(self) -> Expected:
        """Words that ask nothing the bot knows (an SQL injection, a bare noun among unknown words): the
        «No entendí» help, which quotes its example («…el cliente 412?»)."""
        return _exp("not_found", [("no entendi", "no entiendo")], {412})

    def spanish_only(self) -> Expected:
        """An English question: a Spanish reply that the bot understands Spanish (its example quotes 412)."""
        return _exp("not_found", ["español"], {412})

    def without_documents(self, doc_type: str | None = None) -> Expected:
        """The vehicles with no document at all (or none of `doc_type`)."""
        having = {d["plate"] for d in self.c.docs if doc_type is None or d["doc_type"] == doc_type}
        plates = [p for p in self.c.vehicles if p not in having]
        return _list(EMPTY, [([p], o.digits(p)) for p in plates], topic=[("documento", "documentos", "SOAT")])

    def clients_beyond(self, asset: str, amount: int, above: bool = True) -> Expected:
        """The clients whose saldo of `asset` is above (below) `amount`: a capped list, largest first."""
        code = asset_code(self.c, asset)
        rows = sorted(self.c.balances.items(), key=lambda kv: (-kv[1][code], kv[0]))
        chosen = [(client, b[code]) for client, b in rows if (b[code] > amount if above else b[code] < amount)]
        if not above:
            chosen.reverse()
        items = [([f"[{client}]", co(abs(v))], self._client_numbers(client) | {v}) for client, v in chosen]
        return _list(EMPTY, items, {amount, ALL_LINES}, ordered=above, topic=[("cliente", "clientes")])

    def balance_on(self, code: str, asset: str, day: str) -> Expected:
        """The client's saldo of `asset` at the end of `day` (ISO date): every movement up to then."""
        end, asset_type = date.fromisoformat(day), asset_code(self.c, asset)
        value = sum(
            m["quantity"]
            for m in self.c.movements
            if m["client_code"] == code and m["asset_type"] == asset_type and m["at"].date() <= end
        )
        return _exp(
            "answer",
            [f"[{code}]", co(abs(value)), o.es_date(end)],
            self._client_numbers(code) | {value} | o.date_numbers(end),
        )

    def ready(self, plate: str) -> Expected:
        """Whether the vehicle may work today: «no» with each expired or missing document, else «sí»."""
        docs = {d["doc_type"]: d for d in self.c.docs if d["plate"] == plate}
        expired = [d for d in docs.values() if d["days"] < 0 and d["doc_type"] in self.required(plate)]
        missing = [t for t in self.required(plate) if t not in docs]
        nums = o.digits(plate) | {n for d in docs.values() for n in o.date_numbers(d["expires"]) | {abs(d["days"])}}
        if not expired and not missing and self.c.vehicles[plate]["active"]:
            return _exp("answer", [("sí", "si"), plate], nums)
        must: list[Must] = [("no",), plate]
        must += [(*DOC_WORDS[d["doc_type"]], o.es_date(d["expires"])) for d in expired]
        must += [DOC_WORDS[t] for t in missing]
        return _exp("answer", must, nums)

    def driver_not_ready(self, doc: str) -> Expected:
        """A driver whose licence expired may not work: «no», the licence and its date."""
        d = self._driver(doc)
        return _exp(
            "answer",
            [("no",), ("licencia",), o.es_date(d["license"])],
            o.date_numbers(d["license"]) | {abs(days_to(d["license"]))},
        )

    def top_driver(self, period_name: str, n: int = 1) -> Expected:
        """The driver(s) with the most delivery notes in the period (ties all named), or the top `n`."""
        start, end = o.period(period_name)
        counts: dict[str, int] = {}
        for lines in self.c.notes.values():
            if start <= lines[0]["at"].date() <= end and lines[0]["driver_document"]:
                counts[lines[0]["driver_document"]] = counts.get(lines[0]["driver_document"], 0) + 1
        if not counts:
            return _exp(EMPTY, [NONE_SAID], o.date_numbers(start) | o.date_numbers(end))
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        cut = ranked[min(n, len(ranked)) - 1][1]
        # the top one and its ties; of a top n, those above the n-th's count (its ties may be cut anywhere)
        shown = [(doc, k) for doc, k in ranked if (k >= cut if n == 1 else k > cut)]
        plates = {x for doc, _ in ranked for x in o.digits(self._driver(doc)["vehicle_plate"])}
        must: list[Must] = [m for doc, k in shown for m in (self._driver(doc)["full_name"], str(k))] or [str(cut)]
        numbers = {k for _, k in ranked} | set(range(1, n + 1)) | plates | o.date_numbers(start) | o.date_numbers(end)
        return _exp("answer", must, numbers)

    def fleet_status(self) -> Expected:
        """Active vehicles by their worst document: how many expired, without any, due in 7 / 30 days, valid."""
        worst: dict[str, str] = {}
        for plate, v in self.c.vehicles.items():
            if not v["active"]:
                continue
            worst[plate] = self.vehicle_light(plate)  # a required document missing: «incompleto», it cannot work
        states = ("vencido", "sin", "incompleto", "rojo", "amarillo", "verde")
        counts = {s: sum(1 for w in worst.values() if w == s) for s in states}
        nums = set(counts.values()) | {len(worst), 7, 30, LIST_CAP}
        nums |= {n for d in self.c.docs for n in o.digits(d["plate"]) | o.date_numbers(d["expires"]) | {abs(d["days"])}}
        stopped = counts["vencido"] + counts["sin"] + counts["incompleto"]
        nums |= {stopped - LIST_CAP, counts["vencido"] + counts["sin"] - LIST_CAP} | {
            n for p in worst for n in o.digits(p)
        }
        # «al día» is what may work today (nothing required expired or missing), as «¿cuántos vehículos están al
        # día?» says: never the green ones only
        ready = counts["rojo"] + counts["amarillo"] + counts["verde"]
        must: list[Must] = [str(len(worst)), *(str(n) for n in counts.values() if n), f"{ready} al dia"]
        never = (f"{counts['verde']} al dia",) if counts["verde"] != ready else ()
        return replace(_exp("answer", must, nums | {ready}), never=never)

    def vehicle_no_balance(self, plate: str) -> Expected:
        """A saldo asked of a vehicle: a vehicle holds none (clients do), no figure but its plate."""
        return _exp("answer", [plate, "clientes"], o.digits(plate))

    def vehicle_card(self, plate: str) -> Expected:
        """«placa KLM482», «info de la KLM482»: the vehicle's card — kind, brand, year, driver and every
        document with its date (not just the plate said back)."""
        v, d = self.c.vehicles[plate], self.driver_of(plate)
        docs = [x for x in self.c.docs if x["plate"] == plate]
        must: list[Must] = [plate, v["kind"], v["brand_model"], str(v["model_year"])]
        must += [d["full_name"]] if d else []
        nums = o.digits(plate) | o.digits(v["brand_model"]) | {int(v["model_year"])}
        for doc in docs:
            item, numbers = self._doc_item(doc, with_plate=False)
            must += item
            nums |= numbers | {abs(doc["days"])}
        return _exp("answer", must, nums)
