"""Shanten and ukeire by our own calculator, fast enough for the discard review of a whole game.

A hand of ``3k+1`` or ``3k+2`` concealed tiles (``k`` blocks still to make) is ``d - 1`` from
tenpai, where ``d`` is the fewest tiles a complete hand (``k`` blocks and a pair, no kind more
than four times) has that the hand lacks. Each suit, and the honours, is solved apart for the most
tiles its blocks can cover (``_suit``, ``_honours``: cached by the group's counts, which repeat
all game long); the groups are then joined. A ``Shape`` keeps the four groups of one hand, so
adding or removing one tile re-solves one group only: the review's thousands of one-tile changes
cost a few lookups each. Seven pairs and thirteen orphans count for a closed hand of 13 or 14.
``tests/test_shanten.py`` checks every value against the ``mahjong`` package.
"""

from __future__ import annotations

from functools import lru_cache

from paifu.tiles import YAOCHU_KINDS

NEG = -(10**6)  # "no way": fewer blocks than asked cannot be placed
Table = tuple[tuple[int, ...], tuple[int, ...]]  # [pair used 0/1][blocks 0..4]: most tiles covered
_EMPTY: Table = ((0,) * 5, (0,) * 5)


def _closure(best: list[list[int]]) -> Table:
    """At most ``a`` blocks (a block that covers nothing can always go elsewhere, as 0)."""
    out = []
    for row in best:
        run, acc = [], 0
        for v in row:
            acc = max(acc, v)
            run.append(acc)
        out.append(tuple(run))
    return out[0], out[1]


@lru_cache(maxsize=65_536)
def _suit(counts: tuple[int, ...]) -> Table:
    """``_solved`` of the suit read from whichever end comes first, its empty kinds past two from
    its tiles dropped: a suit's table depends on its shape (runs read the same both ways) and on
    how near the suit's ends it lies, up to two kinds (as far as a run reaches), so one shape is
    solved once wherever it lies (``tests/test_shanten.py`` checks it on random suits)."""
    lo, hi = 0, len(counts)
    while lo < hi and not counts[lo]:
        lo += 1
    while hi > lo and not counts[hi - 1]:
        hi -= 1
    if lo == hi:
        return _EMPTY
    left, right = min(lo, 2), min(9 - hi, 2)
    core = counts[lo - left : hi + right]
    fill = (0,) * (9 - len(core))
    shape = fill + core if left == 2 and right < 2 else core + fill  # the free end takes the rest
    return _solved(min(shape, shape[::-1]))


@lru_cache(maxsize=65_536)
def _solved(counts: tuple[int, ...]) -> Table:
    """Most tiles of one suit (9 counts) covered by ``a`` runs/triplets and ``h`` pairs of it: the
    parts two or more empty kinds apart share no block (a run spans three kinds, and four blocks
    at most pass an empty kind), so each is solved apart, with the two kinds either side that
    its runs may use."""
    table: Table | None = None
    i = 0
    while i < 9:
        if not counts[i]:
            i += 1
            continue
        j = i
        while j + 1 < 9 and (counts[j + 1] or (j + 2 < 9 and counts[j + 2])):
            j += 1 if counts[j + 1] else 2
        lo, hi = max(0, i - 2), min(8, j + 2)
        part = _part(counts[lo : hi + 1])
        table = part if table is None else _join(table, part)
        i = j + 1
    return table if table is not None else _EMPTY


@lru_cache(maxsize=65_536)
def _part(counts: tuple[int, ...]) -> Table:
    """``_suit`` for a run of kinds (the suit's edge, or empty kinds, at both ends)."""
    code = 0
    for c in reversed(counts):
        code = code * 5 + c
    exact = _rest(code, len(counts), 0, 0)
    return _closure([list(exact[0]), list(exact[1])])


_NONE: Table = ((NEG,) * 5, (NEG,) * 5)
_ZERO: Table = ((0,) + (NEG,) * 4, (NEG,) * 5)
_RESTS: dict[int, Table] = {}  # _rest's answers by their arguments in one number
_MOST_RESTS = 262_144  # then it starts again: a bound on memory over any number of games


