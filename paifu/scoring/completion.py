"""What follows a hand's reading (its yaku, fu and fu breakdown as the ``mahjong`` package gives
them): ruleset fu variants, the 3-player North value tile, dora, red fives, ura, pulled Norths,
limits and payers' shares.

Shared by the package path (``valuation``) and the hand-written fast path (``fast``), so that
both turn the same reading into the same ``Valuation``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paifu.events import CallKind
from paifu.rules.flags import flags_of
from paifu.scoring.values import Valuation, WinContext, base_points, shares
from paifu.tiles import FIVE_KINDS, NORTH, dora_from_indicator
from paifu.yaku import Yaku

#: entries that may carry 13+ han without being yakuman (kazoe from dora)
NOT_YAKUMAN = frozenset({Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA, Yaku.KITA})
# names looked up once (an enum member's lookup is slow)
_DORA: Final = Yaku.DORA.value
_URA_DORA: Final = Yaku.URA_DORA.value
_AKA_DORA: Final = Yaku.AKA_DORA.value
_KITA: Final = Yaku.KITA.value
_KITA_YAKUHAI: Final = Yaku.KITA_YAKUHAI.value
_PINFU: Final = Yaku.PINFU.value
_RENHOU: Final = Yaku.RENHOU.value
_RIICHIS: Final = (Yaku.RIICHI.value, Yaku.DOUBLE_RIICHI.value)
_ANKAN: Final = CallKind.ANKAN


def round_fu(details: list[tuple[str, int]]) -> int:
    total = sum(f for _, f in details)
    return 25 if total == 25 else -(-total // 10) * 10


def dora_count(indicators: Sequence[int], kinds: list[int], kita: int, sanma: bool) -> int:
    """Dora from these indicators among the hand's tile ``kinds`` (and the pulled Norths)."""
    n = 0
    for ind in indicators:
        d = dora_from_indicator(ind >> 2, sanma)
        n += kinds.count(d)
        if d == NORTH:
            n += kita
    return n


def red_count(all_tiles: list[int], red_fives: tuple[int, int, int]) -> int:
    """Red fives among the hand's tile ids (``tiles.is_red``: the lowest copies of each five)."""
    n = 0
    for suit in range(3):
        five = FIVE_KINDS[suit] * 4
        for copy in range(min(red_fives[suit], 4)):
            n += all_tiles.count(five + copy)
    return n


