"""The few settings the table itself needs to follow a record, as plain values.

The board judges nothing, but some of what it keeps depends on the table's rules: which tile ids
are red fives, how big the dead wall is, who becomes furiten when a tile passes, whether a riichi
gives ippatsu, which abortive draw falls due, which kinds a caller may not discard. ``TableRules``
holds exactly those, with the common Tenhou four-player values as defaults, so a writer or a
viewer (which know no ``Ruleset``) can follow a record. ``paifu.rules.flags.flags_of`` builds the
one a ruleset implies (``RuleFlags.table``); nothing here reads a ``Ruleset``.
"""

from __future__ import annotations

from dataclasses import dataclass

from paifu.tiles import is_red


@dataclass(frozen=True, slots=True)
class TableRules:
    """What following a record needs of the table's rules (see the module docstring)."""

    num_players: int = 4
    #: red fives per suit (man, pin, sou)
    red_fives: tuple[int, int, int] = (1, 1, 1)
    dead_wall: int = 14
    #: the score every seat starts with where a record states none
    start_points: int = 25000
    #: a seat that lets a winning tile pass may not ron until its next draw
    same_turn_furiten: bool = True
    #: a seat in riichi that lets a winning tile pass may not ron for the rest of the hand
    riichi_furiten: bool = True
    ippatsu: bool = True
    #: abortive draws that fall due on the table: four riichi, four winds, four kans
    four_riichi: bool = True
    four_winds: bool = True
    four_kans: bool = True
    #: a caller may not discard the called kind at once; after a chi, nor the run's other end
    kuikae_same_kind: bool = True
    kuikae_other_end: bool = True
    #: thirteen orphans may rob a closed kan
    kokushi_chankan_ankan: bool = True
    #: keep each concealed tile's id, not only its kind and colour (``SeatState.ids``): a writer
    #: needs them (Tenhou XML hands, red fives), the checks do not
    tile_ids: bool = False
    #: the table ends a hand itself when the live wall runs out or an abortive draw falls due;
    #: a writer leaves it to the record (it transcribes a record, it does not judge one)
    ends_hands: bool = True

    @property
    def red(self) -> tuple[bool, ...]:
        """Red or not, per tile id (``TableState`` keeps this tuple: asked on every tile)."""
        return tuple(is_red(t, self.red_fives) for t in range(136))

    @property
    def wall_size(self) -> int:
        return 136 if self.num_players == 4 else 108


DEFAULT = TableRules()
