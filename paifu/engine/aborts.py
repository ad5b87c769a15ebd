"""Drawn hands: the exhaustive draw (tenpai, noten payments, nagashi mangan) and abortive draws
(nine terminals, four winds, four riichi, four kans, three rons), each only where its condition
holds under the ruleset.
"""

from __future__ import annotations

from paifu.board import ends as board
from paifu.engine import riichi
from paifu.engine.game import Game
from paifu.engine.legality import is_tenpai, live_waits
from paifu.engine.outcomes import check_draw, outside_hand
from paifu.engine.wins import value
from paifu.events import Ryuukyoku, RyuukyokuKind, Win
from paifu.findings import Code
from paifu.scoring import payments


def on_ryuukyoku(r: Game, ev: Ryuukyoku) -> None:
    """A drawn hand: ``check_draw`` (is it right: the wall, the tenpai seats, nagashi mangan, the
    abortive draw's switch and condition), then the board puts down a last riichi stick or lets
    the last discard pass, the payments are compared, and the hand ends."""
    st = r.state
    kind = ev.kind
    exhaustive = kind == RyuukyokuKind.EXHAUSTIVE or kind == RyuukyokuKind.NAGASHI_MANGAN
    flags = r.flags
    n = r.n
    ours: tuple[int, ...] = ()
    if not outside_hand(st) and exhaustive:
        tenpai = tuple(_draw_tenpai(r, s) for s in range(n))
        ours = tuple(s for s in range(n) if tenpai[s])
    claimed = ev.tenpai if kind == RyuukyokuKind.EXHAUSTIVE else None
    check = check_draw(st, kind, flags, ours, claimed, r.rules.name)
    if not r.report(check.faults):
        return
    assert st is not None and r.hand is not None
    if exhaustive:
        counted = check.tenpai
        r.hand.tenpai = tuple(s in counted for s in range(n))
        # where nagashi mangan is a rule, a qualifying seat is paid it (not the noten payments);
        # where it is not, the draw is an ordinary one whatever the record calls it
        if check.nagashi:
            computed = tuple(payments.nagashi_deltas(check.nagashi, st.dealer, r.rules))
        else:
            computed = tuple(payments.noten_deltas(counted, r.rules))
        r.hand.draws_checked = True
    else:
        computed = tuple([0] * n)
    if kind == RyuukyokuKind.FOUR_RIICHI and st.riichi_pending is not None:
        riichi.accept(r, st.riichi_pending, None)  # the fourth stick goes down
    board.draw_game(st, kind)
    deltas = tuple(ev.deltas[:n]) if ev.deltas is not None else computed
    if deltas != computed:
        r.find(
            Code.SCORE_DELTA_MISMATCH,
            "the draw's score changes differ from the replay",
            expected=computed,
            actual=deltas,
        )
        r.drift(computed, deltas)
    board.hand_drawn(st, deltas)
    r.hand.ryuukyoku = kind
    r.hand.complete = True


def _draw_tenpai(r: Game, seat: int) -> bool:
    """Tenpai at an exhaustive draw; without keishiki tenpai an open hand needs a yaku on some wait
    (a closed hand always has menzen tsumo). Situational yaku (houtei, haitei) do not count."""
    st = r.state
    assert st is not None
    if not is_tenpai(r.flags, st, seat):
        return False
    if r.flags.keishiki_tenpai or r.scorer is None or st.seats[seat].closed:
        return True
    src = (seat + 1) % r.n
    return any(
        value(r, Win(seat=seat, from_seat=src, tile=k * 4 + 3), k * 4 + 3, situational=False).ok
        for k in live_waits(st.seats[seat], r.sanma)
    )