def finish(
    ctx: WinContext, yaku: list[tuple[str, int]], fu: int, fu_details: list[tuple[str, int]]
) -> Valuation:
    """Limits and shares from a yaku list (dora entries already in)."""
    rules = ctx.rules
    yakuman = [(n, h) for n, h in yaku if h >= 13 and Yaku(n) not in NOT_YAKUMAN]
    if yakuman:
        multiple = sum(h // 13 for _, h in yakuman)
        if not rules.multiple_yakuman:
            multiple = max(h // 13 for _, h in yakuman)
        han = 13 * multiple
        yaku = yakuman
    else:
        multiple = 0
        han = sum(h for _, h in yaku)
    a, limit = base_points(han, fu, rules, multiple)
    if limit == "yakuman" and not multiple:
        multiple = 1  # counted (kazoe) yakuman
    ron, dealer_pays, other_pays = shares(a, rules, ctx.is_dealer)
    return Valuation(
        ok=True,
        yaku=tuple(yaku),
        han=han,
        fu=fu,
        fu_breakdown=tuple(fu_details),
        limit=limit,
        yakuman_multiple=multiple,
        base_points=a,
        ron_points=ron,
        tsumo_dealer_pays=dealer_pays,
        tsumo_nondealer_pays=other_pays,
        tsumo=ctx.tsumo,
        is_dealer=ctx.is_dealer,
        num_players=rules.num_players,
    )


def complete(
    ctx: WinContext, yaku: list[tuple[str, int]], fu: int, fu_details: list[tuple[str, int]]
) -> Valuation:
    """The ``Valuation`` of a reading: ``yaku`` (name, han) in the package's order, without dora;
    ``fu`` and ``fu_details`` as the package computes them."""
    rules = ctx.rules
    if not any(h >= 13 for _, h in yaku):
        open_hand = any(m.kind is not _ANKAN for m in ctx.melds)
        fu, yaku, fu_details = rule_fu_and_north(ctx, fu, yaku, fu_details, open_hand)
        if not yaku:
            return Valuation(ok=False, error="no-yaku")
        if ctx.open_riichi:  # shown, a riichi is worth a han more (the engine sets it under the rule)
            yaku = [(n, h + 1 if n in _RIICHIS else h) for n, h in yaku]
        all_tiles = list(ctx.concealed)
        for m in ctx.melds:
            all_tiles.extend(m.tiles)
        kinds = [t >> 2 for t in all_tiles]
        sanma = rules.sanma
        dora = dora_count(ctx.dora_indicators, kinds, ctx.kita, sanma)
        if dora:
            yaku.append((_DORA, dora))
        aka = red_count(all_tiles, rules.red_fives)
        if aka:
            yaku.append((_AKA_DORA, aka))
        if (ctx.riichi or ctx.double_riichi) and rules.ura_dora:
            # without kan ura only the indicator under the first dora counts
            ura_shown = ctx.ura_indicators if rules.kan_ura else ctx.ura_indicators[:1]
            ura = dora_count(ura_shown, kinds, ctx.kita, sanma)
            if ura:
                yaku.append((_URA_DORA, ura))
        if ctx.kita and rules.kita:
            yaku.append((_KITA, ctx.kita))
    return finish(ctx, yaku, fu, fu_details)


def rule_fu_and_north(
    ctx: WinContext, fu: int, yaku: list[tuple[str, int]], fu_details: list[tuple[str, int]], open_hand: bool
) -> tuple[int, list[tuple[str, int]], list[tuple[str, int]]]:
    """Ruleset fu variants and the 3-player North value tile, on the chosen decomposition."""
    rules = ctx.rules
    if fu == 25:  # seven pairs: nothing below applies
        return fu, yaku, fu_details
    changed = False
    if rules.double_wind_fu != 4:
        new = [(r, rules.double_wind_fu if r == "double_valued_pair" else f) for r, f in fu_details]
        changed = new != fu_details
        fu_details = new
    if ctx.rinshan and not rules.rinshan_tsumo_fu and any(r == "tsumo" for r, _ in fu_details):
        fu_details = [(r, f) for r, f in fu_details if r != "tsumo"]
        changed = True
    if rules.sanma and rules.kita_yakuhai:
        norths = sum(1 for t in ctx.concealed if t >> 2 == NORTH) + sum(
            1 for m in ctx.melds for t in m.tiles if t >> 2 == NORTH
        )
        if norths >= 3:
            yaku = [*yaku, (_KITA_YAKUHAI, 1)]
        elif norths == 2:  # the pair of a standard hand (seven pairs returned above)
            fu_details = [*fu_details, ("valued_pair", 2)]
            changed = True
            if any(n == _PINFU for n, _ in yaku):
                yaku = [(n, h) for n, h in yaku if n != _PINFU]
                if ctx.tsumo:
                    fu_details.append(("tsumo", 2))
    if changed:
        extra = sum(f for r, f in fu_details if r not in ("base", "hand_without_fu"))
        fu_details = [(r, f) for r, f in fu_details if r != "hand_without_fu"]
        if open_hand and extra == 0:
            fu_details.append(("hand_without_fu", 2))
        fu = round_fu(fu_details)
    return fu, yaku, fu_details


def renhou_at_limit(ctx: WinContext, val: Valuation) -> Valuation:
    """A blessing of man counted as a limit hand that combines with nothing (``Ruleset.renhou``
    mangan or baiman): taken where the hand's own value (``val``, read without it) is less, or where
    the hand has no other yaku."""
    han = 5 if flags_of(ctx.rules).renhou_mangan else 8
    alt = finish(ctx, [(_RENHOU, han)], 0, [])
    if not val.ok or alt.base_points > val.base_points:
        return alt
    return val
