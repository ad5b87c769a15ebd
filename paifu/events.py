"""The one event vocabulary every reader produces and the engine consumes.

Events are immutable and carry what the record *says* (including the results it
claims); the engine decides whether that was legal and right. Seats are absolute
table positions 0..n-1 (seat 0 sits East in East 1 unless ``GameStart.first_dealer``
says otherwise). Tiles are Tenhou ids 0..135 (see ``paifu.tiles``). Scores are in
points (not hundreds). A reader that cannot know something leaves it ``None``.

Each class is a dataclass that generates nothing (its fields, for ``fields``, ``replace`` and
``match``) with its own ``__init__`` and ``paifu.frozen``'s methods: a frozen dataclass compiled six
methods a class at every start, a third of a small ``paifu validate`` (issue 26). Long because each
class states its fields twice, as fields and as ``__init__``'s parameters: the vocabulary stays in one
place.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from paifu.findings import Code, Note
from paifu.frozen import Frozen, Record, set_field

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the same, without importing dataclasses (paifu.frozen; start-up, issue 26)
    from paifu.frozen import dataclass


class CallKind(str, Enum):
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"  # open kan on a discard
    ANKAN = "ankan"  # closed kan
    KAKAN = "kakan"  # added kan
    KITA = "kita"  # a North set aside in 3-player


class RyuukyokuKind(str, Enum):
    EXHAUSTIVE = "exhaustive"  # wall ran out
    NAGASHI_MANGAN = "nagashi_mangan"
    NINE_TERMINALS = "nine_terminals"  # kyuushu kyuuhai
    FOUR_WINDS = "four_winds"  # suufon renda (three winds in 3-player)
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"

    @property
    def abortive(self) -> bool:
        return self not in (RyuukyokuKind.EXHAUSTIVE, RyuukyokuKind.NAGASHI_MANGAN)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Meld(Frozen):
    """A meld as shown on the table; ``tiles`` includes the called tile."""

    kind: CallKind
    tiles: tuple[int, ...]
    called: int | None  # the tile taken from another player (None: closed kan, kita)
    from_seat: int | None  # who supplied ``called``

    def __init__(
        self, kind: CallKind, tiles: tuple[int, ...], called: int | None = None, from_seat: int | None = None
    ) -> None:
        set_field(self, "kind", kind)
        set_field(self, "tiles", tiles)
        set_field(self, "called", called)
        set_field(self, "from_seat", from_seat)


@dataclass(init=False, repr=False, eq=False, slots=True)
class GameStart(Frozen):
    """The players and what the record says of the game before its first hand."""

    players: tuple[str, ...]  # names, one per seat; len() is the number of players
    game_id: str
    first_dealer: int
    #: what the record says about its rules, in its own words (e.g. {"tenhou_go_type": 169})
    rules_hint: tuple[tuple[str, object], ...]
    #: wall generator seed, when the record carries one (Tenhou SHUFFLE)
    wall_seed: str | None
    #: free-form header facts (lobby, date, dan, rate ...), never used for legality
    meta: tuple[tuple[str, object], ...]
    #: each tile id names one physical tile of the 136 (Tenhou XML), so no id is dealt or drawn
    #: twice in a hand; formats that name tiles by kind get ids made up by the reader (False)
    physical_ids: bool

    def __init__(
        self,
        players: tuple[str, ...],
        game_id: str = "",
        first_dealer: int = 0,
        rules_hint: tuple[tuple[str, object], ...] = (),
        wall_seed: str | None = None,
        meta: tuple[tuple[str, object], ...] = (),
        physical_ids: bool = False,
    ) -> None:
        set_field(self, "players", players)
        set_field(self, "game_id", game_id)
        set_field(self, "first_dealer", first_dealer)
        set_field(self, "rules_hint", rules_hint)
        set_field(self, "wall_seed", wall_seed)
        set_field(self, "meta", meta)
        set_field(self, "physical_ids", physical_ids)

    @property
    def num_players(self) -> int:
        return len(self.players)


@dataclass(init=False, repr=False, eq=False, slots=True)
class HandStart(Frozen):
    """A hand's deal: the round, the sticks, the scores and each seat's 13 tiles."""

    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    hand_number: int  # 0-based within the round (East 1 = 0)
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int  # seat
    scores: (
        tuple[int, ...] | None
    )  # per seat, points; None where the record states none (mjai's original protocol)
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]  # 13 tile ids per seat, dealing order
    dice: tuple[int, int] | None  # faces 1..6 when known

    def __init__(
        self,
        round_wind: int,
        hand_number: int,
        honba: int,
        sticks: int,
        dealer: int,
        scores: tuple[int, ...] | None,
        dora_indicator: int,
        hands: tuple[tuple[int, ...], ...],
        dice: tuple[int, int] | None = None,
    ) -> None:
        set_field(self, "round_wind", round_wind)
        set_field(self, "hand_number", hand_number)
        set_field(self, "honba", honba)
        set_field(self, "sticks", sticks)
        set_field(self, "dealer", dealer)
        set_field(self, "scores", scores)
        set_field(self, "dora_indicator", dora_indicator)
        set_field(self, "hands", hands)
        set_field(self, "dice", dice)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Draw(Frozen):
    """A seat draws a tile (from the wall, or the dead wall after a kan)."""

    seat: int
    tile: int

    def __init__(self, seat: int, tile: int) -> None:
        set_field(self, "seat", seat)
        set_field(self, "tile", tile)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Discard(Frozen):
    """A seat discards a tile."""

    seat: int
    tile: int
    #: True when the record says this was the drawn tile; None when the record does not say
    tsumogiri: bool | None

    def __init__(self, seat: int, tile: int, tsumogiri: bool | None = None) -> None:
        set_field(self, "seat", seat)
        set_field(self, "tile", tile)
        set_field(self, "tsumogiri", tsumogiri)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Call(Frozen):
    """Chi, pon or open kan on the last discard, or closed/added kan or kita in turn."""

    seat: int
    meld: Meld

    def __init__(self, seat: int, meld: Meld) -> None:
        set_field(self, "seat", seat)
        set_field(self, "meld", meld)


@dataclass(init=False, repr=False, eq=False, slots=True)
class NewDora(Frozen):
    """A new dora indicator is turned (after a kan)."""

    indicator: int

    def __init__(self, indicator: int) -> None:
        set_field(self, "indicator", indicator)


@dataclass(init=False, repr=False, eq=False, slots=True)
class RiichiDeclared(Frozen):
    """A seat declares riichi (its discard follows)."""

    seat: int

    def __init__(self, seat: int) -> None:
        set_field(self, "seat", seat)


@dataclass(init=False, repr=False, eq=False, slots=True)
class RiichiAccepted(Frozen):
    """A riichi's discard was not won on: the seat pays its stick."""

    seat: int
    #: scores after the stick was paid, when the record states them
    scores: tuple[int, ...] | None

    def __init__(self, seat: int, scores: tuple[int, ...] | None = None) -> None:
        set_field(self, "seat", seat)
        set_field(self, "scores", scores)


