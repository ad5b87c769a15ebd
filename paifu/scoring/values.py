# Generated from records/values.py by scripts/gen_records.py (not edited here):
# edit records/values.py, then run python scripts/gen_records.py.
"""A win's value as data: ``WinContext`` (everything it depends on), ``Valuation`` (what it is
worth), and the arithmetic from han and fu to points (limits, kiriage, the payers' shares).
Plain numbers only: ``payments`` settles from these without the ``mahjong`` package.

Both are declared once, in ``records/values.py``, and written out into ``paifu/scoring/values.py`` by
``scripts/gen_records.py`` as classes mypyc compiles (``paifu.valued``): made and read from compiled code
on every win, where a frozen dataclass ran a Python constructor of an ``object.__setattr__`` a field."""

from __future__ import annotations

from typing import Final

from paifu.events import Meld
from paifu.rules.flags import flags_of
from paifu.rules.ruleset import Ruleset
from paifu.valued import Hashed

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


class WinContext(Hashed):
    """Everything a win's value depends on; the engine (or a test) fills it in."""

    __slots__ = (
        "rules",
        "concealed",
        "melds",
        "win_tile",
        "tsumo",
        "seat_wind",
        "round_wind",
        "is_dealer",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
        "dora_indicators",
        "ura_indicators",
        "kita",
        "open_riichi",
    )
    __match_args__ = (
        "rules",
        "concealed",
        "melds",
        "win_tile",
        "tsumo",
        "seat_wind",
        "round_wind",
        "is_dealer",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
        "dora_indicators",
        "ura_indicators",
        "kita",
        "open_riichi",
    )

    rules: Final[Ruleset]
    concealed: Final[tuple[int, ...]]  # tile ids of the concealed hand INCLUDING the winning tile
    #: chi/pon/daiminkan/ankan/kakan in call order (pao needs it); kita melds go in ``kita``
    melds: Final[tuple[Meld, ...]]
    win_tile: Final[int]
    tsumo: Final[bool]
    seat_wind: Final[int]  # 0 E .. 3 N
    round_wind: Final[int]
    is_dealer: Final[bool]
    riichi: Final[bool]
    double_riichi: Final[bool]
    ippatsu: Final[bool]
    rinshan: Final[bool]
    chankan: Final[bool]
    haitei: Final[bool]
    houtei: Final[bool]
    tenhou: Final[bool]
    chiihou: Final[bool]
    renhou: Final[bool]
    dora_indicators: Final[tuple[int, ...]]
    ura_indicators: Final[tuple[int, ...]]
    kita: Final[int]  # Norths pulled (3-player)
    open_riichi: Final[bool]  # the riichi was declared with the hand shown, under ``Ruleset.open_riichi``

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
        open_riichi: bool = False,
    ) -> None:
        self.rules = rules
        self.concealed = concealed
        self.melds = melds
        self.win_tile = win_tile
        self.tsumo = tsumo
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.is_dealer = is_dealer
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.renhou = renhou
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.kita = kita
        self.open_riichi = open_riichi

    def _values(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.concealed,
            self.melds,
            self.win_tile,
            self.tsumo,
            self.seat_wind,
            self.round_wind,
            self.is_dealer,
            self.riichi,
            self.double_riichi,
            self.ippatsu,
            self.rinshan,
            self.chankan,
            self.haitei,
            self.houtei,
            self.tenhou,
            self.chiihou,
            self.renhou,
            self.dora_indicators,
            self.ura_indicators,
            self.kita,
            self.open_riichi,
        )


class Valuation(Hashed):
    """The value of a win, or why it is none (``ok`` False, ``error`` set)."""

    __slots__ = (
        "ok",
        "error",
        "yaku",
        "han",
        "fu",
        "fu_breakdown",
        "limit",
        "yakuman_multiple",
        "base_points",
        "ron_points",
        "tsumo_dealer_pays",
        "tsumo_nondealer_pays",
        "tsumo",
        "is_dealer",
        "num_players",
    )
    __match_args__ = (
        "ok",
        "error",
        "yaku",
        "han",
        "fu",
        "fu_breakdown",
        "limit",
        "yakuman_multiple",
        "base_points",
        "ron_points",
        "tsumo_dealer_pays",
        "tsumo_nondealer_pays",
        "tsumo",
        "is_dealer",
        "num_players",
    )

    ok: Final[bool]
    error: Final[str | None]  # None, "not-a-winning-hand", "no-yaku", "bad-context: ..."
    yaku: Final[tuple[tuple[str, int], ...]]  # (Yaku value, han) incl. dora/ura/aka/kita entries
    han: Final[int]
    fu: Final[int]
    fu_breakdown: Final[tuple[tuple[str, int], ...]]
    limit: Final[str]  # "", mangan, haneman, baiman, sanbaiman, yakuman (kazoe too)
    yakuman_multiple: Final[int]  # 0 if not yakuman; 1 for a counted (kazoe) yakuman
    base_points: Final[int]  # the basic points a
    ron_points: Final[int]  # value of a ron (before honba and sticks)
    tsumo_dealer_pays: Final[int]  # dealer's share on a non-dealer tsumo
    tsumo_nondealer_pays: Final[int]  # each non-dealer's share (a dealer winner: everybody's share)
    tsumo: Final[bool]
    is_dealer: Final[bool]
    num_players: Final[int]

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
        self.ok = ok
        self.error = error
        self.yaku = yaku
        self.han = han
        self.fu = fu
        self.fu_breakdown = fu_breakdown
        self.limit = limit
        self.yakuman_multiple = yakuman_multiple
        self.base_points = base_points
        self.ron_points = ron_points
        self.tsumo_dealer_pays = tsumo_dealer_pays
        self.tsumo_nondealer_pays = tsumo_nondealer_pays
        self.tsumo = tsumo
        self.is_dealer = is_dealer
        self.num_players = num_players

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

    def _values(self) -> tuple[object, ...]:
        return (
            self.ok,
            self.error,
            self.yaku,
            self.han,
            self.fu,
            self.fu_breakdown,
            self.limit,
            self.yakuman_multiple,
            self.base_points,
            self.ron_points,
            self.tsumo_dealer_pays,
            self.tsumo_nondealer_pays,
            self.tsumo,
            self.is_dealer,
            self.num_players,
        )


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
