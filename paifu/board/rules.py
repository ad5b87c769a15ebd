# Generated from records/table_rules.py by scripts/gen_records.py (not edited here):
# edit records/table_rules.py, then run python scripts/gen_records.py.
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


class TableRules(Hashed):
    """What following a record needs of the table's rules (see the module docstring)."""

    __slots__ = (
        "num_players",
        "red_fives",
        "dead_wall",
        "ippatsu",
        "riichi_furiten",
        "same_turn_furiten",
        "four_winds",
        "four_riichi",
        "four_kans",
        "kokushi_chankan_ankan",
        "start_points",
        "kuikae_same_kind",
        "kuikae_other_end",
        "tile_ids",
        "ends_hands",
    )
    __match_args__ = (
        "num_players",
        "red_fives",
        "dead_wall",
        "ippatsu",
        "riichi_furiten",
        "same_turn_furiten",
        "four_winds",
        "four_riichi",
        "four_kans",
        "kokushi_chankan_ankan",
        "start_points",
        "kuikae_same_kind",
        "kuikae_other_end",
        "tile_ids",
        "ends_hands",
    )

    #: each ``Ruleset`` option the board reads as it is, declared there (``rule(..., "board")``) and
    #: copied by name (``paifu.rules.flags.table_rules``)
    num_players: Final[int]  # 4, or 3 (108 tiles: 2m..8m removed)
    #: red copies per suit (m, p, s); (0,0,0) = none
    red_fives: Final[tuple[int, int, int]]
    #: dead wall kept at 14 tiles (rinshan draws shorten the live wall)
    dead_wall: Final[int]
    ippatsu: Final[bool]  # a riichi gives ippatsu
    #: a passed winning tile after riichi makes the hand furiten
    riichi_furiten: Final[bool]
    #: who lets a winning tile pass may not ron until their next draw
    same_turn_furiten: Final[bool]
    #: "three winds" on a 3-player table
    four_winds: Final[bool]
    #: every seat in riichi aborts the hand (all three with three players)
    four_riichi: Final[bool]
    #: four kans fall due on the table as an abortive draw
    four_kans: Final[bool]
    #: thirteen orphans may rob a closed kan
    kokushi_chankan_ankan: Final[bool]
    start_points: Final[int]  # the score every seat starts with where a record states none
    kuikae_same_kind: Final[bool]  # a caller may not discard the called kind at once
    kuikae_other_end: Final[bool]  # after a chi, nor the run's other end
    tile_ids: Final[bool]  # keep each concealed tile's id (``SeatState.ids``): writers need them
    ends_hands: Final[bool]  # ends a hand itself (wall out, abortive draw); a writer leaves it to the record

    def __init__(
        self,
        num_players: int = 4,
        red_fives: tuple[int, int, int] = (1, 1, 1),
        dead_wall: int = 14,
        ippatsu: bool = True,
        riichi_furiten: bool = True,
        same_turn_furiten: bool = True,
        four_winds: bool = True,
        four_riichi: bool = True,
        four_kans: bool = True,
        kokushi_chankan_ankan: bool = True,
        start_points: int = 25000,
        kuikae_same_kind: bool = True,
        kuikae_other_end: bool = True,
        tile_ids: bool = False,
        ends_hands: bool = True,
    ) -> None:
        self.num_players = num_players
        self.red_fives = red_fives
        self.dead_wall = dead_wall
        self.ippatsu = ippatsu
        self.riichi_furiten = riichi_furiten
        self.same_turn_furiten = same_turn_furiten
        self.four_winds = four_winds
        self.four_riichi = four_riichi
        self.four_kans = four_kans
        self.kokushi_chankan_ankan = kokushi_chankan_ankan
        self.start_points = start_points
        self.kuikae_same_kind = kuikae_same_kind
        self.kuikae_other_end = kuikae_other_end
        self.tile_ids = tile_ids
        self.ends_hands = ends_hands

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

    def _values(self) -> tuple[object, ...]:
        return (
            self.num_players,
            self.red_fives,
            self.dead_wall,
            self.ippatsu,
            self.riichi_furiten,
            self.same_turn_furiten,
            self.four_winds,
            self.four_riichi,
            self.four_kans,
            self.kokushi_chankan_ankan,
            self.start_points,
            self.kuikae_same_kind,
            self.kuikae_other_end,
            self.tile_ids,
            self.ends_hands,
        )


#: the fields of ``TableRules`` copied by name from the record whose options it reads
COPIED_OPTIONS: Final[tuple[str, ...]] = (
    "num_players",
    "red_fives",
    "dead_wall",
    "ippatsu",
    "riichi_furiten",
    "same_turn_furiten",
    "four_winds",
    "four_riichi",
    "four_kans",
    "kokushi_chankan_ankan",
)


DEFAULT = TableRules()
#: ``TableRules``'s fields, in order: the ``Ruleset`` options it copies by name (``COPIED_OPTIONS``), then
#: the answers ``paifu.rules.flags.table_rules`` works out
TABLE_RULES_FIELDS: Final = TableRules.__match_args__
