"""Who pays whom: per-seat score deltas for wins and draws, as pure functions.

Every function returns a list of ``rules.num_players`` deltas in points that sums to
the sticks a winner takes (riichi sticks are the only money that was not in a
player's score). Riichi stick *collection* is the caller's business; it passes the
sticks a winner takes as ``sticks``.

Liability (pao), as Tenhou records it (``AGARI paoWho``): on a tsumo the liable seat
pays the whole liable yakuman (a ron-sized payment) and the honba; on a ron the
liable yakuman is split per ``rules.pao_ron_split`` and the honba go per
``rules.pao_honba``. When a hand holds several yakuman only the liable ones are
shifted and the rest is paid as usual, except on a tsumo where ``rules.pao_tsumo``
is "whole" (Tenhou): the liable seat then pays every yakuman of the win.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from paifu.events import CallKind, Meld
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.scoring.values import Valuation, ceil100, shares
from paifu.tiles import DRAGON_KINDS, WIND_KINDS
from paifu.yaku import Yaku

STICK = 1000

#: pao rule name -> (yaku name, tile kinds of its sets, sets needed); the names read from the enum
#: once (an enum member's ``value`` is a Python-level property)
_PAO_SETS: Final[dict[str, tuple[str, tuple[int, ...], int]]] = {
    "daisangen": (Yaku.DAISANGEN.value, DRAGON_KINDS, 3),
    "daisuushii": (Yaku.DAISUUSHII.value, WIND_KINDS, 4),
}
_SUUKANTSU: Final = Yaku.SUUKANTSU.value


def pao_multiple(val: Valuation, rules: Ruleset) -> int:
    """How many yakuman of ``val`` are of a kind the ruleset makes someone liable for."""
    names = {_PAO_SETS[p][0] if p in _PAO_SETS else _SUUKANTSU for p in rules.pao}
    return sum(h // 13 for n, h in val.yaku if n in names)


def liable_seat(melds: Sequence[Meld], winner: int, rules: Ruleset, val: Valuation) -> int | None:
    """The seat liable for a pao yakuman of this win, from the melds in call order.

    Liable is whoever supplied the meld that completed the third dragon set
    (daisangen), the fourth wind set (daisuushii) or the fourth kan, by daiminkan
    (suukantsu). A set completed from the own hand makes nobody liable.
    """
    present = {n for n, _ in val.yaku}
    for rule in sorted(rules.pao):
        if rule == "suukantsu":
            if _SUUKANTSU not in present:
                continue
            kans = [m for m in melds if m.kind in (CallKind.DAIMINKAN, CallKind.ANKAN, CallKind.KAKAN)]
            if len(kans) == 4 and kans[-1].kind is CallKind.DAIMINKAN and kans[-1].from_seat != winner:
                return kans[-1].from_seat
            continue
        name, kinds, need = _PAO_SETS[rule]
        if name not in present:
            continue
        sets = [m for m in melds if m.kind is not CallKind.CHI and m.tiles[0] >> 2 in kinds]
        if len(sets) == need and sets[-1].from_seat is not None and sets[-1].from_seat != winner:
            return sets[-1].from_seat
    return None


def _zeros(rules: Ruleset) -> list[int]:
    return [0] * rules.num_players


def _yakuman_ron_value(multiple: int, is_dealer: bool) -> int:
    return ceil100((6 if is_dealer else 4) * 8000 * multiple)


def ron_deltas(
    winner: int,
    discarder: int,
    val: Valuation,
    *,
    honba: int,
    sticks: int,
    rules: Ruleset,
    take_bonus: bool = True,
    pao_seat: int | None = None,
) -> list[int]:
    """A ron. ``take_bonus``: this winner gets the honba and sticks (on a multiple ron only
    the winner nearest the discarder does when ``rules.multi_ron_bonus == "nearest"``)."""
    d = _zeros(rules)
    value = val.ron_points
    honba_pts = rules.honba_value * honba if take_bonus else 0
    stick_pts = STICK * sticks if take_bonus else 0
    liable = pao_multiple(val, rules) if pao_seat is not None and pao_seat not in (winner, discarder) else 0
    if liable:
        part = min(value, _yakuman_ron_value(liable, val.is_dealer))
        flags = flags_of(rules)
        liable_pays = ceil100(part // 2) if flags.pao_ron_half else part
        assert pao_seat is not None
        d[pao_seat] -= liable_pays
        d[discarder] -= value - liable_pays
        d[pao_seat if flags.pao_honba_liable else discarder] -= honba_pts
    else:
        d[discarder] -= value + honba_pts
    d[winner] += value + honba_pts + stick_pts
    return d


def _tsumo_payments(
    winner: int, dealer: int, dealer_share: int, other_share: int, n: int, is_dealer: bool
) -> list[int]:
    d = [0] * n
    for seat in range(n):
        if seat == winner:
            continue
        pay = other_share if is_dealer or seat != dealer else dealer_share
        d[seat] -= pay
        d[winner] += pay
    return d


def tsumo_deltas(
    winner: int,
    dealer: int,
    val: Valuation,
    *,
    honba: int,
    sticks: int,
    rules: Ruleset,
    pao_seat: int | None = None,
) -> list[int]:
    """A tsumo. Each payer adds ``honba_value / (n - 1)`` per honba (100 on a 4-player table
    with 300 per honba). 3-player tsumo loss/split is already in the valuation's shares."""
    n = rules.num_players
    per_payer_honba = rules.honba_value * honba // (n - 1)
    liable = pao_multiple(val, rules) if pao_seat is not None and pao_seat != winner else 0
    if liable:
        assert pao_seat is not None
        liable = (
            val.yakuman_multiple if flags_of(rules).pao_tsumo_whole else min(liable, val.yakuman_multiple)
        )
        part = _yakuman_ron_value(liable, val.is_dealer)
        rest = val.yakuman_multiple - liable
        _, rd, ro = shares(8000 * rest, rules, val.is_dealer) if rest else (0, 0, 0)
        d = _tsumo_payments(winner, dealer, rd, ro, n, val.is_dealer)
        honba_pts = per_payer_honba * (n - 1)
        d[pao_seat] -= part + honba_pts
        d[winner] += part + honba_pts
    else:
        d = _tsumo_payments(
            winner,
            dealer,
            val.tsumo_dealer_pays + per_payer_honba,
            val.tsumo_nondealer_pays + per_payer_honba,
            n,
            val.is_dealer,
        )
    d[winner] += STICK * sticks
    return d


