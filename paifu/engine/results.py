# Generated from records/results.py by scripts/gen_records.py (not edited here):
# edit records/results.py, then run python scripts/gen_records.py.
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

    __slots__ = (
        "seat",
        "from_seat",
        "tsumo",
        "dealer",
        "han",
        "fu",
        "points",
        "limit",
        "yaku",
        "deltas",
        "riichi",
        "closed",
        "turn",
        "pao_seat",
        "recomputed",
        "table_discards",
    )
    __match_args__ = (
        "seat",
        "from_seat",
        "tsumo",
        "dealer",
        "han",
        "fu",
        "points",
        "limit",
        "yaku",
        "deltas",
        "riichi",
        "closed",
        "turn",
        "pao_seat",
        "recomputed",
        "table_discards",
    )

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
    pao_seat: int | None
    recomputed: bool  # valued by our scorer and compared with the record
    #: discards the whole table had made when the hand was won (turns as stats sites count)
    table_discards: int

    def __init__(
        self,
        seat: int,
        from_seat: int,
        tsumo: bool,
        dealer: bool,
        han: int | None,
        fu: int | None,
        points: int | None,
        limit: str | None,
        yaku: tuple[tuple[str, int], ...],
        deltas: tuple[int, ...],
        riichi: bool,
        closed: bool,
        turn: int,
        pao_seat: int | None = None,
        recomputed: bool = False,
        table_discards: int = 0,
    ) -> None:
        self.seat = seat
        self.from_seat = from_seat
        self.tsumo = tsumo
        self.dealer = dealer
        self.han = han
        self.fu = fu
        self.points = points
        self.limit = limit
        self.yaku = yaku
        self.deltas = deltas
        self.riichi = riichi
        self.closed = closed
        self.turn = turn
        self.pao_seat = pao_seat
        self.recomputed = recomputed
        self.table_discards = table_discards

    def _values(self) -> tuple[object, ...]:
        return (
            self.seat,
            self.from_seat,
            self.tsumo,
            self.dealer,
            self.han,
            self.fu,
            self.points,
            self.limit,
            self.yaku,
            self.deltas,
            self.riichi,
            self.closed,
            self.turn,
            self.pao_seat,
            self.recomputed,
            self.table_discards,
        )


