"""What made ``paifu show`` fast must not change what it shows: a seat the event left as it was
is the same copy again (``snapshot``'s memo), and the review's ukeire, found group by group
(``paifu.shanten.improving``), equals the shanten of the hand with each tile added, one by one."""

from __future__ import annotations

import pytest
from conftest import corpus_dir

from paifu.formats import read_path
from paifu.pipeline import replay_record
from paifu.shanten import Shape, improving
from paifu.view import GameView
from paifu.view.table import snapshot

PHOENIX = ("tenhou_xml", "mjx", "tests_py", "resources", "mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")


def test_a_memo_snapshot_equals_a_fresh_one_and_reuses_unchanged_seats() -> None:
    record = read_path(str(corpus_dir(*PHOENIX)))[0]
    memo: dict[object, object] = {}
    last: list[object] = []
    reused = events = 0

    def observe(index: int, ev: object, rp: object) -> None:
        nonlocal reused, events
        fast, fresh = snapshot(rp, index, ev, (), memo), snapshot(rp, index, ev, ())  # type: ignore[arg-type]
        assert fast == fresh, index
        reused += sum(a is b for a, b in zip(fast.seats, last, strict=False))
        last[:] = fast.seats
        events += 1

    replay_record(record, observe=observe)
    assert events > 1000
    assert reused > 2 * events  # most events change one seat of four


def one_by_one(counts: tuple[int, ...], closed: bool, sanma: bool) -> tuple[int, tuple[int, ...]]:
    shape = Shape(counts, closed, sanma)
    base = shape.shanten()
    return base, tuple(
        k for k in range(34) if counts[k] < 4 and not (sanma and 1 <= k <= 7) and shape.shanten(k, 1) < base
    )


@pytest.mark.parametrize("path", [PHOENIX, ("tenhou_xml", "tenhou")])
def test_review_ukeire_equals_one_tile_at_a_time(path: tuple[str, ...]) -> None:
    found = corpus_dir(*path)
    record = found if found.is_file() else sorted(found.rglob("sanma*.xml"))[0]
    game = GameView.open(record)
    seen: set[tuple[tuple[int, ...], bool, bool]] = set()
    for tv in game:
        for sv in tv.seats:
            counts = sv.counts
            if sum(counts) % 3 != 2 or sum(counts) > 14:
                continue
            closed = not any(m.kind != "ankan" for m in sv.melds)
            for k in (k for k in range(34) if counts[k]):
                less = tuple(c - (i == k) for i, c in enumerate(counts))
                seen.add((less, closed, sv.sanma))
    for pos in seen:  # every hand a discard of the game could leave
        assert improving(*pos) == one_by_one(*pos), pos
    assert len(seen) > 500


def test_the_drawing_memo_gives_each_table_its_own_parts() -> None:
    """``layout`` with the game's memo (a seat found by its identity) draws every table as it draws
    it alone, with the parts' caches emptied; and seats a score change copied are not taken for
    the seat they were copied from."""
    from paifu.view.board import river_part, seat_part
    from paifu.view.svg import layout

    game = GameView.open(corpus_dir(*PHOENIX))
    seen: dict[tuple[int, bool, bool], object] = {}
    drawn = [layout(tv, seen)[0] for tv in game]
    seat_part.cache_clear()
    river_part.cache_clear()
    assert drawn == [layout(tv)[0] for tv in game]
    assert len(seen) < len(game) * len(game.tables[-1].seats) / 2  # most seats found again
