"""Which table a game was played at, and which games a report keeps.

Stats sites never mix table sizes: a three-player game's placements run 1..3, its field's win rate
is another game's (three hands compete for each win), and Tenhou's and Mahjong Soul's rooms and
lengths are rated and ranked apart. So every statistic, standing, rating and plot is kept per
``TableKey``: the number of players always, and (``split="table"``, the default) the platform, the
lobby or room and the length where the record states them. ``split="size"`` keeps only the number
of players apart (a league that plays east and south games alike), never less.

``Selection`` is what ``paifu report``'s filters keep (a date window, the last N games, lobbies,
lengths, table sizes, a list of players); ``accepts`` judges one game, ``latest`` the last N of a
run of games in any grouping (it is associative, so parts made on workers select what the serial
run selects).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pandas as pd

from paifu.analysis.counters import is_player_name
from paifu.analysis.rating import game_hour, tenhou_lobby
from paifu.engine.results import GameResult
from paifu.rank_points.majsoul import ROOM_NAMES

#: how finely games are kept apart: every stated table (players, platform, lobby, length) or by size
SPLITS = ("table", "size")
#: the lengths a ruleset names (``paifu.rules.ruleset.Length``)
LENGTHS = ("one-hand", "east", "south")
PLAYERS_LABEL = {4: "四麻 4-player", 3: "三麻 3-player", 2: "2-player"}


@dataclass(frozen=True, order=True)
class TableKey:
    """The table a game was played at: what never pools (``players``) and what pools only when
    asked (platform, lobby or room, length; ``""`` where the record does not say or the split
    pools it)."""

    players: int
    platform: str = ""
    lobby: str = ""
    length: str = ""

    @property
    def label(self) -> str:
        """``四麻 4-player, tenhou houou south``: as a heading reads it."""
        rest = " ".join(x for x in (self.platform, self.lobby, self.length) if x)
        head = PLAYERS_LABEL.get(self.players, f"{self.players}-player")
        return f"{head}, {rest}" if rest else head

    @property
    def slug(self) -> str:
        """``4p-tenhou-houou-south``: an anchor or a file name part (ASCII, stable)."""
        import re

        parts = [f"{self.players}p", *(x for x in (self.platform, self.lobby, self.length) if x)]
        return re.sub(r"[^A-Za-z0-9_.-]+", "_", "-".join(parts))

    def columns(self) -> dict[str, object]:
        """The key as the leading columns of a table row (a part the record does not state: NA,
        which a CSV keeps, where an empty text would come back as NA)."""
        return {
            "players": self.players,
            "platform": self.platform or None,
            "lobby": self.lobby or None,
            "length": self.length or None,
        }

    @classmethod
    def of_row(cls, row: Mapping[str, Any] | pd.Series) -> TableKey:
        """The key of a frame's row (its key columns; NA is ``""``)."""

        def text(v: object) -> str:
            return "" if v is None or v is pd.NA or (isinstance(v, float) and v != v) else str(v)

        return cls(int(row["players"]), text(row["platform"]), text(row["lobby"]), text(row["length"]))

    def mask(self, df: pd.DataFrame) -> pd.Series:
        """The rows of a frame with its key columns that are this key's."""
        out = df["players"] == self.players
        for col in ("platform", "lobby", "length"):
            out &= df[col].fillna("") == getattr(self, col)
        return out.fillna(False).astype(bool)


#: the key columns every per-table frame starts with, and their dtypes
KEY_COLUMNS = {"players": "Int64", "platform": "string", "lobby": "string", "length": "string"}


def platform_of(result: GameResult) -> str:
    """The platform a game's ruleset belongs to: its preset family (``tenhou[type=169]`` and
    ``tenhou-sanma[type=185]`` are ``tenhou``; ``mahjongsoul``, ``majiang`` ...)."""
    name = result.rules.name.split("[", 1)[0]
    return name.removesuffix("-sanma") or "custom"