@dataclass(init=False, repr=False, eq=False, slots=True)
class ClaimedYaku(Frozen):
    """One yaku of a win, as the record names and counts it."""

    name: str  # a ``paifu.yaku.Yaku`` value, or ``unknown:<record's name>``
    han: int  # 13 per yakuman multiple for yakuman; dora counts are han too

    def __init__(self, name: str, han: int) -> None:
        set_field(self, "name", name)
        set_field(self, "han", han)


@dataclass(init=False, repr=False, eq=False, slots=True)
class ClaimedWin(Frozen):
    """What the record says a win was worth; every field optional."""

    fu: int | None
    han: int | None
    points: int | None  # hand value before honba and sticks (total for tsumo)
    limit: str | None  # "", mangan, haneman, baiman, sanbaiman, yakuman, ...
    yaku: tuple[ClaimedYaku, ...] | None
    yakuman_multiple: int | None
    dora_indicators: tuple[int, ...] | None
    ura_indicators: tuple[int, ...] | None
    hand: tuple[int, ...] | None  # concealed tiles incl. the winning tile
    melds: tuple[Meld, ...] | None
    honba: int | None
    sticks: int | None  # riichi sticks this winner takes
    deltas: tuple[int, ...] | None  # score change per seat, incl. honba and sticks
    scores_before: tuple[int, ...] | None
    pao_seat: int | None
    #: False where the format has no word for liability (Mortal's mjai): ``pao_seat`` is then unknown
    pao_stated: bool

    def __init__(
        self,
        fu: int | None = None,
        han: int | None = None,
        points: int | None = None,
        limit: str | None = None,
        yaku: tuple[ClaimedYaku, ...] | None = None,
        yakuman_multiple: int | None = None,
        dora_indicators: tuple[int, ...] | None = None,
        ura_indicators: tuple[int, ...] | None = None,
        hand: tuple[int, ...] | None = None,
        melds: tuple[Meld, ...] | None = None,
        honba: int | None = None,
        sticks: int | None = None,
        deltas: tuple[int, ...] | None = None,
        scores_before: tuple[int, ...] | None = None,
        pao_seat: int | None = None,
        pao_stated: bool = True,
    ) -> None:
        set_field(self, "fu", fu)
        set_field(self, "han", han)
        set_field(self, "points", points)
        set_field(self, "limit", limit)
        set_field(self, "yaku", yaku)
        set_field(self, "yakuman_multiple", yakuman_multiple)
        set_field(self, "dora_indicators", dora_indicators)
        set_field(self, "ura_indicators", ura_indicators)
        set_field(self, "hand", hand)
        set_field(self, "melds", melds)
        set_field(self, "honba", honba)
        set_field(self, "sticks", sticks)
        set_field(self, "deltas", deltas)
        set_field(self, "scores_before", scores_before)
        set_field(self, "pao_seat", pao_seat)
        set_field(self, "pao_stated", pao_stated)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Win(Frozen):
    """A seat wins: tsumo (``from_seat == seat``) or ron on ``from_seat``'s discard."""

    seat: int
    from_seat: int  # == seat for tsumo
    tile: int
    claimed: ClaimedWin

    def __init__(self, seat: int, from_seat: int, tile: int, claimed: ClaimedWin | None = None) -> None:
        set_field(self, "seat", seat)
        set_field(self, "from_seat", from_seat)
        set_field(self, "tile", tile)
        set_field(
            self, "claimed", ClaimedWin() if claimed is None else claimed
        )  # a new one, as a default_factory

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(init=False, repr=False, eq=False, slots=True)
class Ryuukyoku(Frozen):
    """A hand ends without a win: the wall ran out, or an abortive draw."""

    kind: RyuukyokuKind
    #: seats the record shows as tenpai (exhaustive draw), or the declarer (nine terminals)
    tenpai: tuple[int, ...] | None
    deltas: tuple[int, ...] | None
    scores_before: tuple[int, ...] | None
    honba: int | None
    sticks: int | None
    #: concealed hands shown, per seat (None where not shown)
    shown: tuple[tuple[int, ...] | None, ...] | None

    def __init__(
        self,
        kind: RyuukyokuKind,
        tenpai: tuple[int, ...] | None = None,
        deltas: tuple[int, ...] | None = None,
        scores_before: tuple[int, ...] | None = None,
        honba: int | None = None,
        sticks: int | None = None,
        shown: tuple[tuple[int, ...] | None, ...] | None = None,
    ) -> None:
        set_field(self, "kind", kind)
        set_field(self, "tenpai", tenpai)
        set_field(self, "deltas", deltas)
        set_field(self, "scores_before", scores_before)
        set_field(self, "honba", honba)
        set_field(self, "sticks", sticks)
        set_field(self, "shown", shown)


