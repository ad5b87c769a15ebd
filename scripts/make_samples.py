"""Write ``sample_logs/``: small complete games, each showing one edge case, made by our own code.

Every game is scripted by hand with ``tests/builders.py`` (MPSZ tiles), its score changes,
final scores and rank points worked out by hand below, then written with our Tenhou XML
writer. Each is a whole east-only game (GO type 1), because a Tenhou log cannot say
"one hand only": after the hand that shows the edge case, a thirteen-orphans ron busts
the discarder and so ends the game. ``--check`` compares the files on disk with what
this script writes now (the test suite runs it).

Usage: ``python scripts/make_samples.py [--check] [OUT_DIR]``
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from builders import GameBuilder, kokushi_finish, valuation_problems  # noqa: E402

from paifu.analysis.rank_points import rank_points, scheme_for_rules  # noqa: E402
from paifu.api import write  # noqa: E402
from paifu.events import GameEnd, GameRecord, RyuukyokuKind  # noqa: E402
from paifu.pipeline import record_rules  # noqa: E402

KOKUSHI = dict(yaku=[("kokushi", 13)], fu=0, limit="yakuman", yakuman=True)


def double_ron_head_bump_free() -> GameBuilder:
    """Tenhou allows two winners on one discard: two thirteen-orphans rons on the dealer's 1m.

    Dealer pays 32,000 twice: -39,000 (bust). Ranks: seat 1 (57,000, nearer the first dealer
    than seat 2) 67.0, seat 2 (57,000) 27 + 10 = 37.0, seat 3 -5 - 10 = -15.0, seat 0 -69 - 20 = -89.0.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand(["124m3468p2578s66z", "9m9m1p9p1s9s1234567z", "9m1p1p9p1s9s1234567z", None])
    h.draw(0, "5z")
    h.discard(0, "1m")
    h.ron(1, 0, deltas=[-32000, 32000, 0, 0], points=32000, **KOKUSHI)
    h.ron(2, 0, deltas=[-32000, 0, 32000, 0], points=32000, **KOKUSHI)
    g.end([-39000, 57000, 57000, 25000], [-89.0, 67.0, 37.0, -15.0])
    return g


def riichi_ippatsu_tsumo() -> GameBuilder:
    """Seat 1 declares riichi on its second discard and draws its winning 4s next turn.

    123m 55m 456p 789s + 23s waiting 1s-4s: riichi, ippatsu, menzen tsumo, pinfu = 4 han 20 fu;
    base 20 * 2^6 = 1,280: dealer pays 2,600, the others 1,300 each (5,200), plus the own
    stick back (+6,200). East 2: seat 2's thirteen orphans on dealer seat 1 (30,200 -> -1,800).
    Ranks: seat 3 (23,700) -6.3 + 10 = 3.7, seat 0 (22,400) -7.6 - 10 = -17.6,
    seat 1 -31.8 - 20 = -51.8, seat 2 (55,700) 65.7.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand([None, "123m55m456p789s23s", None, None])
    h.auto(2)  # seats 0 and 1: first discards
    h.auto(3)  # seats 2, 3, 0
    h.draw(1, h.safe_tile())
    h.riichi(1)  # tsumogiri riichi, second discard: not double riichi
    h.auto(3)
    h.draw(1, "4s")
    h.tsumo(
        1,
        deltas=[-2600, 6200, -1300, -1300],
        fu=20,
        points=5200,
        ura="7z",
        yaku=[("menzen-tsumo", 1), ("riichi", 1), ("ippatsu", 1), ("pinfu", 1)],
    )
    assert g.scores == [22400, 30200, 23700, 23700]
    kokushi_finish(g, winner=2, discarder=1, hand_number=1)
    g.end([22400, -1800, 55700, 23700], [-17.6, -51.8, 65.7, 3.7])
    return g


def kan_then_rinshan() -> GameBuilder:
    """Seat 2 draws its fourth 7p, makes a closed kan, turns a kan dora and wins on the replacement tile.

    123m 456m 7777p(closed) 78s 99s + 6s: menzen tsumo, rinshan = 2 han; fu 20 + 2 tsumo + 16
    closed kan of simples = 38 -> 40; base 640: dealer 1,300, others 700 (2,700). East 2:
    seat 3's thirteen orphans on dealer seat 1 (24,300 -> -7,700). Ranks: seat 2 (27,700)
    7.7, seat 0 (23,700) -16.3, seat 1 -57.7, seat 3 (56,300) 66.3.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand([None, None, "777p123m456m78s99s", None])
    h.auto(2)
    h.draw(2, "7p")
    h.ankan(2, "7p")
    h.new_dora("3z")
    h.draw(2, "6s")
    h.tsumo(
        2, deltas=[-1300, -700, 2700, -700], fu=40, points=2700, yaku=[("menzen-tsumo", 1), ("rinshan", 1)]
    )
    assert g.scores == [23700, 24300, 27700, 24300]
    kokushi_finish(g, winner=3, discarder=1, hand_number=1)
    g.end([23700, -7700, 27700, 56300], [-16.3, -57.7, 7.7, 66.3])
    return g