def _rest(code: int, size: int, one: int, two: int) -> Table:
    """Most tiles covered by exactly ``a`` blocks and ``h`` pairs on ``size`` kinds (their counts the
    base-5 digits of ``code``, the first kind lowest), when ``one`` runs begun one kind back and
    ``two`` begun two kinds back still take a tile of the first kind (and the ``one`` runs one of the
    second). Suffixes repeat from hand to hand: each is solved once (kept by one number, not a tuple
    to hash and slice at every step). A cell no arrangement fills stays below zero (``NEG`` plus
    the few tiles added on the way): ``_closure`` reads it as 0, so no cell is checked for ``NEG``."""
    key = ((code * 16 + size) * 5 + one) * 5 + two
    known = _RESTS.get(key)
    if known is not None:
        return known
    if not size:
        return _ZERO if not one and not two else _NONE
    if one and size < 2:
        return _NONE
    held = code % 5
    rest = code // 5
    need = one + two
    # a new run must cover one of the next three kinds' tiles (one covering none goes elsewhere)
    room = held + rest % 5 + rest // 5 % 5 if size >= 3 else 0
    n0 = [NEG, NEG, NEG, NEG, NEG]  # the cells without the pair
    n1 = [NEG, NEG, NEG, NEG, NEG]  # and with it
    top = 1 if held else 0
    for t in range(top + 1):
        for p in range(top + 1):
            base = need + 3 * t + 2 * p
            if base > 4:
                continue
            runs = 4 - base if 4 - base < room else room
            for s in range(runs + 1):
                here = held if held < base + s else base + s
                w0, w1 = _rest(rest, size - 1, s, one)
                b = t + s
                if p:
                    for a in range(5 - b):
                        v = w0[a] + here
                        if v > n1[a + b]:
                            n1[a + b] = v
                else:
                    for a in range(5 - b):
                        v = w0[a] + here
                        if v > n0[a + b]:
                            n0[a + b] = v
                        v = w1[a] + here
                        if v > n1[a + b]:
                            n1[a + b] = v
    out = (n0[0], n0[1], n0[2], n0[3], n0[4]), (n1[0], n1[1], n1[2], n1[3], n1[4])
    if len(_RESTS) >= _MOST_RESTS:
        _RESTS.clear()
    _RESTS[key] = out
    return out


@lru_cache(maxsize=65_536)
def _honours(counts: tuple[int, ...]) -> Table:
    """The same for kinds that make no runs (honours; 1m and 9m with three players)."""
    best = [[0] + [NEG] * 4, [NEG] * 5]
    for held in counts:
        if not held:
            continue
        new = [row[:] for row in best]
        for h in (0, 1):
            for a in range(5):
                if best[h][a] == NEG:
                    continue
                if a < 4:  # a triplet
                    new[h][a + 1] = max(new[h][a + 1], best[h][a] + min(held, 3))
                if not h:  # the pair
                    new[1][a] = max(new[1][a], best[h][a] + min(held, 2))
        best = new
    return _closure(best)


@lru_cache(maxsize=65_536)
def _join(x: Table, y: Table) -> Table:
    best = [[NEG] * 5, [NEG] * 5]
    for h1 in (0, 1):
        for h2 in (0, 1 - h1):
            rx, ry, out = x[h1], y[h2], best[h1 + h2]
            for a1 in range(5):
                v1 = rx[a1]
                if v1 == NEG:
                    continue
                for a2 in range(5 - a1):
                    v = v1 + ry[a2]
                    if v > out[a1 + a2]:
                        out[a1 + a2] = v
    return tuple(best[0]), tuple(best[1])  # already "at most": both tables are


def _final(x: Table, y: Table, k: int) -> int:
    """Most tiles covered by ``k`` blocks and a pair, joining two tables."""
    top = 0
    for h1 in (0, 1):
        rx, ry = x[h1], y[1 - h1]
        for a1 in range(k + 1):
            v = rx[a1] + ry[k - a1]
            if v > top:
                top = v
    return top


GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


class Shape:
    """One hand's groups, solved once, for the shanten of it and of it with one tile more or less."""

    __slots__ = (
        "counts",
        "closed",
        "sanma",
        "n",
        "parts",
        "tables",
        "others",
        "pairs",
        "kinds",
        "orphans",
        "orphan_pair",
    )

    def __init__(self, counts: list[int] | tuple[int, ...], closed: bool, sanma: bool = False) -> None:
        self.counts = list(counts)
        self.closed = closed
        self.sanma = sanma
        self.n = sum(self.counts)
        self.parts = [tuple(self.counts[lo:hi]) for lo, hi in GROUPS]
        self.tables = [self._table(g, part) for g, part in enumerate(self.parts)]
        t = self.tables
        self.others = [
            _join(_join(t[1], t[2]), t[3]),
            _join(_join(t[0], t[2]), t[3]),
            _join(_join(t[0], t[1]), t[3]),
            _join(_join(t[0], t[1]), t[2]),
        ]
        self.pairs = sum(1 for c in self.counts if c >= 2)
        self.kinds = sum(1 for c in self.counts if c)
        self.orphans = sum(1 for k in YAOCHU_KINDS if self.counts[k])
        self.orphan_pair = sum(1 for k in YAOCHU_KINDS if self.counts[k] >= 2)

    def _table(self, g: int, part: tuple[int, ...]) -> Table:
        if g == 3:
            return _honours(part)
        if g == 0 and self.sanma:  # 2m-8m are not in the game: 1m and 9m make no runs
            return _honours((part[0], part[8]))
        return _suit(part)

    def shanten(self, kind: int = -1, delta: int = 0, regular: int | None = None) -> int:
        """Shanten of the hand, or of it with ``delta`` (+1/-1) tiles of ``kind`` (``regular``: its
        regular-hand shanten, when known)."""
        counts = self.counts
        n = self.n + delta
        k = n // 3
        if regular is not None:
            covered = 3 * k + 1 - regular
        elif kind < 0:
            covered = _final(self.tables[0], self.others[0], k)
        else:
            g = 3 if kind >= 27 else kind // 9
            part = self.parts[g]
            i = kind - GROUPS[g][0]
            changed = part[:i] + (part[i] + delta,) + part[i + 1 :]
            covered = _final(self._table(g, changed), self.others[g], k)
        best = 3 * k + 1 - covered
        if self.closed and n >= 13:
            pairs, kinds, orphans, opair = self.pairs, self.kinds, self.orphans, self.orphan_pair
            if kind >= 0:
                before, after = counts[kind], counts[kind] + delta
                pairs += (after >= 2) - (before >= 2)
                kinds += (after >= 1) - (before >= 1)
                if kind in YAOCHU_KINDS:
                    orphans += (after >= 1) - (before >= 1)
                    opair += (after >= 2) - (before >= 2)
            best = min(best, _special(pairs, kinds, orphans, opair))
        return best

    def special(self) -> int:
        """The shanten of the hand as seven pairs or thirteen orphans (whether it may be either or not)."""
        return _special(self.pairs, self.kinds, self.orphans, self.orphan_pair)


