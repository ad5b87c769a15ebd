# Generated from records/events.py by scripts/gen_records.py (not edited here):
# edit records/events.py, then run python scripts/gen_records.py.
"""The one event vocabulary every reader produces and the engine consumes.

Events are immutable and carry what the record *says* (including the results it
claims); the engine decides whether that was legal and right. Seats are absolute
table positions 0..n-1 (seat 0 sits East in East 1 unless ``GameStart.first_dealer``
says otherwise). Tiles are Tenhou ids 0..135 (see ``paifu.tiles``). Scores are in
points (not hundreds). A reader that cannot know something leaves it ``None``.

Each record is declared once, in ``records/events.py`` (fields, types, defaults, a comment each):
``paifu/events.py`` is written from it by ``scripts/gen_records.py`` as classes mypyc compiles
(``paifu.valued``), so the engine reads a field from the event's struct and a reader makes one without
a Python ``__init__``. Their fields are ``Final`` and named in order as ``__match_args__``, which the
repr, ``match`` and ``dataclasses``' functions read: an event behaves as a frozen dataclass (equality,
hash, repr, pickling, ``fields``, ``replace``, ``asdict``), except that a field's type is checked when
it is made and an assignment raises ``AttributeError`` (a frozen dataclass's ``FrozenInstanceError``
is one; plain Python raises that). A default that makes a value is made anew for each event.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from paifu.findings import Code, Note
from paifu.valued import Hashed, Rebuilt


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


class Meld(Hashed):
    """A meld as shown on the table; ``tiles`` includes the called tile."""

    __slots__ = ("kind", "tiles", "called", "from_seat")
    __match_args__ = ("kind", "tiles", "called", "from_seat")

    kind: Final[CallKind]
    tiles: Final[tuple[int, ...]]
    called: Final[int | None]  # the tile taken from another player (None: closed kan, kita)
    from_seat: Final[int | None]  # who supplied ``called``

    def __init__(
        self, kind: CallKind, tiles: tuple[int, ...], called: int | None = None, from_seat: int | None = None
    ) -> None:
        self.kind = kind
        self.tiles = tiles
        self.called = called
        self.from_seat = from_seat

    def _values(self) -> tuple[object, ...]:
        return (self.kind, self.tiles, self.called, self.from_seat)


class GameStart(Hashed):
    """The players and what the record says of the game before its first hand."""

    __slots__ = ("players", "game_id", "first_dealer", "rules_hint", "wall_seed", "meta", "physical_ids")
    __match_args__ = ("players", "game_id", "first_dealer", "rules_hint", "wall_seed", "meta", "physical_ids")

    players: Final[tuple[str, ...]]  # names, one per seat; len() is the number of players
    game_id: Final[str]
    first_dealer: Final[int]
    #: what the record says about its rules, in its own words (e.g. {"tenhou_go_type": 169})
    rules_hint: Final[tuple[tuple[str, object], ...]]
    #: wall generator seed, when the record carries one (Tenhou SHUFFLE)
    wall_seed: Final[str | None]
    #: free-form header facts (lobby, date, dan, rate ...), never used for legality
    meta: Final[tuple[tuple[str, object], ...]]
    #: each tile id names one physical tile of the 136 (Tenhou XML), so no id is dealt or drawn
    #: twice in a hand; formats that name tiles by kind get ids made up by the reader (False)
    physical_ids: Final[bool]

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
        self.players = players
        self.game_id = game_id
        self.first_dealer = first_dealer
        self.rules_hint = rules_hint
        self.wall_seed = wall_seed
        self.meta = meta
        self.physical_ids = physical_ids

    @property
    def num_players(self) -> int:
        return len(self.players)

    def _values(self) -> tuple[object, ...]:
        return (
            self.players,
            self.game_id,
            self.first_dealer,
            self.rules_hint,
            self.wall_seed,
            self.meta,
            self.physical_ids,
        )


class StatedWall(Hashed):
    """A hand's wall as a record states it, laid out by its reader into the parts the table takes
    tiles from (the Tenhou seed's wall is rebuilt by the engine instead). Tiles as the record's other
    events name them. A platform commits to the wall before the hand (its hash, checked by the
    reader), so every draw and indicator must be the wall's."""

    __slots__ = ("tiles", "deal", "draws", "rinshan", "dora_indicators", "ura_indicators")
    __match_args__ = ("tiles", "deal", "draws", "rinshan", "dora_indicators", "ura_indicators")

    #: every tile the record's wall lists, in its order
    tiles: Final[tuple[int, ...]]
    #: each seat's 13 dealt tiles where the wall includes the deal; None where it starts after it
    deal: Final[tuple[tuple[int, ...], ...] | None]
    #: live-wall draws in order, the dealer's first draw first
    draws: Final[tuple[int, ...]]
    #: replacement draws (kan, kita) in order
    rinshan: Final[tuple[int, ...]]
    dora_indicators: Final[tuple[int, ...]]
    ura_indicators: Final[tuple[int, ...]]

    def __init__(
        self,
        tiles: tuple[int, ...],
        deal: tuple[tuple[int, ...], ...] | None,
        draws: tuple[int, ...],
        rinshan: tuple[int, ...],
        dora_indicators: tuple[int, ...],
        ura_indicators: tuple[int, ...],
    ) -> None:
        self.tiles = tiles
        self.deal = deal
        self.draws = draws
        self.rinshan = rinshan
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators

    def _values(self) -> tuple[object, ...]:
        return (self.tiles, self.deal, self.draws, self.rinshan, self.dora_indicators, self.ura_indicators)


class HandStart(Hashed):
    """A hand's deal: the round, the sticks, the scores and each seat's 13 tiles."""

    __slots__ = (
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "scores",
        "dora_indicator",
        "hands",
        "dice",
        "wall",
    )
    __match_args__ = (
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "dealer",
        "scores",
        "dora_indicator",
        "hands",
        "dice",
        "wall",
    )

    round_wind: Final[int]  # 0 East, 1 South, 2 West, 3 North
    hand_number: Final[int]  # 0-based within the round (East 1 = 0)
    honba: Final[int]
    sticks: Final[int]  # riichi sticks on the table at the start
    dealer: Final[int]  # seat
    #: per seat, points; None where the record states none (mjai's original protocol)
    scores: Final[tuple[int, ...] | None]
    dora_indicator: Final[int]
    hands: Final[tuple[tuple[int, ...], ...]]  # 13 tile ids per seat, dealing order
    dice: Final[tuple[int, int] | None]  # faces 1..6 when known
    #: the hand's wall where the record states it (Mahjong Soul, Riichi City), else None
    wall: Final[StatedWall | None]

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
        wall: StatedWall | None = None,
    ) -> None:
        self.round_wind = round_wind
        self.hand_number = hand_number
        self.honba = honba
        self.sticks = sticks
        self.dealer = dealer
        self.scores = scores
        self.dora_indicator = dora_indicator
        self.hands = hands
        self.dice = dice
        self.wall = wall

    def _values(self) -> tuple[object, ...]:
        return (
            self.round_wind,
            self.hand_number,
            self.honba,
            self.sticks,
            self.dealer,
            self.scores,
            self.dora_indicator,
            self.hands,
            self.dice,
            self.wall,
        )


