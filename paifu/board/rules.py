"""The few settings the table itself needs to follow a record, as plain values.

The board judges nothing, but some of what it keeps depends on the table's rules: which tile ids
are red fives, how big the dead wall is, who becomes furiten when a tile passes, whether a riichi
gives ippatsu, which abortive draw falls due, which kinds a caller may not discard. ``TableRules``
holds exactly those, with the common Tenhou four-player values as defaults, so a writer or a
viewer (which know no ``Ruleset``) can follow a record. ``paifu.rules.flags.flags_of`` builds the
one a ruleset implies (``RuleFlags.table``); nothing here reads a ``Ruleset``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from paifu.frozen import Described, shown
from paifu.tiles import is_red
from paifu.valued import Hashed

#: ``TableRules``'s fields, in order (its repr, equality, ``with_players``, ``dataclasses.fields``); a
#: field that is a ``Ruleset`` option of the same name is copied from it by name (``RuleFlags``)
TABLE_RULES_FIELDS: Final = (
    "num_players",
    "red_fives",
    "dead_wall",
    "start_points",
    "same_turn_furiten",
    "riichi_furiten",
    "ippatsu",
    "four_riichi",
    "four_winds",
    "four_kans",
    "kuikae_same_kind",
    "kuikae_other_end",
    "kokushi_chankan_ankan",
    "tile_ids",
    "ends_hands",
)


class TableRules(Hashed):
    """What following a record needs of the table's rules (see the module docstring)."""

    __dataclass_fields__: ClassVar[Any] = Described(TABLE_RULES_FIELDS)  # for dataclasses' functions

    num_players: int
    #: red fives per suit (man, pin, sou)
    red_fives: tuple[int, int, int]
    dead_wall: int
    #: the score every seat starts with where a record states none
    start_points: int
    #: a seat that lets a winning tile pass may not ron until its next draw
    same_turn_furiten: bool
    #: a seat in riichi that lets a winning tile pass may not ron for the rest of the hand
    riichi_furiten: bool
    ippatsu: bool
    #: abortive draws that fall due on the table: four riichi, four winds, four kans
    four_riichi: bool
    four_winds: bool
    four_kans: bool
    #: a caller may not discard the called kind at once; after a chi, nor the run's other end
    kuikae_same_kind: bool
    kuikae_other_end: bool
    #: thirteen orphans may rob a closed kan
    kokushi_chankan_ankan: bool
    #: keep each concealed tile's id, not only its kind and colour (``SeatState.ids``): a writer
    #: needs them (Tenhou XML hands, red fives), the checks do not
    tile_ids: bool
    #: the table ends a hand itself when the live wall runs out or an abortive draw falls due;
    #: a writer leaves it to the record (it transcribes a record, it does not judge one)
    ends_hands: bool

    def __init__(
        self,
        num_players: int = 4,
        red_fives: tuple[int, int, int] = (1, 1, 1),
        dead_wall: int = 14,
        start_points: int = 25000,
        same_turn_furiten: bool = True,
        riichi_furiten: bool = True,
        ippatsu: bool = True,
        four_riichi: bool = True,
        four_winds: bool = True,
        four_kans: bool = True,
        kuikae_same_kind: bool = True,
        kuikae_other_end: bool = True,
        kokushi_chankan_ankan: bool = True,
        tile_ids: bool = False,
        ends_hands: bool = True,
    ) -> None:
        self.num_players = num_players
        self.red_fives = red_fives
        self.dead_wall = dead_wall
        self.start_points = start_points
        self.same_turn_furiten = same_turn_furiten
        self.riichi_furiten = riichi_furiten
        self.ippatsu = ippatsu
        self.four_riichi = four_riichi
        self.four_winds = four_winds
        self.four_kans = four_kans
        self.kuikae_same_kind = kuikae_same_kind
        self.kuikae_other_end = kuikae_other_end
        self.kokushi_chankan_ankan = kokushi_chankan_ankan
        self.tile_ids = tile_ids
        self.ends_hands = ends_hands

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in TABLE_RULES_FIELDS])

    def __repr__(self) -> str:
        return shown(self, TABLE_RULES_FIELDS)

    def with_players(self, num_players: int) -> TableRules:
        """These rules for a table of ``num_players``: every other field by its name (a positional
        rebuild shifts every later value when a field is added out of order)."""
        given: dict[str, Any] = dict(zip(TABLE_RULES_FIELDS, self._values(), strict=True))
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