class HandResult(Rebuilt):
    """One hand as replayed: its start, its wins or draw, and what each seat did."""

    __slots__ = (
        "index",
        "label",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "scores_start",
        "scores_end",
        "deltas",
        "wins",
        "ryuukyoku",
        "tenpai",
        "riichi",
        "riichi_turn",
        "double_riichi",
        "riichi_order",
        "deal",
        "opened",
        "calls",
        "kans",
        "draws_checked",
        "complete",
        "riichi_accepted",
        "riichi_furiten",
        "riichi_waits",
        "riichi_wait_left",
        "riichi_table_discards",
        "dealer_draw",
    )
    __match_args__ = (
        "index",
        "label",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "scores_start",
        "scores_end",
        "deltas",
        "wins",
        "ryuukyoku",
        "tenpai",
        "riichi",
        "riichi_turn",
        "double_riichi",
        "riichi_order",
        "deal",
        "opened",
        "calls",
        "kans",
        "draws_checked",
        "complete",
        "riichi_accepted",
        "riichi_furiten",
        "riichi_waits",
        "riichi_wait_left",
        "riichi_table_discards",
        "dealer_draw",
    )

    index: int
    label: str  # "E1-0"
    round_wind: int
    hand_number: int
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    scores_start: tuple[int, ...]
    scores_end: tuple[int, ...]
    deltas: tuple[int, ...]  # incl. riichi sticks paid
    wins: list[WinResult]
    ryuukyoku: RyuukyokuKind | None
    tenpai: tuple[bool, ...] | None  # at an exhaustive draw (replayed)
    riichi: tuple[bool, ...]  # declared riichi this hand
    riichi_turn: tuple[int | None, ...]  # discard number of the riichi declaration
    double_riichi: tuple[bool, ...]  # a double riichi declared and accepted this hand
    riichi_order: tuple[int, ...]  # seats in the order they declared riichi (first vs chase riichi)
    deal: tuple[tuple[int, ...], ...]  # each seat's 13 dealt tiles (starting shanten)
    opened: tuple[bool, ...]  # made a chi, pon or open kan this hand
    calls: tuple[int, ...]  # chi + pon + open kan count per seat
    kans: tuple[int, ...]  # kans of any kind per seat
    draws_checked: bool  # the exhaustive draw's tenpai and payments were recomputed
    complete: bool  # the hand reached its end in the record
    # what a riichi declaration looked like when its discard was made (per seat; None: no riichi)
    riichi_accepted: tuple[bool, ...]  # the stick went down (its discard was not won on)
    riichi_furiten: tuple[bool | None, ...]  # furiten when declaring
    riichi_waits: tuple[int | None, ...]  # kinds the hand could win on
    riichi_wait_left: tuple[int | None, ...]  # copies of those kinds the declarer could not see
    #: discards the whole table made before the declaring one
    riichi_table_discards: tuple[int | None, ...]
    #: the dealer's first draw (a 14-tile starting hand, as some sites count it)
    dealer_draw: int | None

    def __init__(
        self,
        index: int,
        label: str,
        round_wind: int,
        hand_number: int,
        honba: int,
        sticks: int,
        dealer: int,
        scores_start: tuple[int, ...],
        scores_end: tuple[int, ...] = (),
        deltas: tuple[int, ...] = (),
        wins: list[WinResult] | None = None,
        ryuukyoku: RyuukyokuKind | None = None,
        tenpai: tuple[bool, ...] | None = None,
        riichi: tuple[bool, ...] = (),
        riichi_turn: tuple[int | None, ...] = (),
        double_riichi: tuple[bool, ...] = (),
        riichi_order: tuple[int, ...] = (),
        deal: tuple[tuple[int, ...], ...] = (),
        opened: tuple[bool, ...] = (),
        calls: tuple[int, ...] = (),
        kans: tuple[int, ...] = (),
        draws_checked: bool = False,
        complete: bool = False,
        riichi_accepted: tuple[bool, ...] = (),
        riichi_furiten: tuple[bool | None, ...] = (),
        riichi_waits: tuple[int | None, ...] = (),
        riichi_wait_left: tuple[int | None, ...] = (),
        riichi_table_discards: tuple[int | None, ...] = (),
        dealer_draw: int | None = None,
    ) -> None:
        self.index = index
        self.label = label
        self.round_wind = round_wind
        self.hand_number = hand_number
        self.honba = honba
        self.sticks = sticks
        self.dealer = dealer
        self.scores_start = scores_start
        self.scores_end = scores_end
        self.deltas = deltas
        self.wins = [] if wins is None else wins
        self.ryuukyoku = ryuukyoku
        self.tenpai = tenpai
        self.riichi = riichi
        self.riichi_turn = riichi_turn
        self.double_riichi = double_riichi
        self.riichi_order = riichi_order
        self.deal = deal
        self.opened = opened
        self.calls = calls
        self.kans = kans
        self.draws_checked = draws_checked
        self.complete = complete
        self.riichi_accepted = riichi_accepted
        self.riichi_furiten = riichi_furiten
        self.riichi_waits = riichi_waits
        self.riichi_wait_left = riichi_wait_left
        self.riichi_table_discards = riichi_table_discards
        self.dealer_draw = dealer_draw

    def _values(self) -> tuple[object, ...]:
        return (
            self.index,
            self.label,
            self.round_wind,
            self.hand_number,
            self.honba,
            self.sticks,
            self.dealer,
            self.scores_start,
            self.scores_end,
            self.deltas,
            self.wins,
            self.ryuukyoku,
            self.tenpai,
            self.riichi,
            self.riichi_turn,
            self.double_riichi,
            self.riichi_order,
            self.deal,
            self.opened,
            self.calls,
            self.kans,
            self.draws_checked,
            self.complete,
            self.riichi_accepted,
            self.riichi_furiten,
            self.riichi_waits,
            self.riichi_wait_left,
            self.riichi_table_discards,
            self.dealer_draw,
        )