class Draw(Hashed):
    """A seat draws a tile (from the wall, or the dead wall after a kan)."""

    __slots__ = ("seat", "tile")
    __match_args__ = ("seat", "tile")

    seat: Final[int]
    tile: Final[int]

    def __init__(self, seat: int, tile: int) -> None:
        self.seat = seat
        self.tile = tile

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.tile)


class Discard(Hashed):
    """A seat discards a tile."""

    __slots__ = ("seat", "tile", "tsumogiri")
    __match_args__ = ("seat", "tile", "tsumogiri")

    seat: Final[int]
    tile: Final[int]
    #: True when the record says this was the drawn tile; None when the record does not say
    tsumogiri: Final[bool | None]

    def __init__(self, seat: int, tile: int, tsumogiri: bool | None = None) -> None:
        self.seat = seat
        self.tile = tile
        self.tsumogiri = tsumogiri

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.tile, self.tsumogiri)


class Call(Hashed):
    """Chi, pon or open kan on the last discard, or closed/added kan or kita in turn."""

    __slots__ = ("seat", "meld")
    __match_args__ = ("seat", "meld")

    seat: Final[int]
    meld: Final[Meld]

    def __init__(self, seat: int, meld: Meld) -> None:
        self.seat = seat
        self.meld = meld

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.meld)


class NewDora(Hashed):
    """A new dora indicator is turned (after a kan)."""

    __slots__ = ("indicator",)
    __match_args__ = ("indicator",)

    indicator: Final[int]

    def __init__(self, indicator: int) -> None:
        self.indicator = indicator

    def _values(self) -> tuple[object, ...]:
        return (self.indicator,)


