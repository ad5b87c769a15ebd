"""Write ``sample_logs/sanma/``: small complete 3-player games, each showing one 3-player rule.

Games are scripted by hand with ``tests/builders.py`` (MPSZ tiles, no 2m..8m), their score
changes worked out by hand in each docstring, and written as mjai JSON lines (the format
with a ``kita`` event; a 3-player mjai log reads as the ``tenhou-sanma`` preset). Each
game is east-only and ends when a thirteen-orphans ron busts a player, because a whole
game must end by the rules for ``paifu validate`` to pass it.
``--check`` compares the files on disk with what this script writes now (the tests run it).

Usage: ``python scripts/make_sanma_samples.py [--check] [OUT_DIR]``
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from builders import GameBuilder, HandBuilder  # noqa: E402

from paifu.api import write  # noqa: E402
from paifu.events import Call, CallKind, Meld  # noqa: E402

HINT = (("preset", "tenhou-sanma"), ("length", "east"))
PLAYERS = ("Aoi", "Ben", "Chie")
#: seat 0's thirteen orphans waiting on 7z alone; seat 1 holds 7z to deal into it
KOKUSHI_WAITING_7Z = "1m9m9m1p9p1s9s123456z"


def kita(h: HandBuilder, seat: int) -> int:
    """Set a North from the seat's hand aside (the engine then expects a replacement draw)."""
    north = next(x for x in h.hands[seat] if x >> 2 == 30)
    h.hands[seat].remove(north)
    return h.emit(Call(seat, Meld(CallKind.KITA, (north,))))


def kokushi_bust(g: GameBuilder, honba: int) -> None:
    """Dealer seat 0 rons seat 1's 7z with thirteen orphans: 48,000 + 200 per honba (Tenhou
    3-player: 100 from each of two payers on a tsumo, 200 on a ron) busts seat 1."""
    h = g.hand(
        [KOKUSHI_WAITING_7Z, "19m139p169s45567z", "3467p2367s23467z"],
        honba=honba,
        dealer=0,
        dora="1p",
        dice=None,
    )
    h.turn_(0, "1s")
    h.turn_(1, "2z", "7z")
    value = 48000 + 200 * honba
    h.ron(
        0,
        1,
        deltas=[value, -value, 0],
        yaku=[("kokushi", 13)],
        fu=0,
        points=48000,
        limit="yakuman",
        yakuman=True,
    )


def kita_rinshan_tsumo() -> GameBuilder:
    """The dealer pulls a North and wins on the replacement tile.

    111m 999m 123p 456p + 7p tanki; 4z drawn and set aside, the rinshan draw is 7p:
    menzen tsumo, rinshan kaihou, one kita = 3 han; 20 + 2 tsumo + 8 + 8 (terminal
    triplets) + 2 tanki = 40 fu; dealer 3 han 40 fu is 2,600 from each payer, and the
    North seat's share is lost (tsumo loss): +5,200. Next, East 1 1 honba: the dealer's
    thirteen orphans on seat 1 (48,200) busts it.
    """
    g = GameBuilder(players=PLAYERS, go_type=None, hint=HINT, start_points=35000)
    h = g.hand(["111m999m123p456p7p", "123456789s19p56z", "1479s289p135677z"], dora="5z", dice=None)
    h.draw(0, "4z")
    kita(h, 0)
    h.draw(0, "7p")
    h.tsumo(
        0,
        deltas=[5200, -2600, -2600],
        yaku=[("menzen-tsumo", 1), ("rinshan", 1), ("kita", 1)],
        fu=40,
        points=5200,
    )
    kokushi_bust(g, honba=1)
    g.end([40200 + 48200, 32400 - 48200, 32400])
    return g


def kita_then_tsumo_dora_wrap() -> GameBuilder:
    """1m indicates 9m in 3-player (2m..8m are out of the set); a North pulled mid-hand is a dora.

    Seats 1 and 2 are far from tenpai; the dealer 111m 999m 123p
    456p + 7p pulls a North on its second draw and tsumos 7p later: menzen tsumo + kita +
    three dora (999m) = 5 han mangan; dealer mangan tsumo 4,000 from each payer: +8,000.
    Then the dealer's thirteen orphans on seat 1 (31,000 - 48,200) busts it.
    """
    g = GameBuilder(players=PLAYERS, go_type=None, hint=HINT, start_points=35000)
    h = g.hand(["111m999m123p456p7p", "123456789s19p56z", "1479s289p35677z9m"], dora="1m", dice=None)
    h.turn_(0, "3z")
    h.turn_(1, "6z", "5z")
    h.turn_(2, "1z")
    h.draw(0, "4z")
    kita(h, 0)
    h.turn_(0, "2z")
    h.turn_(1, "1s")
    h.turn_(2, "9s")
    h.draw(0, "7p")
    h.tsumo(
        0,
        deltas=[8000, -4000, -4000],
        yaku=[("menzen-tsumo", 1), ("kita", 1), ("dora", 3)],
        fu=40,
        points=8000,
        limit="mangan",
    )
    kokushi_bust(g, honba=1)
    g.end([43000 + 48200, 31000 - 48200, 31000])
    return g


GAMES: dict[str, Callable[[], GameBuilder]] = {
    "kita-rinshan-tsumo": kita_rinshan_tsumo,
    "kita-dora-1m-indicates-9m": kita_then_tsumo_dora_wrap,
}


def build() -> dict[str, bytes]:
    """File name -> mjai bytes, for every sample game."""
    out: dict[str, bytes] = {}
    for name, make in GAMES.items():
        rec = make().record(source=f"{name}.jsonl")
        with warnings.catch_warnings():  # mjai drops the claimed yaku/fu/han: the engine recomputes them
            warnings.simplefilter("ignore")
            out[f"{name}.jsonl"] = write(rec, "mjai")
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    out_dir = Path(args[0]) if args else ROOT / "sample_logs" / "sanma"
    stale = []
    for name, data in build().items():
        path = out_dir / name
        if check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(str(path))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if stale:
        print("out of date (run scripts/make_sanma_samples.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
