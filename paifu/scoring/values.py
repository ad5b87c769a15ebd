"""A win's value as data: ``WinContext`` (everything it depends on), ``Valuation`` (what it is
worth), and the arithmetic from han and fu to points (limits, kiriage, the payers' shares).
Plain numbers only: ``payments`` settles from these without the ``mahjong`` package."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paifu.events import Meld
from paifu.frozen import Frozen, set_field
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the same, without importing dataclasses (paifu.frozen; start-up, issue 26)
    from paifu.frozen import dataclass

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


@dataclass(init=False, repr=False, eq=False, slots=True)
class WinContext(Frozen):
    """Everything a win's value depends on; the engine (or a test) fills it in."""

    rules: Ruleset
    concealed: tuple[int, ...]  # tile ids of the concealed hand INCLUDING the winning tile
    #: chi/pon/daiminkan/ankan/kakan in call order (pao needs it); kita melds go in ``kita``
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat_wind: int  # 0 E .. 3 N
    round_wind: int
    is_dealer: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    kita: int  # Norths pulled (3-player)

    def __init__(
        self,
        rules: Ruleset,
        concealed: tuple[int, ...],
        melds: tuple[Meld, ...],
        win_tile: int,
        tsumo: bool,
        seat_wind: int,
        round_wind: int,
        is_dealer: bool,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        dora_indicators: tuple[int, ...] = (),
        ura_indicators: tuple[int, ...] = (),
        kita: int = 0,
    ) -> None:
        set_field(self, "rules", rules)
        set_field(self, "concealed", concealed)
        set_field(self, "melds", melds)
        set_field(self, "win_tile", win_tile)
        set_field(self, "tsumo", tsumo)
        set_field(self, "seat_wind", seat_wind)
        set_field(self, "round_wind", round_wind)
        set_field(self, "is_dealer", is_dealer)
        set_field(self, "riichi", riichi)
        set_field(self, "double_riichi", double_riichi)
        set_field(self, "ippatsu", ippatsu)
        set_field(self, "rinshan", rinshan)
        set_field(self, "chankan", chankan)
        set_field(self, "haitei", haitei)
        set_field(self, "houtei", houtei)
        set_field(self, "tenhou", tenhou)
        set_field(self, "chiihou", chiihou)
        set_field(self, "renhou", renhou)
        set_field(self, "dora_indicators", dora_indicators)
        set_field(self, "ura_indicators", ura_indicators)
        set_field(self, "kita", kita)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Valuation(Frozen):
    """The value of a win, or why it is none (``ok`` False, ``error`` set)."""

    ok: bool
    error: str | None  # None, "not-a-winning-hand", "no-yaku", "bad-context: ..."
    yaku: tuple[tuple[str, int], ...]  # (Yaku value, han) incl. dora/ura/aka/kita entries
    han: int
    fu: int
    fu_breakdown: tuple[tuple[str, int], ...]
    limit: str  # "", mangan, haneman, baiman, sanbaiman, yakuman (kazoe too)
    yakuman_multiple: int  # 0 if not yakuman; 1 for a counted (kazoe) yakuman
    base_points: int  # the basic points a
    ron_points: int  # value of a ron (before honba and sticks)
    tsumo_dealer_pays: int  # dealer's share on a non-dealer tsumo
    tsumo_nondealer_pays: int  # each non-dealer's share (a dealer winner: everybody's share)
    tsumo: bool
    is_dealer: bool
    num_players: int

    def __init__(
        self,
        ok: bool,
        error: str | None = None,
        yaku: tuple[tuple[str, int], ...] = (),
        han: int = 0,
        fu: int = 0,
        fu_breakdown: tuple[tuple[str, int], ...] = (),
        limit: str = "",
        yakuman_multiple: int = 0,
        base_points: int = 0,
        ron_points: int = 0,
        tsumo_dealer_pays: int = 0,
        tsumo_nondealer_pays: int = 0,
        tsumo: bool = False,
        is_dealer: bool = False,
        num_players: int = 4,
    ) -> None:
        set_field(self, "ok", ok)
        set_field(self, "error", error)
        set_field(self, "yaku", yaku)
        set_field(self, "han", han)
        set_field(self, "fu", fu)
        set_field(self, "fu_breakdown", fu_breakdown)
        set_field(self, "limit", limit)
        set_field(self, "yakuman_multiple", yakuman_multiple)
        set_field(self, "base_points", base_points)
        set_field(self, "ron_points", ron_points)
        set_field(self, "tsumo_dealer_pays", tsumo_dealer_pays)
        set_field(self, "tsumo_nondealer_pays", tsumo_nondealer_pays)
        set_field(self, "tsumo", tsumo)
        set_field(self, "is_dealer", is_dealer)
        set_field(self, "num_players", num_players)

    @property
    def points(self) -> int:
        """The value Tenhou writes in ``AGARI ten``: the ron value, or what a tsumo collects."""
        if not self.ok:
            return 0
        if not self.tsumo:
            return self.ron_points
        if self.is_dealer:
            return self.tsumo_nondealer_pays * (self.num_players - 1)
        return self.tsumo_dealer_pays + self.tsumo_nondealer_pays * (self.num_players - 2)

    def yakuman_han(self, name: str) -> int:
        """Han (13 per multiple) a yakuman of this name contributes, 0 if absent."""
        return sum(h for n, h in self.yaku if n == name)


# ---------------------------------------------------------------- limits and points


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def base_points(han: int, fu: int, rules: Ruleset, yakuman_multiple: int = 0) -> tuple[int, str]:
    """Basic points ``a`` and the limit name, from han and fu (``yakuman_multiple`` wins)."""
    if yakuman_multiple:
        return 8000 * yakuman_multiple, "yakuman"
    if han >= 13:
        return (8000, "yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    a = fu * 2 ** (han + 2)
    if a >= 2000:
        return 2000, "mangan"
    if rules.kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000, ""  # rounded up, not a limit hand: Tenhou writes limit 0
    return a, ""


def shares(a: int, rules: Ruleset, is_dealer: bool) -> tuple[int, int, int]:
    """(ron value, dealer's tsumo share, each non-dealer's tsumo share) from basic points.

    3-player ``sanma_tsumo == "split"`` spreads the absent seat's share over the payers
    (half each, before rounding); ``"loss"`` simply does not collect it.
    """
    n = rules.num_players
    if is_dealer:
        ron = ceil100(6 * a)
        each = 2 * a
        if n == 3 and flags_of(rules).sanma_tsumo_split:
            each = 3 * a
        return ron, 0, ceil100(each)
    ron = ceil100(4 * a)
    dealer, other = 2 * a, a
    if n == 3 and flags_of(rules).sanma_tsumo_split:
        dealer, other = 2 * a + a // 2, a + a // 2
    return ron, ceil100(dealer), ceil100(other)