class RiichiDeclared(Hashed):
    """A seat declares riichi (its discard follows); ``open``: with the hand shown (open riichi)."""

    __slots__ = ("seat", "open")
    __match_args__ = ("seat", "open")

    seat: Final[int]
    open: Final[bool]

    def __init__(self, seat: int, open: bool = False) -> None:
        self.seat = seat
        self.open = open

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.open)


class RiichiAccepted(Hashed):
    """A riichi's discard was not won on: the seat pays its stick."""

    __slots__ = ("seat", "scores")
    __match_args__ = ("seat", "scores")

    seat: Final[int]
    #: scores after the stick was paid, when the record states them
    scores: Final[tuple[int, ...] | None]

    def __init__(self, seat: int, scores: tuple[int, ...] | None = None) -> None:
        self.seat = seat
        self.scores = scores

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.scores)


class ClaimedYaku(Hashed):
    """One yaku of a win, as the record names and counts it."""

    __slots__ = ("name", "han")
    __match_args__ = ("name", "han")

    name: Final[str]  # a ``paifu.yaku.Yaku`` value, or ``unknown:<record's name>``
    han: Final[int]  # 13 per yakuman multiple for yakuman; dora counts are han too

    def __init__(self, name: str, han: int) -> None:
        self.name = name
        self.han = han

    def _values(self) -> tuple[object, ...]:
        return (self.name, self.han)


class ClaimedWin(Hashed):
    """What the record says a win was worth; every field optional."""

    __slots__ = (
        "fu",
        "han",
        "points",
        "limit",
        "yaku",
        "yakuman_multiple",
        "dora_indicators",
        "ura_indicators",
        "hand",
        "melds",
        "honba",
        "sticks",
        "deltas",
        "scores_before",
        "pao_seat",
        "pao_stated",
    )
    __match_args__ = (
        "fu",
        "han",
        "points",
        "limit",
        "yaku",
        "yakuman_multiple",
        "dora_indicators",
        "ura_indicators",
        "hand",
        "melds",
        "honba",
        "sticks",
        "deltas",
        "scores_before",
        "pao_seat",
        "pao_stated",
    )

    fu: Final[int | None]
    han: Final[int | None]
    points: Final[int | None]  # hand value before honba and sticks (total for tsumo)
    limit: Final[str | None]  # "", mangan, haneman, baiman, sanbaiman, yakuman, ...
    yaku: Final[tuple[ClaimedYaku, ...] | None]
    yakuman_multiple: Final[int | None]
    dora_indicators: Final[tuple[int, ...] | None]
    ura_indicators: Final[tuple[int, ...] | None]
    hand: Final[tuple[int, ...] | None]  # concealed tiles incl. the winning tile
    melds: Final[tuple[Meld, ...] | None]
    honba: Final[int | None]
    sticks: Final[int | None]  # riichi sticks this winner takes
    deltas: Final[tuple[int, ...] | None]  # score change per seat, incl. honba and sticks
    scores_before: Final[tuple[int, ...] | None]
    pao_seat: Final[int | None]
    #: False where the format has no word for liability (Mortal's mjai): ``pao_seat`` is then unknown
    pao_stated: Final[bool]

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
        self.fu = fu
        self.han = han
        self.points = points
        self.limit = limit
        self.yaku = yaku
        self.yakuman_multiple = yakuman_multiple
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.hand = hand
        self.melds = melds
        self.honba = honba
        self.sticks = sticks
        self.deltas = deltas
        self.scores_before = scores_before
        self.pao_seat = pao_seat
        self.pao_stated = pao_stated

    def _values(self) -> tuple[object, ...]:
        return (
            self.fu,
            self.han,
            self.points,
            self.limit,
            self.yaku,
            self.yakuman_multiple,
            self.dora_indicators,
            self.ura_indicators,
            self.hand,
            self.melds,
            self.honba,
            self.sticks,
            self.deltas,
            self.scores_before,
            self.pao_seat,
            self.pao_stated,
        )


class Win(Hashed):
    """A seat wins: tsumo (``from_seat == seat``) or ron on ``from_seat``'s discard."""

    __slots__ = ("seat", "from_seat", "tile", "claimed")
    __match_args__ = ("seat", "from_seat", "tile", "claimed")

    seat: Final[int]
    from_seat: Final[int]  # == seat for tsumo
    tile: Final[int]
    claimed: Final[ClaimedWin]

    def __init__(self, seat: int, from_seat: int, tile: int, claimed: ClaimedWin | None = None) -> None:
        self.seat = seat
        self.from_seat = from_seat
        self.tile = tile
        self.claimed = ClaimedWin() if claimed is None else claimed

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat

    def _values(self) -> tuple[object, ...]:
        return (self.seat, self.from_seat, self.tile, self.claimed)


