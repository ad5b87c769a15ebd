"""A hand's yaku and value plan, kept in view by the discard review: a discard that serves the plan
better than the discard keeping the most improving tiles is not called a mistake for a few tiles.

Plans, each one a player can check on the table (``docs/viewer.md``):

- ``flush`` in a suit (honitsu, chinitsu): the hand's tiles of that suit and honours only;
- ``tanyao``: simples only;
- ``yakuhai`` of a kind: keep that honour;
- ``dora``: keep a dora or a red five.

A plan is the hand's when the hand went on to win with that yaku (its winning hand names the
suit), or, for flush and tanyao, when every call made so far fits it (an open hand needs a yaku,
and its calls show which), a flush when ``FLUSH_TILES`` of the hand's tiles fit it too. The flush and tanyao plans are measured by the plan's own shanten and
improving tiles: the hand's shanten when only the plan's tiles can be used (the others are
useless, as the plan will discard them), by our calculator (``paifu.shanten``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paifu.shanten import Shape
from paifu.view.model import kind_of

FLUSH, TANYAO, YAKUHAI, DORA = "flush", "tanyao", "yakuhai", "dora"
SIMPLES = frozenset(k for k in range(27) if k % 9 not in (0, 8))
#: the winning yaku that name a plan, and the honour each value yaku keeps
_FLUSH_YAKU = ("honitsu", "chinitsu")
_HONOUR_YAKU = {
    "yakuhai-haku": 31,
    "yakuhai-hatsu": 32,
    "yakuhai-chun": 33,
    **{f"jikaze-{w}": 27 + i for i, w in enumerate(("east", "south", "west", "north"))},
    **{f"bakaze-{w}": 27 + i for i, w in enumerate(("east", "south", "west", "north"))},
}


@dataclass(frozen=True, slots=True)
class Plan:
    """One plan: its kind, and its suit (flush: 0 m, 1 p, 2 s) or kind to keep (yakuhai)."""

    kind: str
    which: int = -1
    won: bool = False  # the hand won with it (else: its calls show it)

    def allows(self, kind: int) -> bool:
        """Whether a tile of ``kind`` serves the plan (flush, tanyao)."""
        if self.kind == FLUSH:
            return kind >= 27 or kind // 9 == self.which
        if self.kind == TANYAO:
            return kind in SIMPLES
        return True


#: a flush is an open hand's plan from its calls when they all fit it and so do this many of its
#: 14 tiles (its concealed tiles and its melds'): most of the hand in one suit and honours already
FLUSH_TILES = 10


def plans_of(
    melds: Sequence[Sequence[str]],
    open_hand: bool,
    won_yaku: Sequence[str],
    won_tiles: Sequence[str],
    held: Sequence[str] = (),
) -> list[Plan]:
    """The plans of one seat's hand: from the yaku it won with (``won_yaku``, ``won_tiles`` its
    whole winning hand), and from its calls (``melds``: each meld's tiles, ``open_hand``: any call;
    ``held``: its concealed tiles)."""
    out: list[Plan] = []
    suits = {kind_of(t) // 9 for t in won_tiles if kind_of(t) < 27}
    if any(y in _FLUSH_YAKU for y in won_yaku) and len(suits) == 1:
        out.append(Plan(FLUSH, suits.pop(), True))
    if "tanyao" in won_yaku:
        out.append(Plan(TANYAO, won=True))
    for y in won_yaku:
        if y in _HONOUR_YAKU:
            out.append(Plan(YAKUHAI, _HONOUR_YAKU[y], True))
    if open_hand and melds:
        kinds = [kind_of(t) for m in melds for t in m]
        numbered = {k // 9 for k in kinds if k < 27}
        if len(numbered) == 1 and not any(p.kind == FLUSH for p in out):
            suit = numbered.pop()
            fits = sum(
                1
                for t in (*held, *(t for m in melds for t in m))
                if kind_of(t) >= 27 or kind_of(t) // 9 == suit
            )
            if fits >= FLUSH_TILES:
                out.append(Plan(FLUSH, suit))
        if all(k in SIMPLES for k in kinds) and not any(p.kind == TANYAO for p in out):
            out.append(Plan(TANYAO))
    return out


def plan_measure(
    counts: Sequence[int], plan: Plan, visible: Sequence[int], closed: bool, sanma: bool
) -> tuple[int, int]:
    """(shanten, unseen tiles that lower it) of a hand waiting for a tile, using only the plan's
    tiles; the hand's size (how many sets it still needs) stays the whole hand's."""
    size = sum(counts)
    kept = [c if plan.allows(k) else 0 for k, c in enumerate(counts)]
    shape = Shape(kept, closed, sanma)
    shape.n = size  # the others are useless tiles, not missing ones
    base = shape.shanten()
    tiles = sum(
        max(4 - visible[k], 0)
        for k in range(34)
        if plan.allows(k) and counts[k] < 4 and not (sanma and 1 <= k <= 7) and shape.shanten(k, 1) < base
    )
    return base, tiles


def serves_better(
    counts: Sequence[int], made: int, best: int, plan: Plan, visible: Sequence[int], closed: bool, sanma: bool
) -> bool:
    """Whether discarding kind ``made`` serves ``plan`` better than discarding ``best`` (from a hand
    of ``counts``, a tile more than it waits with): a flush or tanyao by the plan's shanten, then
    its improving kinds; yakuhai and dora by keeping the tile that ``best`` throws."""
    if plan.kind in (YAKUHAI, DORA):
        return best == plan.which and made != plan.which
    after = []
    for k in (made, best):
        less = list(counts)
        less[k] -= 1
        after.append(plan_measure(less, plan, visible, closed, sanma))
    (sh_made, up_made), (sh_best, up_best) = after
    return sh_made < sh_best or (sh_made == sh_best and up_made > up_best)