def exhaustive_draw_tenpai() -> GameBuilder:
    """The wall runs out (70 draws): dealer (1s-4s) and seat 2 (9p-6z) tenpai, 1,500 from each noten seat.

    The dealer keeps the seat: East 1, 1 honba. Seat 3's thirteen orphans on the dealer:
    32,000 + 300 (26,500 -> -5,800). Ranks: seat 2 (26,500) 6.5, seat 1 (23,500) -16.5,
    seat 0 -55.8, seat 3 (55,800) 65.8.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand(["123m55m456p789s23s", None, "234m678p345s99p66z", None])
    h.auto(70)
    h.exhaustive([1500, -1500, 1500, -1500], tenpai=[0, 2])
    assert g.scores == [26500, 23500, 26500, 23500]
    kokushi_finish(g, winner=3, discarder=0, hand_number=0, honba=1)
    g.end([-5800, 23500, 26500, 55800], [-55.8, -16.5, 6.5, 65.8])
    return g


def nine_terminals_abort() -> GameBuilder:
    """Seat 1's first draw: nine kinds of terminals and honors; it declares the abortive draw.

    Nothing is paid; the dealer keeps the seat (East 1, 1 honba), where seat 1's thirteen
    orphans on the dealer (32,300) ends the game: seat 1 (57,300) 67.3, seat 2 (25,000, nearer
    the first dealer than seat 3) 5.0, seat 3 -15.0, seat 0 (-7,300) -57.3.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand([None, "19m19p1s1234z2m3p45s", None, None])
    h.auto(1)
    h.draw(1, h.safe_tile())
    h.abort(RyuukyokuKind.NINE_TERMINALS, declarer=1)
    kokushi_finish(g, winner=1, discarder=0, hand_number=0, honba=1)
    g.end([-7300, 57300, 25000, 25000], [-57.3, 67.3, 5.0, -15.0])
    return g


def four_winds_abort() -> GameBuilder:
    """All four players discard North on their first turn, uninterrupted: an abortive draw.

    Then as in nine-terminals-abort: East 1, 1 honba, seat 1's thirteen orphans on the dealer.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand(["147m258p369s4567z", "258m369p147s4567z", "369m147p258s4567z", "147m258p369s1234z"])
    for seat in range(4):
        h.draw(seat, h.safe_tile())
        h.discard(seat, "4z")
    h.abort(RyuukyokuKind.FOUR_WINDS)
    kokushi_finish(g, winner=1, discarder=0, hand_number=0, honba=1)
    g.end([-7300, 57300, 25000, 25000], [-57.3, 67.3, 5.0, -15.0])
    return g


def chankan() -> GameBuilder:
    """Seat 2 pons 3p, later adds the fourth 3p as a kan; seat 3 (12p waiting on 3p) robs it.

    345m 678m 234s 88s 12p + 3p: chankan 1 han; fu 20 + 10 closed ron + 2 edge wait = 32 -> 40;
    1,300 from seat 2. East 2: seat 2's thirteen orphans on dealer seat 1 (25,000 -> -7,000).
    Ranks: seat 3 (26,300) 6.3, seat 0 (25,000) -15.0, seat 1 -57.0, seat 2 (55,700) 65.7.
    """
    g = GameBuilder(players=("Aoi", "Ben", "Chie", "Dan"))
    h = g.hand([None, "3p147m258s369s567z", "33p147m58s69s1234z", "345m678m234s88s12p"])
    h.auto(1)
    h.draw(1, h.safe_tile())
    h.discard(1, "3p")
    h.pon(2, "33p")
    h.discard(2, "1z")
    h.auto(3)  # seats 3, 0, 1
    h.draw(2, "3p")
    h.kakan(2, "3p")
    h.ron(3, 2, deltas=[0, 0, -1300, 1300], fu=40, points=1300, yaku=[("chankan", 1)])
    assert g.scores == [25000, 25000, 23700, 26300]
    kokushi_finish(g, winner=2, discarder=1, hand_number=1)
    g.end([25000, -7000, 55700, 26300], [-15.0, -57.0, 65.7, 6.3])
    return g


SAMPLES: dict[str, Callable[[], GameBuilder]] = {
    "double-ron-head-bump-free": double_ron_head_bump_free,
    "riichi-ippatsu-tsumo": riichi_ippatsu_tsumo,
    "kan-then-rinshan": kan_then_rinshan,
    "exhaustive-draw-tenpai": exhaustive_draw_tenpai,
    "nine-terminals-abort": nine_terminals_abort,
    "four-winds-abort": four_winds_abort,
    "chankan": chankan,
}


def records() -> dict[str, GameRecord]:
    """Every sample game as events, by name."""
    return {name: make().record(source=f"{name}.xml") for name, make in SAMPLES.items()}


def outputs() -> dict[str, bytes]:
    """Relative path -> file bytes, exactly as ``sample_logs`` should hold them."""
    out: dict[str, bytes] = {}
    for name, rec in records().items():
        problems = valuation_problems(rec)
        if problems:
            raise SystemExit(f"{name}: hand-made claims disagree with the scorer: {problems}")
        end = rec.events[-1]
        assert isinstance(end, GameEnd) and end.final_scores is not None
        ours = rank_points(end.final_scores, scheme_for_rules(record_rules(rec)))
        if ours != end.rank_points:
            raise SystemExit(f"{name}: hand-made rank points {end.rank_points} differ from ours {ours}")
        out[f"tenhou-xml/{name}.xml"] = write(rec, "tenhou-xml")
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    dest = Path(args[0]) if args else ROOT / "sample_logs"
    stale = []
    for rel, data in outputs().items():
        path = dest / rel
        if check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(rel)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path}")
    if stale:
        print("out of date (run scripts/make_samples.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