class Ryuukyoku(Hashed):
    """A hand ends without a win: the wall ran out, or an abortive draw."""

    __slots__ = ("kind", "tenpai", "deltas", "scores_before", "honba", "sticks", "shown")
    __match_args__ = ("kind", "tenpai", "deltas", "scores_before", "honba", "sticks", "shown")

    kind: Final[RyuukyokuKind]
    #: seats the record shows as tenpai (exhaustive draw), or the declarer (nine terminals)
    tenpai: Final[tuple[int, ...] | None]
    deltas: Final[tuple[int, ...] | None]
    scores_before: Final[tuple[int, ...] | None]
    honba: Final[int | None]
    sticks: Final[int | None]
    #: concealed hands shown, per seat (None where not shown)
    shown: Final[tuple[tuple[int, ...] | None, ...] | None]

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
        self.kind = kind
        self.tenpai = tenpai
        self.deltas = deltas
        self.scores_before = scores_before
        self.honba = honba
        self.sticks = sticks
        self.shown = shown

    def _values(self) -> tuple[object, ...]:
        return (self.kind, self.tenpai, self.deltas, self.scores_before, self.honba, self.sticks, self.shown)


class GameEnd(Hashed):
    """The game is over: the final scores and rank points the record states."""

    __slots__ = ("final_scores", "rank_points", "rank_points_text", "placements", "rank_change")
    __match_args__ = ("final_scores", "rank_points", "rank_points_text", "placements", "rank_change")

    final_scores: Final[tuple[int, ...] | None]  # after leftover sticks, as the record states
    rank_points: Final[tuple[float, ...] | None]  # the record's own rank points
    #: rank points exactly as written (e.g. "-10.7" vs "-108"), for rounding checks
    rank_points_text: Final[tuple[str, ...] | None]
    placements: Final[tuple[int, ...] | None]  # 1 = top, per seat, where the record states them
    #: each seat's change of its rank on the platform's ladder, as the record states it (Mahjong
    #: Soul's 段位点 ``grading_score``), where the record states one
    rank_change: Final[tuple[int, ...] | None]

    def __init__(
        self,
        final_scores: tuple[int, ...] | None = None,
        rank_points: tuple[float, ...] | None = None,
        rank_points_text: tuple[str, ...] | None = None,
        placements: tuple[int, ...] | None = None,
        rank_change: tuple[int, ...] | None = None,
    ) -> None:
        self.final_scores = final_scores
        self.rank_points = rank_points
        self.rank_points_text = rank_points_text
        self.placements = placements
        self.rank_change = rank_change

    def _values(self) -> tuple[object, ...]:
        return (self.final_scores, self.rank_points, self.rank_points_text, self.placements, self.rank_change)


class Disconnect(Hashed):
    """A seat loses its connection (the server plays for it)."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def _values(self) -> tuple[object, ...]:
        return (self.seat,)


class Reconnect(Hashed):
    """A seat is back."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def _values(self) -> tuple[object, ...]:
        return (self.seat,)


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


class RecordIssue(Hashed):
    """Something a reader noticed about the file itself (a recovered malformation), or a note."""

    __slots__ = ("code", "message", "event_index")
    __match_args__ = ("code", "message", "event_index")

    code: Final[Code | Note]
    message: Final[str]
    event_index: Final[int | None]

    def __init__(self, code: Code | Note, message: str, event_index: int | None = None) -> None:
        self.code = code
        self.message = message
        self.event_index = event_index

    def _values(self) -> tuple[object, ...]:
        return (self.code, self.message, self.event_index)


class GameRecord(Rebuilt):
    """One game as a reader produced it: its events and any reading issues."""

    __slots__ = ("events", "source", "format", "issues", "partial")
    __match_args__ = ("events", "source", "format", "issues", "partial")

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
        self.issues = [] if issues is None else issues
        self.partial = partial

    @property
    def start(self) -> GameStart:
        ev = self.events[0]
        assert isinstance(ev, GameStart)
        return ev

    def _values(self) -> tuple[object, ...]:
        return (self.events, self.source, self.format, self.issues, self.partial)
