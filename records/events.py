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

    kind: CallKind
    tiles: tuple[int, ...]
    called: int | None = None  # the tile taken from another player (None: closed kan, kita)
    from_seat: int | None = None  # who supplied ``called``


class GameStart(Hashed):
    """The players and what the record says of the game before its first hand."""

    players: tuple[str, ...]  # names, one per seat; len() is the number of players
    game_id: str = ""
    first_dealer: int = 0
    #: what the record says about its rules, in its own words (e.g. {"tenhou_go_type": 169})
    rules_hint: tuple[tuple[str, object], ...] = ()
    #: wall generator seed, when the record carries one (Tenhou SHUFFLE)
    wall_seed: str | None = None
    #: free-form header facts (lobby, date, dan, rate ...), never used for legality
    meta: tuple[tuple[str, object], ...] = ()
    #: each tile id names one physical tile of the 136 (Tenhou XML), so no id is dealt or drawn
    #: twice in a hand; formats that name tiles by kind get ids made up by the reader (False)
    physical_ids: bool = False

    @property
    def num_players(self) -> int:
        return len(self.players)


class StatedWall(Hashed):
    """A hand's wall as a record states it, laid out by its reader into the parts the table takes
    tiles from (the Tenhou seed's wall is rebuilt by the engine instead). Tiles as the record's other
    events name them. A platform commits to the wall before the hand (its hash, checked by the
    reader), so every draw and indicator must be the wall's."""

    #: every tile the record's wall lists, in its order
    tiles: tuple[int, ...]
    #: each seat's 13 dealt tiles where the wall includes the deal; None where it starts after it
    deal: tuple[tuple[int, ...], ...] | None
    #: live-wall draws in order, the dealer's first draw first
    draws: tuple[int, ...]
    #: replacement draws (kan, kita) in order
    rinshan: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]


class HandStart(Hashed):
    """A hand's deal: the round, the sticks, the scores and each seat's 13 tiles."""

    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    hand_number: int  # 0-based within the round (East 1 = 0)
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int  # seat
    #: per seat, points; None where the record states none (mjai's original protocol)
    scores: tuple[int, ...] | None
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]  # 13 tile ids per seat, dealing order
    dice: tuple[int, int] | None = None  # faces 1..6 when known
    #: the hand's wall where the record states it (Mahjong Soul, Riichi City), else None
    wall: StatedWall | None = None


class Draw(Hashed):
    """A seat draws a tile (from the wall, or the dead wall after a kan)."""

    seat: int
    tile: int


class Discard(Hashed):
    """A seat discards a tile."""

    seat: int
    tile: int
    #: True when the record says this was the drawn tile; None when the record does not say
    tsumogiri: bool | None = None


class Call(Hashed):
    """Chi, pon or open kan on the last discard, or closed/added kan or kita in turn."""

    seat: int
    meld: Meld


class NewDora(Hashed):
    """A new dora indicator is turned (after a kan)."""

    indicator: int


class RiichiDeclared(Hashed):
    """A seat declares riichi (its discard follows); ``open``: with the hand shown (open riichi)."""

    seat: int
    open: bool = False


class RiichiAccepted(Hashed):
    """A riichi's discard was not won on: the seat pays its stick."""

    seat: int
    #: scores after the stick was paid, when the record states them
    scores: tuple[int, ...] | None = None


class ClaimedYaku(Hashed):
    """One yaku of a win, as the record names and counts it."""

    name: str  # a ``paifu.yaku.Yaku`` value, or ``unknown:<record's name>``
    han: int  # 13 per yakuman multiple for yakuman; dora counts are han too


class ClaimedWin(Hashed):
    """What the record says a win was worth; every field optional."""

    fu: int | None = None
    han: int | None = None
    points: int | None = None  # hand value before honba and sticks (total for tsumo)
    limit: str | None = None  # "", mangan, haneman, baiman, sanbaiman, yakuman, ...
    yaku: tuple[ClaimedYaku, ...] | None = None
    yakuman_multiple: int | None = None
    dora_indicators: tuple[int, ...] | None = None
    ura_indicators: tuple[int, ...] | None = None
    hand: tuple[int, ...] | None = None  # concealed tiles incl. the winning tile
    melds: tuple[Meld, ...] | None = None
    honba: int | None = None
    sticks: int | None = None  # riichi sticks this winner takes
    deltas: tuple[int, ...] | None = None  # score change per seat, incl. honba and sticks
    scores_before: tuple[int, ...] | None = None
    pao_seat: int | None = None
    #: False where the format has no word for liability (Mortal's mjai): ``pao_seat`` is then unknown
    pao_stated: bool = True


class Win(Hashed):
    """A seat wins: tsumo (``from_seat == seat``) or ron on ``from_seat``'s discard."""

    seat: int
    from_seat: int  # == seat for tsumo
    tile: int
    claimed: ClaimedWin = ClaimedWin()

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


class Ryuukyoku(Hashed):
    """A hand ends without a win: the wall ran out, or an abortive draw."""

    kind: RyuukyokuKind
    #: seats the record shows as tenpai (exhaustive draw), or the declarer (nine terminals)
    tenpai: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None
    scores_before: tuple[int, ...] | None = None
    honba: int | None = None
    sticks: int | None = None
    #: concealed hands shown, per seat (None where not shown)
    shown: tuple[tuple[int, ...] | None, ...] | None = None


class GameEnd(Hashed):
    """The game is over: the final scores and rank points the record states."""

    final_scores: tuple[int, ...] | None = None  # after leftover sticks, as the record states
    rank_points: tuple[float, ...] | None = None  # the record's own rank points
    #: rank points exactly as written (e.g. "-10.7" vs "-108"), for rounding checks
    rank_points_text: tuple[str, ...] | None = None
    placements: tuple[int, ...] | None = None  # 1 = top, per seat, where the record states them
    #: each seat's change of its rank on the platform's ladder, as the record states it (Mahjong
    #: Soul's 段位点 ``grading_score``), where the record states one
    rank_change: tuple[int, ...] | None = None


class Disconnect(Hashed):
    """A seat loses its connection (the server plays for it)."""

    seat: int


class Reconnect(Hashed):
    """A seat is back."""

    seat: int


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

    code: Code | Note
    message: str
    event_index: int | None = None


class GameRecord(Rebuilt):
    """One game as a reader produced it: its events and any reading issues."""

    events: list[Event]
    source: str = ""
    format: str = ""
    issues: list[RecordIssue] = []
    #: True when the record is a deliberate excerpt (single hands): no game-end checks
    partial: bool = False

    @property
    def start(self) -> GameStart:
        ev = self.events[0]
        assert isinstance(ev, GameStart)
        return ev