#: Mahjong Soul's ranked rooms (``paifu.rank_points.majsoul.ROOM_NAMES``, by ``config.meta.mode_id``) by
#: the English names the game gives them: a lobby is also an anchor and a file name part, so ASCII
MAJSOUL_ROOMS = {
    mode: {"銅の間": "bronze", "銀の間": "silver", "金の間": "gold", "玉の間": "jade", "王座の間": "throne"}[
        name
    ]
    for mode, name in ROOM_NAMES.items()
}


def lobby_of(result: GameResult) -> str:
    """The lobby or room a record states: Tenhou's level from its GO type (``ippan``, ``joukyuu``,
    ``tokujou``, ``houou``), Mahjong Soul's ranked room (``bronze``, ``silver``, ``gold``, ``jade``,
    ``throne``), else a ``room`` the record's header names; ``""`` when none."""
    meta = dict(result.meta)
    lobby = tenhou_lobby(meta.get("tenhou_go_type"))
    if lobby is not None:
        return lobby
    mode = meta.get("majsoul_mode_id")
    if isinstance(mode, int) and mode in MAJSOUL_ROOMS:
        return MAJSOUL_ROOMS[mode]
    room = meta.get("room")
    return str(room) if isinstance(room, (str, int)) and not isinstance(room, bool) else ""


def length_of(result: GameResult) -> str:
    """The game's length under its ruleset: ``east``, ``south`` or ``one-hand``."""
    return str(result.rules.length)


def table_key(result: GameResult, split: str = "table") -> TableKey:
    """The key a game's seats are counted under (``split``: one of ``SPLITS``)."""
    players = len(result.players)
    if split == "size":
        return TableKey(players)
    if split != "table":
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")
    return TableKey(players, platform_of(result), lobby_of(result), length_of(result))


def game_time(result: GameResult) -> dt.datetime | None:
    """When a game started, as far as its record says: the hour a Tenhou log id names, else a
    date its header states (``paifu.analysis.rating.game_hour``); None when it says nothing."""
    hour = game_hour(result.game_id, dict(result.meta))
    if hour is None:
        return None
    try:
        return dt.datetime.strptime(hour, "%Y%m%d%H")
    except ValueError:
        return None


