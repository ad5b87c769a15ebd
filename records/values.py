"""A win's value as data: ``WinContext`` (everything it depends on), ``Valuation`` (what it is
worth), and the arithmetic from han and fu to points (limits, kiriage, the payers' shares).
Plain numbers only: ``payments`` settles from these without the ``mahjong`` package.

Both are declared once, in ``records/values.py``, and written out into ``paifu/scoring/values.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``): made and read from compiled code
on every win, where a frozen dataclass ran a Python constructor of an ``object.__setattr__`` a field."""

from __future__ import annotations

from paifu.events import Meld
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.valued import Hashed

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


class WinContext(Hashed):
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
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    kita: int = 0  # Norths pulled (3-player)
    open_riichi: bool = False  # the riichi was declared with the hand shown, under ``Ruleset.open_riichi``


class Valuation(Hashed):
    """The value of a win, or why it is none (``ok`` False, ``error`` set)."""

    ok: bool
    error: str | None = None  # None, "not-a-winning-hand", "no-yaku", "bad-context: ..."
    yaku: tuple[tuple[str, int], ...] = ()  # (Yaku value, han) incl. dora/ura/aka/kita entries
    han: int = 0
    fu: int = 0
    fu_breakdown: tuple[tuple[str, int], ...] = ()
    limit: str = ""  # "", mangan, haneman, baiman, sanbaiman, yakuman (kazoe too)
    yakuman_multiple: int = 0  # 0 if not yakuman; 1 for a counted (kazoe) yakuman
    base_points: int = 0  # the basic points a
    ron_points: int = 0  # value of a ron (before honba and sticks)
    tsumo_dealer_pays: int = 0  # dealer's share on a non-dealer tsumo
    tsumo_nondealer_pays: int = 0  # each non-dealer's share (a dealer winner: everybody's share)
    tsumo: bool = False
    is_dealer: bool = False
    num_players: int = 4

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
    (half each, before rounding); ``"even"`` has each payer pay half the ron value (a dealer's
    share is no larger); ``"loss"`` simply does not collect it.
    """
    n = rules.num_players
    flags = flags_of(rules)
    if is_dealer:
        ron = ceil100(6 * a)
        each = 2 * a
        if n == 3 and (flags.sanma_tsumo_split or flags.sanma_tsumo_even):
            each = 3 * a
        return ron, 0, ceil100(each)
    ron = ceil100(4 * a)
    dealer, other = 2 * a, a
    if n == 3 and flags.sanma_tsumo_split:
        dealer, other = 2 * a + a // 2, a + a // 2
    elif n == 3 and flags.sanma_tsumo_even:
        dealer, other = 2 * a, 2 * a
    return ron, ceil100(dealer), ceil100(other)