class GameResult(Rebuilt):
    """One game as replayed: its hands, its findings, its final scores and the record's claims."""

    __slots__ = (
        "source",
        "format",
        "game_id",
        "game_index",
        "players",
        "rules",
        "hands",
        "findings",
        "final_scores",
        "claimed_final_scores",
        "claimed_rank_points",
        "claimed_rank_points_text",
        "claimed_placements",
        "complete",
        "partial",
        "first_dealer",
        "events",
        "wall_checked",
        "rank_points_checked",
        "meta",
        "notes",
    )
    __match_args__ = (
        "source",
        "format",
        "game_id",
        "game_index",
        "players",
        "rules",
        "hands",
        "findings",
        "final_scores",
        "claimed_final_scores",
        "claimed_rank_points",
        "claimed_rank_points_text",
        "claimed_placements",
        "complete",
        "partial",
        "first_dealer",
        "events",
        "wall_checked",
        "rank_points_checked",
        "meta",
        "notes",
    )

    source: str
    format: str
    game_id: str
    game_index: int
    players: tuple[str, ...]
    rules: Ruleset
    hands: list[HandResult]
    findings: list[Finding]
    final_scores: tuple[int, ...] | None  # replayed, after leftover sticks
    claimed_final_scores: tuple[int, ...] | None
    claimed_rank_points: tuple[float, ...] | None
    claimed_rank_points_text: tuple[str, ...] | None
    claimed_placements: tuple[int, ...] | None
    complete: bool  # reached its game end
    partial: bool  # a deliberate excerpt (no game-end checks)
    first_dealer: int
    events: int
    wall_checked: bool  # draws and dora indicators were compared with the seed's wall
    rank_points_checked: bool  # the claimed rank points were recomputed under the game's scheme
    #: the record's header facts and rules hint (``GameStart.meta``, ``rules_hint``: Tenhou's ``rate``, ``dan``)
    meta: tuple[tuple[str, object], ...]
    notes: list[str]  # what a reader inferred (paifu.findings.NOTES), not faults

    def __init__(
        self,
        source: str,
        format: str,
        game_id: str,
        game_index: int,
        players: tuple[str, ...],
        rules: Ruleset,
        hands: list[HandResult] | None = None,
        findings: list[Finding] | None = None,
        final_scores: tuple[int, ...] | None = None,
        claimed_final_scores: tuple[int, ...] | None = None,
        claimed_rank_points: tuple[float, ...] | None = None,
        claimed_rank_points_text: tuple[str, ...] | None = None,
        claimed_placements: tuple[int, ...] | None = None,
        complete: bool = False,
        partial: bool = False,
        first_dealer: int = 0,
        events: int = 0,
        wall_checked: bool = False,
        rank_points_checked: bool = False,
        meta: tuple[tuple[str, object], ...] = (),
        notes: list[str] | None = None,
    ) -> None:
        self.source = source
        self.format = format
        self.game_id = game_id
        self.game_index = game_index
        self.players = players
        self.rules = rules
        self.hands = [] if hands is None else hands
        self.findings = [] if findings is None else findings
        self.final_scores = final_scores
        self.claimed_final_scores = claimed_final_scores
        self.claimed_rank_points = claimed_rank_points
        self.claimed_rank_points_text = claimed_rank_points_text
        self.claimed_placements = claimed_placements
        self.complete = complete
        self.partial = partial
        self.first_dealer = first_dealer
        self.events = events
        self.wall_checked = wall_checked
        self.rank_points_checked = rank_points_checked
        self.meta = meta
        self.notes = [] if notes is None else notes

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

    def _values(self) -> tuple[object, ...]:
        return (
            self.source,
            self.format,
            self.game_id,
            self.game_index,
            self.players,
            self.rules,
            self.hands,
            self.findings,
            self.final_scores,
            self.claimed_final_scores,
            self.claimed_rank_points,
            self.claimed_rank_points_text,
            self.claimed_placements,
            self.complete,
            self.partial,
            self.first_dealer,
            self.events,
            self.wall_checked,
            self.rank_points_checked,
            self.meta,
            self.notes,
        )