def feeder_pays_all(deltas: Sequence[int], winner: int, feeder: int) -> list[int]:
    """A rinshan tsumo after an open kan where the feeder is liable (002): the feeder pays what
    every payer would have paid (honba included); the winner's gain is unchanged."""
    d = [0] * len(deltas)
    d[winner] = deltas[winner]
    d[feeder] = sum(x for i, x in enumerate(deltas) if i != winner and x < 0)
    return d


def wareme_deltas(deltas: Sequence[int], winner: int, wareme: int) -> list[int]:
    """A win's payments with wareme: every payer pays double when the wareme seat wins, else the
    wareme seat alone pays double when it pays (the winner takes the extra)."""
    out = list(deltas)
    for seat, d in enumerate(deltas):
        if d < 0 and (winner == wareme or seat == wareme):
            out[seat] += d
            out[winner] -= d
    return out


def noten_deltas(tenpai: Collection[int], rules: Ruleset) -> list[int]:
    """Exhaustive draw: the noten seats share ``rules.noten_payment`` paid to the tenpai seats
    (1 tenpai of 4: +3000 from three at 1000), or each tenpai seat is paid it (``noten_split``
    "per-tenpai": 2 tenpai of 3 at 2,000: +2000 each, 4,000 from the noten seat). All or nobody
    tenpai: nothing moves."""
    n = rules.num_players
    d = [0] * n
    tp = set(tenpai)
    if not tp or len(tp) == n or not rules.noten_payment:
        return d
    total = rules.noten_payment
    if flags_of(rules).noten_per_tenpai:
        total *= len(tp)
    for seat in range(n):
        d[seat] = total // len(tp) if seat in tp else -(total // (n - len(tp)))
    return d


def nagashi_deltas(seats: Collection[int], dealer: int, rules: Ruleset, honba: int = 0) -> list[int]:
    """Nagashi mangan: each qualifying seat is paid a mangan tsumo (Tenhou pays no honba on it;
    pass ``honba`` for rules that do). Several seats: the payments add up."""
    n = rules.num_players
    d = [0] * n
    per_payer_honba = rules.honba_value * honba // (n - 1)
    for seat in seats:
        _, dealer_share, other_share = shares(2000, rules, seat == dealer)
        part = _tsumo_payments(
            seat, dealer, dealer_share + per_payer_honba, other_share + per_payer_honba, n, seat == dealer
        )
        d = [a + b for a, b in zip(d, part, strict=True)]
    return d


def abortive_deltas(rules: Ruleset) -> list[int]:
    """An abortive draw moves no points (sticks stay on the table)."""
    return _zeros(rules)
