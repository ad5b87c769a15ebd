"""The few settings the table itself needs to follow a record, as plain values.

The board judges nothing, but some of what it keeps depends on the table's rules: which tile ids
are red fives, how big the dead wall is, who becomes furiten when a tile passes, whether a riichi
gives ippatsu, which abortive draw falls due, which kinds a caller may not discard. ``TableRules``
holds exactly those, with the common Tenhou four-player values as defaults, so a writer or a
viewer (which know no ``Ruleset``) can follow a record. ``paifu.rules.flags.flags_of`` builds the
one a ruleset implies (``RuleFlags.table``); nothing here reads a ``Ruleset``.

Declared in ``records/table_rules.py``: the options it copies are the ``Ruleset`` fields marked for the
board in ``records/ruleset.py`` (their type, default and comment written here from there), then the few
the board reads as answers, one line a field. ``paifu/board/rules.py`` is written from it by
``scripts/gen_records.py`` as a class mypyc compiles (``paifu.valued``), with ``COPIED_OPTIONS``.
"""

from __future__ import annotations

from typing import Any, Final

from paifu.tiles import is_red
from paifu.valued import Hashed
from records.declare import options_read_by


class TableRules(Hashed):
    """What following a record needs of the table's rules (see the module docstring)."""

    #: each ``Ruleset`` option the board reads as it is, declared there (``rule(..., "board")``) and
    #: copied by name (``paifu.rules.flags.table_rules``)
    options_read_by("records/ruleset.py", "board")
    start_points: int = 25000  # the score every seat starts with where a record states none
    kuikae_same_kind: bool = True  # a caller may not discard the called kind at once
    kuikae_other_end: bool = True  # after a chi, nor the run's other end
    tile_ids: bool = False  # keep each concealed tile's id (``SeatState.ids``): writers need them
    ends_hands: bool = True  # ends a hand itself (wall out, abortive draw); a writer leaves it to the record

    def with_players(self, num_players: int) -> TableRules:
        """These rules for a table of ``num_players``: every other field by its name (a positional
        rebuild shifts every later value when a field is added out of order)."""
        given: dict[str, Any] = dict(zip(self.__match_args__, self._values(), strict=True))
        given["num_players"] = num_players
        return TableRules(**given)

    @property
    def red(self) -> tuple[bool, ...]:
        """Red or not, per tile id (``TableState`` keeps this tuple: asked on every tile)."""
        return tuple(is_red(t, self.red_fives) for t in range(136))

    @property
    def wall_size(self) -> int:
        return 136 if self.num_players == 4 else 108


DEFAULT = TableRules()
#: ``TableRules``'s fields, in order: the ``Ruleset`` options it copies by name (``COPIED_OPTIONS``), then
#: the answers ``paifu.rules.flags.table_rules`` works out
TABLE_RULES_FIELDS: Final = TableRules.__match_args__