def _special(pairs: int, kinds: int, orphans: int, opair: int) -> int:
    seven = -1 if pairs == 7 else 6 - pairs + max(0, 7 - kinds)
    return min(seven, 13 - orphans - (1 if opair else 0))


_SUIT, _HONOURS, _SANMA_MAN = 0, 1, 2  # how a group makes blocks: runs, triplets only, 1m/9m only


def _group_table(how: int, part: tuple[int, ...]) -> Table:
    if how == _SUIT:
        return _suit(part)
    if how == _HONOURS:
        return _honours(part)
    return _honours((part[0], part[8]))


@lru_cache(maxsize=65_536)
def _raises(how: int, part: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each kind of a group (by index in it) that can take one more tile, the cells (bit
    ``5h + a``) of the group's table that tile raises: it lowers the regular shanten exactly when
    one of them is tight (a join that reaches the hand's best), as one more tile raises a cell by
    one at most. Groups repeat from hand to hand far more than whole hands do."""
    table = _group_table(how, part)
    out = []
    for i in (0, 8) if how == _SANMA_MAN else range(len(part)):
        if part[i] >= 4:
            continue
        more = _group_table(how, part[:i] + (part[i] + 1,) + part[i + 1 :])
        cells = 0
        for h in (0, 1):
            for a, (x, y) in enumerate(zip(table[h], more[h], strict=True)):
                if y > x:
                    cells |= 1 << (5 * h + a)
        if cells:
            out.append((i, cells))
    return tuple(out)


@lru_cache(maxsize=65_536)
def improving(counts: tuple[int, ...], closed: bool, sanma: bool) -> tuple[int, tuple[int, ...]]:
    """(shanten, the kinds one more tile of which lowers it) of a hand waiting for a tile (``3k+1``
    tiles); cached, as a tsumogiri leaves the same hand for the next turn's review."""
    shape = Shape(counts, closed, sanma)
    base = shape.shanten()
    n = shape.n
    if n % 3 != 1:  # not a hand waiting for a tile (a broken record's): one kind at a time
        return base, tuple(
            k
            for k in range(34)
            if counts[k] < 4 and not (sanma and 1 <= k <= 7) and shape.shanten(k, 1) < base
        )
    k = n // 3  # as many blocks with one tile more
    covered = _final(shape.tables[0], shape.others[0], k)
    regular = 3 * k + 1 - covered
    lifted: list[int] = []
    for g, (lo, _) in enumerate(GROUPS):
        table, other = shape.tables[g], shape.others[g]
        tight = 0
        for h in (0, 1):
            for a in range(k + 1):
                if table[h][a] + other[1 - h][k - a] == covered:
                    tight |= 1 << (5 * h + a)
        how = _HONOURS if g == 3 else _SANMA_MAN if g == 0 and sanma else _SUIT
        lifted.extend(lo + i for i, cells in _raises(how, shape.parts[g]) if cells & tight)
    low = set(lifted) if regular == base else set()
    if closed and n + 1 >= 13:  # one more tile as seven pairs or thirteen orphans: by kind of change
        for held in (0, 1):
            for orphan in (False, True):
                new = _special(
                    shape.pairs + held,
                    shape.kinds + (held == 0),
                    shape.orphans + (orphan and held == 0),
                    shape.orphan_pair + (orphan and held == 1),
                )
                if new < base:
                    low.update(
                        kind
                        for kind in range(34)
                        if counts[kind] == held
                        and (kind in YAOCHU_KINDS) == orphan
                        and not (sanma and 1 <= kind <= 7)
                    )
    return base, tuple(sorted(low))


def shanten(counts: list[int] | tuple[int, ...], closed: bool = True, sanma: bool = False) -> int:
    """Shanten (-1 complete, 0 tenpai) of 34 kind counts; seven pairs and thirteen orphans count
    only where ``closed`` (no melds but closed kans) and for 13 or 14 tiles."""
    return Shape(counts, closed, sanma).shanten()
