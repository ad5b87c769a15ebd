"""Defence facts a player can check on the table: who threatens, and which held tiles are safe
against them, by the kinds of safety players name (``docs/viewer.md`` defines each).

A seat threatens another when it has declared riichi, made three calls (chi, pon or an open kan;
a closed kan is no call), or is the dealer with any call. Against a seat, a held tile is:

- ``genbutsu`` (現物): that seat cannot ron it: its own discard this hand (furiten), a tile
  discarded by anyone since its riichi (riichi furiten), or one passed since its last discard
  (same-turn furiten), where the table plays those furiten rules;
- ``honour`` (字牌, three seen): an honour of which every copy the player does not hold is in
  sight (three on the table and the one held, say): that seat holds none, so only thirteen
  orphans waits on it;
- ``suji`` (筋): a number tile each two-sided wait on which also waits on a genbutsu (1-4-7,
  2-5-8, 3-6-9: a 4, 5 or 6 needs both sides);
- ``no-chance`` (ノーチャンス, kabe 壁): a number tile each two-sided wait on which needs a tile
  all four of which are in sight (or is shut by suji on its other side).

Suji and no-chance rule out two-sided waits only (a closed, edge, pair or single wait remains);
genbutsu and honours with none left are the tiles ``FULLY_SAFE`` counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

GENBUTSU, HONOUR, SUJI, NO_CHANCE = "genbutsu", "honour", "suji", "no-chance"
#: safety kinds from the safest; a tile takes the first that holds
KINDS = (GENBUTSU, HONOUR, SUJI, NO_CHANCE)
#: the kinds a deal-in is judged by: a tile of these cannot deal in (but to thirteen orphans)
FULLY_SAFE = (GENBUTSU, HONOUR)
RIICHI, CALLS, DEALER = "riichi", "three calls", "dealer's open hand"


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat that threatens at a moment, and why (``RIICHI``, ``CALLS``, ``DEALER``)."""

    seat: int
    why: str


def threats(
    seat: int,
    riichi: Sequence[bool],
    open_melds: Sequence[int],
    dealer: int,
) -> list[Threat]:
    """The seats other than ``seat`` that threaten: riichi, three calls, or the dealer with a call."""
    out = []
    for t in range(len(riichi)):
        if t == seat:
            continue
        if riichi[t]:
            out.append(Threat(t, RIICHI))
        elif open_melds[t] >= 3:
            out.append(Threat(t, CALLS))
        elif t == dealer and open_melds[t] >= 1:
            out.append(Threat(t, DEALER))
    return out


class HandLog:
    """The discards of one hand in order, across seats: what genbutsu needs (the furiten rules look
    at tiles discarded after a seat's riichi or last discard)."""

    __slots__ = ("kinds", "seats", "riichi_at", "last_at", "same_turn", "riichi_furiten")

    def __init__(self, players: int, same_turn: bool = True, riichi_furiten: bool = True) -> None:
        self.kinds: list[int] = []
        self.seats: list[int] = []
        self.riichi_at: list[int | None] = [None] * players  # index of the seat's riichi tile
        self.last_at: list[int | None] = [None] * players
        self.same_turn = same_turn
        self.riichi_furiten = riichi_furiten

    def discard(self, seat: int, kind: int, riichi: bool) -> None:
        if riichi and self.riichi_at[seat] is None:
            self.riichi_at[seat] = len(self.kinds)
        self.last_at[seat] = len(self.kinds)
        self.kinds.append(kind)
        self.seats.append(seat)

    def snapshot(self) -> tuple[int, tuple[int | None, ...], tuple[int | None, ...]]:
        """The log as it stands (``genbutsu`` of a moment past: a deal-in is judged as of its discard)."""
        return len(self.kinds), tuple(self.riichi_at), tuple(self.last_at)

    def genbutsu(
        self, target: int, at: tuple[int, tuple[int | None, ...], tuple[int | None, ...]] | None = None
    ) -> set[int]:
        """The kinds ``target`` cannot ron now (or at ``at``, a ``snapshot``): its own discards, and
        the ones it passed since its riichi or its last discard."""
        size, riichi_at, last_at = at if at is not None else self.snapshot()
        kinds, seats = self.kinds[:size], self.seats[:size]
        out = {k for k, s in zip(kinds, seats, strict=True) if s == target}
        since = []
        r = riichi_at[target]
        if r is not None and self.riichi_furiten:
            since.append(r + 1)
        last = last_at[target]
        if last is not None and self.same_turn:
            since.append(last + 1)
        if since:
            out.update(kinds[min(since) :])
        return out


def _sides(kind: int) -> list[tuple[int, int, int]]:
    """The two-sided waits on a number tile: (the wait's other tile, the shape's two tiles)."""
    if kind >= 27:
        return []
    n = kind % 9  # 0..8 for 1..9
    out = []
    if n <= 5:  # a shape above: n+1, n+2, waiting n and n+3
        out.append((kind + 3, kind + 1, kind + 2))
    if n >= 3:  # a shape below: n-2, n-1, waiting n-3 and n
        out.append((kind - 3, kind - 2, kind - 1))
    return out


def safety(kind: int, genbutsu: set[int], visible: Sequence[int]) -> str | None:
    """The safety kind (``KINDS``) of a tile against one seat, or None: ``genbutsu`` that seat's,
    ``visible`` what the player sees of each kind (its own hand included)."""
    if kind in genbutsu:
        return GENBUTSU
    if kind >= 27:
        return HONOUR if visible[kind] >= 4 else None
    sides = _sides(kind)
    by_suji = [other in genbutsu for other, _, _ in sides]
    by_wall = [visible[a] >= 4 or visible[b] >= 4 for _, a, b in sides]
    if all(by_suji):
        return SUJI
    if all(s or w for s, w in zip(by_suji, by_wall, strict=True)):
        return NO_CHANCE
    return None


def safe_tiles(held: Iterable[int], genbutsu: set[int], visible: Sequence[int]) -> dict[str, list[int]]:
    """The held kinds safe against one seat, by safety kind (each kind once, in order)."""
    out: dict[str, list[int]] = {}
    for k in sorted(set(held)):
        s = safety(k, genbutsu, visible)
        if s is not None:
            out.setdefault(s, []).append(k)
    return out