@dataclass(init=False, repr=False, eq=False, slots=True)
class GameEnd(Frozen):
    """The game is over: the final scores and rank points the record states."""

    final_scores: tuple[int, ...] | None  # after leftover sticks, as the record states
    rank_points: tuple[float, ...] | None  # the record's own rank points
    #: rank points exactly as written (e.g. "-10.7" vs "-108"), for rounding checks
    rank_points_text: tuple[str, ...] | None
    placements: tuple[int, ...] | None  # 1 = top, per seat, where the record states them

    def __init__(
        self,
        final_scores: tuple[int, ...] | None = None,
        rank_points: tuple[float, ...] | None = None,
        rank_points_text: tuple[str, ...] | None = None,
        placements: tuple[int, ...] | None = None,
    ) -> None:
        set_field(self, "final_scores", final_scores)
        set_field(self, "rank_points", rank_points)
        set_field(self, "rank_points_text", rank_points_text)
        set_field(self, "placements", placements)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Disconnect(Frozen):
    """A seat loses its connection (the server plays for it)."""

    seat: int

    def __init__(self, seat: int) -> None:
        set_field(self, "seat", seat)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Reconnect(Frozen):
    """A seat is back."""

    seat: int

    def __init__(self, seat: int) -> None:
        set_field(self, "seat", seat)


Event = (
    GameStart
    | HandStart
    | Draw
    | Discard
    | Call
    | NewDora
    | RiichiDeclared
    | RiichiAccepted
    | Win
    | Ryuukyoku
    | GameEnd
    | Disconnect
    | Reconnect
)


@dataclass(init=False, repr=False, eq=False, slots=True)
class RecordIssue(Frozen):
    """Something a reader noticed about the file itself (a recovered malformation), or a note."""

    code: Code | Note
    message: str
    event_index: int | None

    def __init__(self, code: Code | Note, message: str, event_index: int | None = None) -> None:
        set_field(self, "code", code)
        set_field(self, "message", message)
        set_field(self, "event_index", event_index)


@dataclass(init=False, repr=False, eq=False, slots=True)
class GameRecord(Record):
    """One game as a reader produced it: its events and any reading issues."""

    events: list[Event]
    source: str
    format: str
    issues: list[RecordIssue]
    #: True when the record is a deliberate excerpt (single hands): no game-end checks
    partial: bool

    def __init__(
        self,
        events: list[Event],
        source: str = "",
        format: str = "",
        issues: list[RecordIssue] | None = None,
        partial: bool = False,
    ) -> None:
        self.events = events
        self.source = source
        self.format = format
        self.issues = [] if issues is None else issues  # a new list, as a default_factory
        self.partial = partial

    @property
    def start(self) -> GameStart:
        ev = self.events[0]
        assert isinstance(ev, GameStart)
        return ev
