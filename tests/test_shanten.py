"""``analysis.shanten`` (the statistics' fast shanten) against the ``mahjong`` package's calculator."""

from __future__ import annotations

import random

from analysis.shanten import regular_shanten, shanten
from paifu.tiles import counts34
from paifu.view.model import shanten_of
from tests.conftest import corpus_dir
from tests.test_player_stats import _tiles


def test_known_hands() -> None:
    assert shanten(counts34(_tiles("123m456p789s1112z"))) == 0  # waiting on the 2z
    assert shanten(counts34(_tiles("19m19p19s1234567z"))) == 0  # thirteen orphans, 13-sided
    assert shanten(counts34(_tiles("1122m3344p5566s7z"))) == 0  # seven pairs, one to go
    assert shanten(counts34(_tiles("123m456p789s11122z"))) == -1  # complete
    scattered = counts34(
        _tiles("159m159p159s1234z")
    )  # no two tiles make a block: 8 for four melds and a pair
    assert regular_shanten(scattered) == 8 and shanten(scattered) == 3  # but ten kinds of thirteen orphans
    assert regular_shanten(counts34(_tiles("123m4p")), melds=3) == 0  # three called melds, a tanki left


def test_random_hands_match_the_package() -> None:
    rng = random.Random(24)
    for _ in range(3000):
        counts = tuple(counts34(rng.sample(range(136), rng.choice((13, 14)))))
        assert shanten(counts) == shanten_of(counts, True, False), counts


def test_every_deal_of_the_tenhou_corpus_matches_the_package() -> None:
    from paifu.pipeline import replay_paths

    deals = [
        (tuple(counts34(d)), len(r.players) == 3)
        for r in replay_paths([str(corpus_dir("tenhou_xml", "fastmaj"))])
        for h in r.hands
        for d in h.deal
        if len(d) == 13
    ]
    assert len(deals) > 1000
    assert all(shanten(c) == shanten_of(c, True, sanma) for c, sanma in deals)
