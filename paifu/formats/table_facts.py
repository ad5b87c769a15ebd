# Generated from records/table_facts.py by scripts/gen_records.py (not edited here):
# edit records/table_facts.py, then run python scripts/gen_records.py.
"""What a writer must say about the table that the events do not (``TableFacts``).

Declared here once; ``scripts/gen_records.py`` writes ``paifu/formats/table_facts.py`` from it, with
its ``__init__`` (keyword arguments, in the order of the fields). ``paifu.formats.base`` re-exports it.
"""

from __future__ import annotations

from paifu.frozen import Frozen, dataclass, set_field


@dataclass(init=False, repr=False, eq=False, slots=True)
class TableFacts(Frozen):
    """What a writer must say about the table that the events do not, as plain data: formats
    know nothing of rules, so ``paifu.rules.tables.table_facts`` works these out from a record's
    hints and the caller hands them in (``paifu.api.write`` does). The defaults are what a
    writer says of a table it knows nothing about."""

    #: red fives per suit (Tenhou's usual one each)
    red_fives: tuple[int, int, int] = (1, 1, 1)
    #: the score every seat starts with, for a record that states none
    start_points: int = 25000
    #: a game of the East round only; None when the rules are unknown (the format's defaults)
    east_only: bool | None = None
    #: the GO type of a general-lobby Tenhou table with these rules; None when they are unknown
    go_type: int | None = None
    #: the GO type the record's Tenhou log id names, if it is one
    log_go_type: int | None = None
    #: the ruleset ``go_type`` reads back as, and the rules in which it differs from the record's (as
    #: a reader names them: ``paifu.rules.words``)
    go_type_name: str = ""
    go_type_differs: tuple[str, ...] = ()
    #: the table reveals an open or added kan's new indicator at once (not after the next discard)
    open_kan_dora_at_once: bool = False
    #: the rank points the record's rules give its final scores, for a format that must state them
    #: (Tenhou XML's ``owari``) when the record states none (mjai has no word for them)
    rank_points: tuple[float, ...] | None = None

    def __init__(
        self,
        red_fives: tuple[int, int, int] = (1, 1, 1),
        start_points: int = 25000,
        east_only: bool | None = None,
        go_type: int | None = None,
        log_go_type: int | None = None,
        go_type_name: str = "",
        go_type_differs: tuple[str, ...] = (),
        open_kan_dora_at_once: bool = False,
        rank_points: tuple[float, ...] | None = None,
    ) -> None:
        set_field(self, "red_fives", red_fives)
        set_field(self, "start_points", start_points)
        set_field(self, "east_only", east_only)
        set_field(self, "go_type", go_type)
        set_field(self, "log_go_type", log_go_type)
        set_field(self, "go_type_name", go_type_name)
        set_field(self, "go_type_differs", go_type_differs)
        set_field(self, "open_kan_dora_at_once", open_kan_dora_at_once)
        set_field(self, "rank_points", rank_points)
