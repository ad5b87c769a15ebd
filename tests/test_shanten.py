"""Our shanten and ukeire (``paifu.shanten``) against the ``mahjong`` package's calculator:
random hands of every size, and every hand of every position of real games (all of the corpus in
the slow test)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CORPUS, corpus_dir

from paifu.shanten import Shape, improving, shanten

mahjong_shanten = pytest.importorskip("mahjong.shanten").Shanten()


def theirs(counts: list[int] | tuple[int, ...], closed: bool, sanma: bool) -> int:
    full = closed and sum(counts) >= 13
    return mahjong_shanten.calculate_shanten(
        list(counts), use_chiitoitsu=full, use_kokushi=full, is_three_player=sanma
    )


def their_improving(counts: tuple[int, ...], closed: bool, sanma: bool) -> tuple[int, tuple[int, ...]]:
    base = theirs(counts, closed, sanma)
    kinds = []
    for k in range(34):
        if counts[k] >= 4 or (sanma and 1 <= k <= 7):
            continue
        more = list(counts)
        more[k] += 1
        if theirs(more, closed, sanma) < base:
            kinds.append(k)
    return base, tuple(kinds)


@pytest.mark.parametrize("sanma", [False, True])
def test_random_hands_of_every_size(sanma: bool) -> None:
    rng = random.Random(23)
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    crowded = [k for k in kinds if k < 18 or k > 30]  # fewer kinds: more pairs, runs and quads
    for trial in range(1500):
        pool = [k for k in (kinds if trial % 2 else crowded) for _ in range(4)]
        counts = [0] * 34
        for k in rng.sample(pool, rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])):
            counts[k] += 1
        closed = trial % 3 != 0
        assert shanten(counts, closed, sanma) == theirs(counts, closed, sanma), (counts, closed)
        if sum(counts) % 3 == 2:  # each discard, by one shape changed a tile at a time
            shape = Shape(counts, closed, sanma)
            for k in (k for k in range(34) if counts[k]):
                less = list(counts)
                less[k] -= 1
                assert shape.shanten(k, -1) == theirs(less, closed, sanma), (counts, k)
        elif trial % 5 == 0:
            assert improving(tuple(counts), closed, sanma) == their_improving(tuple(counts), closed, sanma)


def positions(path: Path) -> Iterator[tuple[tuple[int, ...], bool, bool]]:
    """Every concealed hand at every event of a record's games, straight from the engine's state
    (the replay the viewer's tables copy)."""
    from paifu.events import CallKind
    from paifu.formats import read_path
    from paifu.pipeline import replay_record

    found: list[tuple[tuple[int, ...], bool, bool]] = []

    def observe(index: int, ev: object, rp: object) -> None:
        st = rp.state  # type: ignore[attr-defined]
        if st is None:
            return
        for seat in st.seats:
            counts = tuple(seat.counts)
            if sum(counts) % 3:
                closed = all(m.kind in (CallKind.ANKAN, CallKind.KITA) for m in seat.melds)
                found.append((counts, closed, st.num_players == 3))

    for game, record in enumerate(read_path(str(path))):
        replay_record(record, game_index=game, observe=observe)
    yield from found


def check_positions(paths: list[Path], ukeire_every: int) -> int:
    seen: set[tuple[tuple[int, ...], bool, bool]] = set()
    for path in paths:
        for pos in positions(path):
            if pos in seen:
                continue
            seen.add(pos)
            counts, closed, sanma = pos
            assert shanten(counts, closed, sanma) == theirs(counts, closed, sanma), (path, pos)
            if sum(counts) % 3 == 1 and len(seen) % ukeire_every == 0:
                assert improving(counts, closed, sanma) == their_improving(counts, closed, sanma), (path, pos)
    return len(seen)


def test_every_position_of_a_corpus_sample() -> None:
    four = sorted(corpus_dir("tenhou_xml", "mjx").rglob("*gm-*.mjlog"))[:2]
    three = sorted(corpus_dir("tenhou_xml", "tenhou").rglob("sanma*.xml"))[:1]
    assert check_positions(four + three, ukeire_every=7) > 1000


@pytest.mark.slow
def test_every_position_of_the_corpus() -> None:
    corpus_dir()
    paths = sorted(
        p
        for folder in ("tenhou_xml", "tenhou6_json", "mjai_jsonl", "majiang_paipu")
        for p in (CORPUS / folder).rglob("*")
        if p.is_file() and p.suffix not in (".md", ".csv", ".txt")
    )
    from paifu.formats import read_path

    readable = []
    for p in paths:
        try:
            read_path(str(p))
        except Exception:  # noqa: BLE001,S112 - a record no reader takes has no positions to check
            continue
        readable.append(p)
    assert check_positions(readable, ukeire_every=10) > 10_000


def test_known_hands() -> None:
    """Hands counted by hand: tenpai on a lone 2z, thirteen orphans 13-sided, seven pairs one away,
    complete; ten kinds of the orphans is 3 from thirteen orphans."""
    from paifu.tiles import counts34, parse_tiles

    def sh(text: str) -> int:
        return shanten(counts34(parse_tiles(text)))

    assert sh("123m456p789s1112z") == 0
    assert sh("19m19p19s1234567z") == 0
    assert sh("1122m3344p5566s7z") == 0
    assert sh("123m456p789s11122z") == -1
    assert sh("19m19p19s1234z258m") == 3


def test_a_suit_table_depends_on_its_shape_only() -> None:
    """``_suit`` solves a suit as its shape and its distance from the suit's ends (up to two), read
    from either end: the table of every suit equals the one solved where it lies, and the one of
    its mirror image (crowded suits too: four of a kind by an end is where a shift would differ)."""
    from paifu.shanten import _solved, _suit

    rng = random.Random(9)
    for _ in range(500):
        width = rng.randint(1, 6)
        core = [rng.randint(0, 4) for _ in range(width)]
        core[0], core[-1] = core[0] or 1, core[-1] or 4
        for at in range(10 - width):  # the same shape everywhere in the suit, the ends included
            suit = (0,) * at + tuple(core) + (0,) * (9 - width - at)
            assert _suit(suit) == _solved(suit) == _solved(suit[::-1]), suit
