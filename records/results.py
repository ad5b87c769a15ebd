"""What a replay produces: per-hand and per-game results, read by reports.

Reports read these, never raw files. Every number here is the replayed one
(the engine's), with the record's claims kept beside it where they differ.

Declared once, in ``records/results.py``, and written out into ``paifu/engine/results.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``): made from compiled code on
every hand and win, and pickled across the process pool by their constructor.
"""

from __future__ import annotations

from paifu.events import RyuukyokuKind
from paifu.findings import Finding
from paifu.rules.ruleset import Ruleset
from paifu.valued import Rebuilt


class WinResult(Rebuilt):
    """One win as replayed: who won from whom, its value and its payments."""

    seat: int
    from_seat: int  # == seat for tsumo
    tsumo: bool
    dealer: bool
    han: int | None
    fu: int | None
    points: int | None  # hand value before honba and sticks (tsumo: total received from the hand)
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]  # score change per seat, incl. honba and sticks
    riichi: bool
    closed: bool
    turn: int  # the winner's draws so far this hand (1 = first draw)
    pao_seat: int | None = None
    recomputed: bool = False  # valued by our scorer and compared with the record
    #: discards the whole table had made when the hand was won (turns as stats sites count)
    table_discards: int = 0


class HandResult(Rebuilt):
    """One hand as replayed: its start, its wins or draw, and what each seat did."""

    index: int
    label: str  # "E1-0"
    round_wind: int
    hand_number: int
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    scores_start: tuple[int, ...]
    scores_end: tuple[int, ...] = ()
    deltas: tuple[int, ...] = ()  # incl. riichi sticks paid
    wins: list[WinResult] = []
    ryuukyoku: RyuukyokuKind | None = None
    tenpai: tuple[bool, ...] | None = None  # at an exhaustive draw (replayed)
    riichi: tuple[bool, ...] = ()  # declared riichi this hand
    riichi_turn: tuple[int | None, ...] = ()  # discard number of the riichi declaration
    double_riichi: tuple[bool, ...] = ()  # a double riichi declared and accepted this hand
    riichi_order: tuple[int, ...] = ()  # seats in the order they declared riichi (first vs chase riichi)
    deal: tuple[tuple[int, ...], ...] = ()  # each seat's 13 dealt tiles (starting shanten)
    opened: tuple[bool, ...] = ()  # made a chi, pon or open kan this hand
    calls: tuple[int, ...] = ()  # chi + pon + open kan count per seat
    kans: tuple[int, ...] = ()  # kans of any kind per seat
    draws_checked: bool = False  # the exhaustive draw's tenpai and payments were recomputed
    complete: bool = False  # the hand reached its end in the record
    # what a riichi declaration looked like when its discard was made (per seat; None: no riichi)
    riichi_accepted: tuple[bool, ...] = ()  # the stick went down (its discard was not won on)
    riichi_furiten: tuple[bool | None, ...] = ()  # furiten when declaring
    riichi_waits: tuple[int | None, ...] = ()  # kinds the hand could win on
    riichi_wait_left: tuple[int | None, ...] = ()  # copies of those kinds the declarer could not see
    #: discards the whole table made before the declaring one
    riichi_table_discards: tuple[int | None, ...] = ()
    #: the dealer's first draw (a 14-tile starting hand, as some sites count it)
    dealer_draw: int | None = None


class GameResult(Rebuilt):
    """One game as replayed: its hands, its findings, its final scores and the record's claims."""

    source: str
    format: str
    game_id: str
    game_index: int
    players: tuple[str, ...]
    rules: Ruleset
    hands: list[HandResult] = []
    findings: list[Finding] = []
    final_scores: tuple[int, ...] | None = None  # replayed, after leftover sticks
    claimed_final_scores: tuple[int, ...] | None = None
    claimed_rank_points: tuple[float, ...] | None = None
    claimed_rank_points_text: tuple[str, ...] | None = None
    claimed_placements: tuple[int, ...] | None = None
    complete: bool = False  # reached its game end
    partial: bool = False  # a deliberate excerpt (no game-end checks)
    first_dealer: int = 0
    events: int = 0
    wall_checked: bool = False  # draws and dora indicators were compared with the seed's wall
    rank_points_checked: bool = False  # the claimed rank points were recomputed under the game's scheme
    #: the record's header facts and rules hint (``GameStart.meta``, ``rules_hint``: Tenhou's ``rate``, ``dan``)
    meta: tuple[tuple[str, object], ...] = ()
    notes: list[str] = []  # what a reader inferred (paifu.findings.NOTES), not faults

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def valid(self) -> bool:
        return not self.findings

    @property
    def wins_checked(self) -> int:
        return sum(1 for h in self.hands for w in h.wins if w.recomputed)

    @property
    def draws_checked(self) -> int:
        return sum(1 for h in self.hands if h.draws_checked)
