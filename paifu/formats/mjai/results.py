"""mjai results: ``hora`` to a win, ``ryukyoku`` to a draw, inferring which draw it was where the
producer (Mortal) does not say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paifu.events import (
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    RecordIssue,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.findings import Code, Note
from paifu.formats.base import RecordError, seats
from paifu.formats.mjai.names import _REASONS, _reason_key, _yaku_name, pai_to_tile
from paifu.yaku import Yaku

#: the dragons' kinds (白 發 中) and their yaku
_DRAGONS = ((31, Yaku.HAKU.value), (32, Yaku.HATSU.value), (33, Yaku.CHUN.value))


def _dragons_named(yaku: tuple[ClaimedYaku, ...], tiles: tuple[int, ...]) -> tuple[ClaimedYaku, ...]:
    """gimite's ``sangenpai`` (one entry, han = how many dragon triplets) as one yaku per dragon the
    winner holds three or four of (a dragon is in a triplet, a kan or the pair, never a run); kept
    as it is when the hand does not show that many (the replay then says the yaku differ)."""
    out: list[ClaimedYaku] = []
    for y in yaku:
        if y.name == "unknown:sangenpai":
            held = [name for kind, name in _DRAGONS if sum(t >> 2 == kind for t in tiles) >= 3]
            if len(held) == y.han:
                out += [ClaimedYaku(name, 1) for name in held]
                continue
        out.append(y)
    return tuple(out)


#: the least a nagashi mangan's player takes: a mangan tsumo, 6,000 at a three-player table that
#: loses the missing seat's share; a noten payment takes less (3,000 in all at Tenhou, 4,000 where
#: each noten player pays each tenpai one as Riichi City's tournaments do)
_NAGASHI_LEAST = 6000


class _Results:
    """The result events of the hand being read (a part of ``reader._Reader``)."""

    events: list[Event]
    issues: list[RecordIssue]
    hand: dict[str, Any] | None
    hand_label: str | None
    n: int

    if TYPE_CHECKING:  # the reader's own

        def fail(self, msg: str, line: int | None) -> RecordError: ...

        def _is_seat(self, v: object) -> bool: ...

    def _hora(self, ev: dict[str, Any], no: int) -> Win:
        h = self.hand
        assert h is not None
        who = ev["actor"]
        frm = ev.get("target", who)
        if "pai" in ev:
            tile = pai_to_tile(ev["pai"])
        elif who == frm:
            if not h["last_draw"] or h["last_draw"][0] != who:
                raise self.fail(f"seat {who} wins by tsumo without a draw", no)
            tile = h["last_draw"][1]
        else:
            if not h["last_out"] or h["last_out"][0] != frm:
                raise self.fail(f"seat {who} rons seat {frm}, who let no tile go", no)
            tile = h["last_out"][1]
        deltas = ev.get("deltas")
        scores = ev.get("scores")
        # akochan writes ``uradora_marker`` (share/make_move.cpp ``make_hora``)
        ura = ev.get("ura_markers", ev.get("uradora_markers", ev.get("uradora_marker")))
        if ura == []:  # Mortal's word for a winner not in riichi (a riichi win shows at least one)
            ura = None
        hand = None
        if "hora_tehais" in ev:
            hand = tuple(pai_to_tile(p) for p in ev["hora_tehais"])
            if len(hand) % 3 == 1:  # without the winning tile: a ron's, and akochan's tsumo's too
                hand += (tile,)
        yakus = ev.get("yakus", ev.get("yaku"))
        yaku = None
        if isinstance(yakus, list):
            winds = (h["round_wind"], (who - h["dealer"]) % self.n)
            yaku = tuple(
                ClaimedYaku(_yaku_name(y[0], *winds), int(y[1]))
                for y in yakus
                if isinstance(y, (list, tuple)) and len(y) >= 2
            )
            yaku = _dragons_named(yaku, (*(hand or ()), *h["shown"][who]))
        for key in ("fu", "fan", "han", "hora_points"):
            v = ev.get(key)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise self.fail(f"hora {key} {v!r} is not an integer", no)
        fu = ev.get("fu")
        if fu is not None and fu % 10 and fu != 25:  # akochan's fu before rounding up (38 for 40)
            fu = -(-fu // 10) * 10
        pao = ev.get("pao")
        if pao is not None and not self._is_seat(pao):
            raise self.fail(f"hora pao {pao!r} is not a seat", no)
        claimed = ClaimedWin(
            fu=fu,
            han=ev.get("fan", ev.get("han")),
            points=ev.get("hora_points"),
            yaku=yaku,
            ura_indicators=tuple(pai_to_tile(p) for p in ura) if ura is not None else None,
            hand=hand,
            honba=h["honba"],
            deltas=tuple(int(x) for x in deltas[: self.n]) if deltas else None,
            scores_before=tuple(int(s) - int(d) for s, d in zip(scores, deltas, strict=False))[: self.n]
            if scores and deltas
            else None,
            pao_seat=pao,
            pao_stated="pao" in ev,
        )
        return Win(who, frm, tile, claimed)

    def _ryukyoku(self, ev: dict[str, Any], no: int) -> Ryuukyoku:
        h = self.hand
        assert h is not None
        n = self.n
        deltas = ev.get("deltas")
        deltas_t = tuple(int(x) for x in seats(deltas, "score changes")[:n]) if deltas else None
        reason = ev.get("reason")
        tenpai: tuple[int, ...] | None = None
        shown = None
        if isinstance(ev.get("tenpais"), list):
            tenpai = tuple(s for s, t in enumerate(ev["tenpais"][:n]) if t)
        if isinstance(ev.get("tehais"), list):
            shown = tuple(
                tuple(pai_to_tile(p) for p in th) if th and "?" not in th else None for th in ev["tehais"][:n]
            )
        if reason is not None and not isinstance(reason, str):
            raise self.fail(f"ryukyoku reason {reason!r} is not a word", no)
        if reason is not None and _reason_key(reason) in _REASONS:
            kind = _REASONS[_reason_key(reason)]
        else:  # no reason, or a word no producer we know uses: the hand tells which draw it was
            if reason is not None:
                self.issues.append(
                    RecordIssue(
                        Note.DRAW_KIND_INFERRED,
                        f"line {no}: ryukyoku reason {reason[:40]!r} is not one we know; "
                        "the kind is inferred from the hand",
                        len(self.events),
                    )
                )
            kind, guessed_tenpai = self._guess_draw(deltas_t)
            if tenpai is None:
                tenpai = guessed_tenpai
        return Ryuukyoku(kind, tenpai=tenpai, deltas=deltas_t, honba=h["honba"], shown=shown)

    def _guess_draw(self, deltas: tuple[int, ...] | None) -> tuple[RyuukyokuKind, tuple[int, ...] | None]:
        """Which draw a reason-less ``ryukyoku`` was, from how the hand went."""
        h = self.hand
        assert h is not None
        n = self.n
        hand_events = self.events[h["start"] + 1 :]
        last = hand_events[-1] if hand_events else None
        wall = 70 if n == 4 else 55
        kind = RyuukyokuKind.EXHAUSTIVE
        tenpai: tuple[int, ...] | None = None
        if h["draws"] >= wall and deltas is not None and max(deltas, default=0) >= _NAGASHI_LEAST:
            # more than any noten payment gives a seat: a nagashi mangan's payments
            kind = RyuukyokuKind.NAGASHI_MANGAN
        elif h["draws"] >= wall:
            kind = RyuukyokuKind.EXHAUSTIVE
        elif isinstance(last, Draw):
            kind, tenpai = RyuukyokuKind.NINE_TERMINALS, (last.seat,)
        elif h["accepted"] == 4 and n == 4:
            kind = RyuukyokuKind.FOUR_RIICHI
        elif (
            len(h["discards"]) == n
            and h["calls"] == 0
            and h["kans"] == 0
            and len({t >> 2 for _, t in h["discards"]}) == 1
            and h["discards"][0][1] >> 2 in range(27, 31)
        ):
            kind = RyuukyokuKind.FOUR_WINDS
        elif h["kans"] >= 4:
            kind = RyuukyokuKind.FOUR_KANS
        elif isinstance(last, Discard) and not any(deltas or ()):
            kind = RyuukyokuKind.TRIPLE_RON
        else:
            self.issues.append(
                RecordIssue(
                    Code.DRAW_KIND_GUESSED,
                    f"hand {self.hand_label}: ryukyoku after {h['draws']} draws names no reason; read as exhaustive",
                    len(self.events),
                )
            )
        if kind == RyuukyokuKind.EXHAUSTIVE and deltas is not None and any(deltas):
            tenpai = tuple(s for s in range(n) if deltas[s] > 0)
        if kind != RyuukyokuKind.EXHAUSTIVE:
            self.issues.append(
                RecordIssue(
                    Note.DRAW_KIND_INFERRED,
                    f"hand {self.hand_label}: ryukyoku without reason read as {kind.value}",
                    len(self.events),
                )
            )
        return kind, tenpai
