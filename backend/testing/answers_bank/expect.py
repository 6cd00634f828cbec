"""Expected exact answers, computed from the CSVs by `oracle` (see its docstring for `Expected`).

`Oracle(slug)` methods take natural keys (client code, canonical plate, driver document number,
delivery-note number, asset word, period name) and return an `Expected`. An empty list result accepts
either `answer` or `not_found` (a precise «no hay …» is right under both). The methods live by subject in
`expect_clients`, `expect_vehicles`, `expect_notes`, `expect_fleet`, `expect_docs`, `expect_scope` and
`expect_kinds`, `expect_asked`, `expect_chains`, `expect_rankings`, `expect_hunt`, `expect_roster`,
`expect_sets`, `expect_words`, `expect_follow`, `expect_focus`, `expect_what`, `expect_last`,
`expect_facts`, `expect_lists`, `expect_periods`, `expect_asks14`; what they share in
`expect_base`.
"""

from __future__ import annotations

from backend.testing.answers_bank.expect_asked import AskedExpect
from backend.testing.answers_bank.expect_asks14 import Asks14Expect
from backend.testing.answers_bank.expect_base import OracleBase, companies, days_to
from backend.testing.answers_bank.expect_chains import ChainExpect
from backend.testing.answers_bank.expect_chains12 import Chains12Expect
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.expect_compared import ComparedExpect
from backend.testing.answers_bank.expect_counts import CountsExpect
from backend.testing.answers_bank.expect_docs import DocumentExpect
from backend.testing.answers_bank.expect_facts import FactsExpect
from backend.testing.answers_bank.expect_facts12 import Facts12Expect
from backend.testing.answers_bank.expect_fleet import FleetExpect
from backend.testing.answers_bank.expect_focus import FocusExpect
from backend.testing.answers_bank.expect_follow import FollowExpect
from backend.testing.answers_bank.expect_groupings import GroupingsExpect
from backend.testing.answers_bank.expect_hunt import HuntExpect
from backend.testing.answers_bank.expect_kinds import KindsExpect
from backend.testing.answers_bank.expect_last import LastExpect
from backend.testing.answers_bank.expect_lists import ListsExpect
from backend.testing.answers_bank.expect_notes import NoteExpect
from backend.testing.answers_bank.expect_nth import NthExpect
from backend.testing.answers_bank.expect_periods import PeriodsExpect
from backend.testing.answers_bank.expect_rankings import RankingsExpect
from backend.testing.answers_bank.expect_roster import RosterExpect
from backend.testing.answers_bank.expect_scope import ScopeExpect
from backend.testing.answers_bank.expect_semaforo import SemaforoExpect
from backend.testing.answers_bank.expect_sets import SetsExpect
from backend.testing.answers_bank.expect_threads import ThreadsExpect
from backend.testing.answers_bank.expect_vehicles import VehicleExpect
from backend.testing.answers_bank.expect_versus import VersusExpect
from backend.testing.answers_bank.expect_what import WhatExpect
from backend.testing.answers_bank.expect_words import WordsExpect

__all__ = ["Oracle", "OracleBase", "companies", "days_to"]


class Oracle(
    Asks14Expect,
    Facts12Expect,
    FocusExpect,
    ScopeExpect,
    ClientExpect,
    VehicleExpect,
    NoteExpect,
    FleetExpect,
    DocumentExpect,
    KindsExpect,
    AskedExpect,
    ChainExpect,
    RankingsExpect,
    HuntExpect,
    SetsExpect,
    RosterExpect,
    WordsExpect,
    FollowExpect,
    WhatExpect,
    LastExpect,
    NthExpect,
    FactsExpect,
    SemaforoExpect,
    ListsExpect,
    GroupingsExpect,
    VersusExpect,
    CountsExpect,
    PeriodsExpect,
    ThreadsExpect,
    ComparedExpect,
    Chains12Expect,
):
    """Expected answers for one company (`slug`: 'frigorifico-andino' or 'lacteos-del-valle')."""
