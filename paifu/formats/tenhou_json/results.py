"""A tenhou.net/6 hand's result (``和了`` with its winners, or a draw) to events: the part of
``hands._HandReader`` that reads results."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from paifu.events import (
    ClaimedWin,
    ClaimedYaku,
    Event,
    Meld,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, integer, integers
from paifu.formats.plays import RIICHI
from paifu.formats.tenhou_json.names import (
    _SCORE_TEXT,
    _YAKU_TEXT,
    DRAW_NAMES,
    code_to_tile,
    limit_name,
    yaku_from_name,
)

#: an exhaustive draw that says everyone was tenpai / nobody was (tensoul-py-ng's English too)
_ALL_TENPAI = {"全員聴牌", "All tempai"}
_ALL_NOTEN = {"全員不聴", "All noten"}


def _one_yakuman_as_stated(yaku: list[ClaimedYaku], dealer: bool, tsumo: bool, a: int, b: str | None) -> int:
    """How many yakuman a win's one yakuman is worth, read off its points where its yaku text
    says only ``(役満)``: tensoul writes every yakuman so (convert.js ``parsehule``), a Mahjong Soul
    double yakuman included, whose points (``役満96000点`` for a dealer) state the multiple. The
    yaku's han is set to match (13 per yakuman); what the rules make of it is the replay's."""
    # per yakuman: a ron pays 48,000 / 32,000; a tsumo 16,000 from the dealer or from each
    unit, paid = (16000, int(b) if b is not None else a) if tsumo else (48000 if dealer else 32000, a)
    multiple = paid // unit if paid % unit == 0 else 1
    if multiple > 1:
        i = next(i for i, y in enumerate(yaku) if y.han >= 13)
        yaku[i] = ClaimedYaku(yaku[i].name, 13 * multiple)
    return max(multiple, 1)


class _Results:
    """Result events of the hand being read (a part of ``hands._HandReader``)."""

    h: list[Any]
    n: int
    honba: int
    events: list[Event]
    concealed: list[list[int]]
    melds: list[list[Meld]]
    last_draw: list[int | None]

    if TYPE_CHECKING:  # the hand reader's own

        def fail(self, msg: str) -> RecordError: ...

    def _result(self, last_discard: tuple[int, int] | None, robbed: int | None) -> None:
        res = self.h[16]
        n = self.n
        if not isinstance(res, list) or not res:
            raise self.fail(f"hand result {res!r} is not a list")
        name = res[0]
        if name == "和了":
            if len(res) < 3 or len(res) % 2 == 0:
                raise self.fail("和了 result should hold deltas/detail pairs")
            for deltas, detail in zip(res[1::2], res[2::2], strict=True):
                self.events.append(self._win(deltas, detail, last_discard, robbed))
            return
        if name not in DRAW_NAMES:
            raise self.fail(f"unknown hand result {name!r}")
        kind = DRAW_NAMES[name]
        deltas = integers(res[1], "score changes", n) if len(res) > 1 and isinstance(res[1], list) else None
        tenpai: tuple[int, ...] | None = None
        shown: tuple[tuple[int, ...] | None, ...] | None = None
        if kind == RyuukyokuKind.EXHAUSTIVE:
            if name in _ALL_TENPAI:
                tenpai = tuple(range(n))
            elif name in _ALL_NOTEN:
                tenpai = ()
            elif deltas is not None and any(deltas):
                tenpai = tuple(s for s in range(n) if deltas[s] > 0)
            if tenpai is not None:
                shown = tuple(tuple(self.concealed[s]) if s in tenpai else None for s in range(n))
            if deltas is None:
                deltas = (0,) * n
        elif kind == RyuukyokuKind.NINE_TERMINALS:
            declarer = next((s for s in range(n) if len(self.concealed[s]) == 14), None)
            if declarer is not None:
                tenpai = (declarer,)
                shown = tuple(tuple(self.concealed[s]) if s == declarer else None for s in range(n))
        self.events.append(Ryuukyoku(kind, tenpai=tenpai, deltas=deltas, honba=self.honba, shown=shown))

    def _win(
        self,
        deltas: Sequence[Any],
        detail: Sequence[Any],
        last_discard: tuple[int, int] | None,
        robbed: int | None,
    ) -> Win:
        n = self.n
        if len(detail) < 2:
            raise self.fail(f"win detail {detail!r} names no winner")
        who, frm = integer(detail[0], "winner"), integer(detail[1], "from")
        pao = integer(detail[2], "liable seat") if len(detail) > 2 else who
        if not (0 <= who < n and 0 <= frm < n):
            raise self.fail(f"win detail {detail!r} names a seat outside the table")
        if who == frm:
            tile = self.last_draw[who]
            if tile is None:
                raise self.fail(f"seat {who} wins by tsumo without a draw")
            hand = tuple(self.concealed[who])
        else:
            if robbed is not None:
                tile = robbed
            elif last_discard is not None:
                tile = last_discard[1]
            else:
                raise self.fail(f"seat {who} wins by ron with no discard to win on")
            hand = (*self.concealed[who], tile)
        yaku: list[ClaimedYaku] = []
        n_yakuman = 0
        riichi = any(map(is_, self.events, repeat(RIICHI[who])))  # the hand reader appends only these
        kyoku = int(self.h[0][0])  # the hand's winds, for a wind yaku that names none (Mahjong Soul's)
        winds = (kyoku // 4, (who - kyoku % 4) % n)
        for y in detail[4:]:
            m = _YAKU_TEXT.match(str(y))
            if not m:
                raise self.fail(f"yaku text {y!r} is not 'name(value)'")
            name, val = m["name"], m["val"]
            if "役満" in val:
                mult = 2 if val.startswith(("ダブル", "2", "二")) else 1
                n_yakuman += mult
                han = 13 * mult
            else:
                han = int(re.sub(r"\D", "", val) or 0)
            yname = yaku_from_name(name, *winds)
            yaku.append(ClaimedYaku(yname, han))
        fu = han_total = points = None
        limit = None
        if len(detail) > 3 and detail[3] != "":  # "": a writer whose source stated no value
            text = str(detail[3])
            m = _SCORE_TEXT.match(text)
            if not m:
                raise self.fail(f"score text {text!r} is not understood")
            if m["fu"]:
                fu, han_total, limit = int(m["fu"]), int(m["han"]), ""
            if m["lim"]:  # alone, or after the fu and han (tensoul with SHOWFU)
                limit = limit_name(m["lim"])
            # else points alone ("2600点∀"): what a writer states when its source had no fu or han
            a = int(m["a"])
            if who != frm:
                points = a
            elif m["b"] is not None:
                points = a * (n - 2) + int(m["b"])
            else:
                points = a * (n - 1)
            if limit == "yakuman" and n_yakuman == 1:
                n_yakuman = _one_yakuman_as_stated(yaku, who == kyoku % 4, who == frm, a, m["b"])
        if han_total is None and yaku and not n_yakuman:
            han_total = sum(y.han for y in yaku)
        if len(deltas) < n:
            raise self.fail(f"win deltas {deltas!r} have fewer than {n} entries")
        claimed = ClaimedWin(
            fu=fu,
            han=han_total,
            points=points,
            limit=limit,
            # no yaku text at all: not stated (a converter from a format without yaku writes none)
            yaku=tuple(yaku) if yaku else None,
            yakuman_multiple=n_yakuman or None,
            dora_indicators=tuple(code_to_tile(c) for c in self.h[2]),
            ura_indicators=tuple(code_to_tile(c) for c in self.h[3]) if riichi else None,
            hand=hand,
            melds=tuple(self.melds[who]),
            honba=self.honba,
            deltas=integers(deltas, "score changes", n),
            pao_seat=pao if pao != who else None,
        )
        return Win(who, frm, tile, claimed)