def parse_when(text: str, end: bool = False) -> dt.datetime:
    """A ``--since``/``--until`` date: ``2017-01-01``, ``2017-01-01T05`` (an hour) or
    ``2017-01-01 05:30``. ``end``: a day or hour given alone means its end (``--until 2017-01-01``
    keeps the whole day)."""
    text = text.strip()
    formats = (("%Y-%m-%d", dt.timedelta(days=1)), ("%Y-%m", None), ("%Y-%m-%dT%H", dt.timedelta(hours=1)))
    for fmt, span in formats:
        try:
            when = dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
        if fmt == "%Y-%m":
            nxt = dt.datetime(when.year + when.month // 12, when.month % 12 + 1, 1)
            return nxt - dt.timedelta(microseconds=1) if end else when
        assert span is not None
        return when + span - dt.timedelta(microseconds=1) if end else when
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date (2017-01-31, 2017-01, 2017-01-31T05)") from None


@dataclass(frozen=True)
class Selection:
    """The games a report keeps. Every field that is set must hold (``accepts``), then ``last``
    keeps the latest N of those (``latest``). Empty collections keep everything.

    ``players``: games where at least one of these players sat (their names as the records write
    them); the report's rows are those players' (the field is still everyone at those tables).
    ``last``: by date (the hour a record names), ties and undated games in input order, undated
    games counting as older than any dated one."""

    since: dt.datetime | None = None
    until: dt.datetime | None = None
    last: int | None = None
    lobbies: frozenset[str] = frozenset()
    lengths: frozenset[str] = frozenset()
    sizes: frozenset[int] = frozenset()
    players: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.last is not None and self.last < 1:
            raise ValueError(f"--last needs at least 1 game, not {self.last}")
        bad = sorted(set(self.lengths) - set(LENGTHS))
        if bad:
            raise ValueError(f"--length {bad[0]!r}: one of {', '.join(LENGTHS)}")
        if self.since is not None and self.until is not None and self.since > self.until:
            raise ValueError("--since is after --until: no game can be in that window")

    @property
    def active(self) -> bool:
        return self != Selection()

    def accepts(self, result: GameResult) -> bool:
        """Whether the game passes every filter but ``last``."""
        if self.sizes and len(result.players) not in self.sizes:
            return False
        if self.lobbies and lobby_of(result) not in self.lobbies:
            return False
        if self.lengths and length_of(result) not in self.lengths:
            return False
        if self.players and not any(p in self.players for p in result.players):
            return False
        if self.since is not None or self.until is not None:
            when = game_time(result)
            if when is None:
                return False
            if (self.since is not None and when < self.since) or (
                self.until is not None and when > self.until
            ):
                return False
        return True

    def apply(self, results: Iterable[GameResult]) -> list[GameResult]:
        """The games of ``results`` (in input order) this selection keeps: the library's filter, the
        one ``paifu report`` applies game by game."""
        kept = [r for r in results if self.accepts(r)]
        return kept if self.last is None else latest(kept, self.last, game_time)

    def keeps_player(self, name: str) -> bool:
        """Whether a named seat gets a row (with a player list, only the listed players do)."""
        return is_player_name(name) and (not self.players or name in self.players)

    def describe(self) -> str:
        """The filters in words, for the report's headline (``""`` when none)."""
        out = []
        if self.since is not None:
            out.append(f"since {self.since:%Y-%m-%d %H:%M}")
        if self.until is not None:
            out.append(f"until {self.until:%Y-%m-%d %H:%M}")
        if self.sizes:
            out.append("tables of " + " or ".join(str(s) for s in sorted(self.sizes)) + " players")
        if self.lobbies:
            out.append("lobby " + " or ".join(sorted(self.lobbies)))
        if self.lengths:
            out.append(" or ".join(sorted(self.lengths)) + " games")
        if self.players:
            out.append(f"games of {len(self.players)} listed players")
        if self.last is not None:
            out.append(f"the last {self.last:,} of those games")
        return "; ".join(out)


T = TypeVar("T")


def latest(items: Sequence[T], n: int, when: Callable[[T], dt.datetime | None]) -> list[T]:
    """The ``n`` latest of ``items`` (given in input order) by ``when``, in input order: ties go to
    the later item, undated items are older than any dated one. Associative: the latest of the
    latest of two runs is the latest of both, so parts may select before they merge."""
    if len(items) <= n:
        return list(items)
    times = [when(x) for x in items]
    order = sorted(
        range(len(items)), key=lambda i: (times[i] is not None, times[i] or dt.datetime.min, i), reverse=True
    )
    return [items[i] for i in sorted(order[:n])]


def parse_list(values: Iterable[str] | None) -> frozenset[str]:
    """Repeated or comma-separated option values as one set (``--lobby houou,tokujou``)."""
    out: set[str] = set()
    for v in values or ():
        out.update(x.strip() for x in v.split(",") if x.strip())
    return frozenset(out)


def read_names(path: str) -> frozenset[str]:
    """A ``--members`` file: one player a line, as the records write the name (blank lines skipped)."""
    from paifu.limits import read_side_file

    text = read_side_file(path).decode("utf-8")
    return frozenset(line.strip("\r\n") for line in text.splitlines() if line.strip())


def by_key(keys: Iterable[TableKey]) -> list[TableKey]:
    """Keys in reading order: four players first, then three; within a size by platform, lobby, length."""
    return sorted(set(keys), key=lambda k: (-k.players, k.platform, k.lobby, k.length))
