"""The ``mahjong`` package (MIT) behind an adapter: the reference valuation of a win, and the path
``value_win`` takes for what the hand-written fast path leaves (contexts that are no hand or that
break a rule's conditions, and a 3-player hand whose one yaku is North: 1 of the 8,537 the corpus
values).

The package does the decomposition, the yaku tests and the fu of each decomposition, and picks the
most valuable one (as Tenhou does). The adapter translates our ids, melds and rules into the
package's terms, and does itself what the package cannot express per ruleset -- dora, ura, red
fives (any count per suit), pulled Norths, 2-fu double-wind pairs, no tsumo fu on rinshan, North as
a value tile in 3-player, per-kind double yakuman, renhou as a non-combining mangan/baiman, green
dragon required for ryuuiisou, and the limits and payments (kiriage, kazoe, yakuman multiples,
3-player tsumo loss/split). What follows the package's reading is in ``completion``, shared with
the fast path. A module of its own so that a run whose wins all take the fast path never imports
the package (some 80 modules, a tenth of a small record's start-up).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import lru_cache

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_list.yakuman.ryuisou import Ryuuiisou
from mahjong.meld import Meld as PkgMeld

from paifu.events import CallKind, Meld
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.scoring.completion import complete, renhou_at_limit
from paifu.scoring.values import Valuation, WinContext
from paifu.tiles import HATSU, NORTH
from paifu.yaku import Yaku

#: the package's yaku ids -> our names
_PKG_YAKU: dict[int, Yaku] = {
    0: Yaku.MENZEN_TSUMO,
    1: Yaku.RIICHI,
    3: Yaku.IPPATSU,
    4: Yaku.CHANKAN,
    5: Yaku.RINSHAN,
    6: Yaku.HAITEI,
    7: Yaku.HOUTEI,
    8: Yaku.DOUBLE_RIICHI,
    11: Yaku.RENHOU,
    12: Yaku.PINFU,
    13: Yaku.TANYAO,
    14: Yaku.IIPEIKOU,
    15: Yaku.HAKU,
    16: Yaku.HATSU,
    17: Yaku.CHUN,
    18: Yaku.JIKAZE_EAST,
    19: Yaku.JIKAZE_SOUTH,
    20: Yaku.JIKAZE_WEST,
    21: Yaku.JIKAZE_NORTH,
    22: Yaku.BAKAZE_EAST,
    23: Yaku.BAKAZE_SOUTH,
    24: Yaku.BAKAZE_WEST,
    25: Yaku.BAKAZE_NORTH,
    26: Yaku.SANSHOKU,
    27: Yaku.ITTSU,
    28: Yaku.CHANTA,
    29: Yaku.HONROUTOU,
    30: Yaku.TOITOI,
    31: Yaku.SANANKOU,
    32: Yaku.SANKANTSU,
    33: Yaku.SANSHOKU_DOUKOU,
    34: Yaku.CHIITOITSU,
    35: Yaku.SHOUSANGEN,
    36: Yaku.HONITSU,
    37: Yaku.JUNCHAN,
    38: Yaku.RYANPEIKOU,
    39: Yaku.CHINITSU,
    100: Yaku.KOKUSHI,
    101: Yaku.CHUUREN,
    102: Yaku.SUUANKOU,
    103: Yaku.DAISANGEN,
    104: Yaku.SHOUSUUSHII,
    105: Yaku.RYUUIISOU,
    106: Yaku.SUUKANTSU,
    107: Yaku.TSUUIISOU,
    108: Yaku.CHINROUTOU,
    111: Yaku.DAISUUSHII,
    112: Yaku.KOKUSHI_13,
    113: Yaku.SUUANKOU_TANKI,
    114: Yaku.JUNSEI_CHUUREN,
    115: Yaku.TENHOU,
    116: Yaku.CHIIHOU,
    117: Yaku.RENHOU,
}

_PKG_MELD_TYPE = {
    CallKind.CHI: (PkgMeld.CHI, True),
    CallKind.PON: (PkgMeld.PON, True),
    CallKind.DAIMINKAN: (PkgMeld.KAN, True),
    CallKind.KAKAN: (PkgMeld.SHOUMINKAN, True),
    CallKind.ANKAN: (PkgMeld.KAN, False),
}


# ---------------------------------------------------------------- the adapter


class _RyuuiisouNeedsHatsu(Ryuuiisou):
    """All green only with the green dragon in the hand (``green_dragon_required``)."""

    def is_condition_met(self, hand: Collection[Sequence[int]], *args: object) -> bool:
        return super().is_condition_met(hand) and any(HATSU in item for item in hand)


@lru_cache(maxsize=64)
def _options(rules: Ruleset) -> OptionalRules:
    return OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=False,  # red fives are counted here, for any number per suit
        has_double_yakuman=True,  # per-kind below
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=flags_of(rules).renhou_yakuman,
        is_three_player=rules.sanma,
    )


def _config(ctx: WinContext, renhou: bool) -> HandConfig:
    rules = ctx.rules
    riichi = ctx.riichi or ctx.double_riichi
    cfg = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=riichi,
        is_ippatsu=ctx.ippatsu and riichi and rules.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei and not ctx.rinshan,
        is_houtei=ctx.houtei and not ctx.chankan,
        is_daburu_riichi=ctx.double_riichi,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        is_renhou=renhou,
        player_wind=27 + ctx.seat_wind,
        round_wind=27 + ctx.round_wind,
        options=_options(rules),
    )
    cfg.is_dealer = ctx.is_dealer
    y = cfg.yaku
    dbl = rules.double_yakuman
    y.suuankou_tanki.han_closed = 26 if "suuankou-tanki" in dbl else 13
    y.daburu_chuuren_poutou.han_closed = 26 if "junsei-chuuren" in dbl else 13
    y.daburu_kokushi.han_closed = 26 if "kokushi-13" in dbl else 13
    y.daisuushi.han_closed = y.daisuushi.han_open = 26 if "daisuushii" in dbl else 13
    if rules.green_dragon_required:
        y.ryuisou = _RyuuiisouNeedsHatsu()
    return cfg


def _pkg_melds(melds: Sequence[Meld]) -> list[PkgMeld]:
    out = []
    for m in melds:
        if m.kind is CallKind.KITA:
            raise ValueError("kita melds are not melds of the hand: pass their count as WinContext.kita")
        mtype, opened = _PKG_MELD_TYPE[m.kind]
        out.append(PkgMeld(meld_type=mtype, tiles=sorted(m.tiles), opened=opened, called_tile=m.called))
    return out


def _evaluate(ctx: WinContext, renhou: bool) -> Valuation:
    rules = ctx.rules
    melds = _pkg_melds(ctx.melds)
    meld_tiles = [t for m in ctx.melds for t in m.tiles]
    all_tiles = list(ctx.concealed) + meld_tiles
    if ctx.win_tile not in ctx.concealed:
        return Valuation(ok=False, error="bad-context: the winning tile is not in the concealed hand")
    cfg = _config(ctx, renhou)
    res = HandCalculator.estimate_hand_value(all_tiles, ctx.win_tile, melds=melds, config=cfg)
    stand_in = None
    if (
        res.error == HandCalculator.ERR_NO_YAKU
        and rules.sanma
        and rules.kita_yakuhai
        and sum(1 for t in all_tiles if t >> 2 == NORTH) >= 3
    ):
        # the package knows no North value tile: value the hand with a stand-in 1-han yaku that adds
        # no fu (haitei on a tsumo, houtei on a ron), drop it, and let the North yaku in below
        stand_in = (Yaku.HAITEI if ctx.tsumo else Yaku.HOUTEI).value
        cfg = _config(replace(ctx, haitei=ctx.tsumo, houtei=not ctx.tsumo), renhou)
        res = HandCalculator.estimate_hand_value(all_tiles, ctx.win_tile, melds=melds, config=cfg)
    if res.error:
        if res.error == HandCalculator.ERR_HAND_NOT_WINNING:
            return Valuation(ok=False, error="not-a-winning-hand")
        if res.error == HandCalculator.ERR_NO_YAKU:
            return Valuation(ok=False, error="no-yaku")
        return Valuation(ok=False, error=f"bad-context: {res.error}")
    yaku: list[tuple[str, int]] = []
    open_hand = any(m.kind is not CallKind.ANKAN for m in ctx.melds)
    for y in res.yaku or ():
        name = _PKG_YAKU.get(y.yaku_id)  # None: a yaku we never enable (daisharin, ...)
        name_s = f"unknown:{y.name}" if name is None else name.value
        if name_s == stand_in:
            stand_in = None  # dropped once
            continue
        han = y.han_open if open_hand and y.han_open else y.han_closed
        yaku.append((name_s, han))
    fu_details = [(d["reason"], d["fu"]) for d in (res.fu_details or [])]
    return complete(ctx, yaku, res.fu or 0, fu_details)


def package_value(ctx: WinContext) -> Valuation:
    """``value_win`` by the ``mahjong`` package alone (the reference for the fast path)."""
    rules = ctx.rules
    flags = flags_of(rules)
    val = _evaluate(ctx, renhou=ctx.renhou and (flags.renhou_yakuman or flags.renhou_cumulative))
    if ctx.renhou and flags.renhou_limit:
        if val.error is not None and val.error.startswith("bad-context"):
            return val
        refused = _renhou_refused(ctx)  # the package is not told of this renhou: its checks, here
        if refused is not None:
            return Valuation(ok=False, error=f"bad-context: {refused}")
        if val.error in (None, "no-yaku"):
            return renhou_at_limit(ctx, val)
    return val


def _renhou_refused(ctx: WinContext) -> str | None:
    """The package's error for a renhou against its conditions (as for one counted as a yakuman),
    in its order; None where it may stand."""
    if ctx.is_dealer:
        return HandCalculator.ERR_RENHOU_AS_DEALER
    if ctx.tsumo:
        return HandCalculator.ERR_RENHOU_WITH_TSUMO
    if ctx.melds:
        return HandCalculator.ERR_RENHOU_WITH_MELD
    return None
