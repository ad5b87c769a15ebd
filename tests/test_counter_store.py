"""Per-player counters held compact (``CounterStore``, ``pack``): exactly the counters of one pass."""

from __future__ import annotations

import filecmp
import io
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import SAMPLES, corpus_dir
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu.analysis import counters as counters_module
from paifu.analysis.counters import (
    Best,
    CounterStore,
    Moments,
    Peak,
    PlayerCounters,
    add_counters,
    combine,
    pack,
    unpack,
)
from paifu.analysis.parts import ReportPart
from paifu.cli import main

_exact = st.one_of(
    st.integers(-(10**20), 10**20),
    st.builds(Fraction, st.integers(-(10**6), 10**6), st.integers(1, 12)),
)
_moments = st.builds(Moments, st.integers(0, 10**6), _exact, _exact)
_text = st.text(max_size=6)


@st.composite
def player_counters(draw: st.DrawFn) -> PlayerCounters:
    """Counters with every kind of field drawn: ints, exact sums (ints and fractions), peaks,
    records with text, and counters keyed by ints and by text."""
    c = PlayerCounters(
        games=draw(st.integers(0, 10**12)),
        wins=draw(st.integers(0, 5)),
        busts=draw(st.booleans()),
        placement=draw(_moments),
        win_table_turn=draw(_moments),
        rank_points=draw(_moments),
        dealer_run=Peak(draw(st.integers(0, 9))),
        biggest_win=draw(
            st.one_of(st.just(Best()), st.builds(Best, st.integers(0, 10**5), _text, _text, _text))
        ),
        placements=Counter(draw(st.dictionaries(st.integers(1, 4), st.integers(1, 9)))),
        yaku=Counter(draw(st.dictionaries(_text, st.integers(1, 9), max_size=4))),
        opponents=Counter(draw(st.dictionaries(_text, st.integers(1, 9), max_size=4))),
    )
    return c


def _same(a: PlayerCounters, b: PlayerCounters) -> bool:
    """Equal field by field and of the same types (an int sum is not a fraction equal to it)."""
    return (
        a == b
        and pack(a) == pack(b)
        and all(
            list(getattr(a, f).items()) == list(getattr(b, f).items())
            for f in ("placements", "yaku", "opponents", "lobby_placements")
        )
    )


@given(player_counters())
def test_pack_round_trip_is_exact(c: PlayerCounters) -> None:
    back = unpack(pack(c))
    assert _same(back, c)
    for f in ("placement", "win_table_turn", "rank_points"):
        assert type(getattr(back, f).exact_total) is type(getattr(c, f).exact_total)
    assert len(pack(c)) < 2048  # compact: an object is ~16 KiB


_games = st.lists(st.tuples(st.sampled_from("abcdefg"), player_counters()), max_size=20)


@settings(max_examples=60, deadline=None)
@given(_games, st.lists(st.integers(1, 20), max_size=6), st.integers(0, 4))
def test_store_in_any_split_equals_one_pass(
    games: list[tuple[str, PlayerCounters]], cuts: list[int], live: int
) -> None:
    """Counting game by game into one dict, and into a store that holds ``live`` players as objects
    (the rest packed) fed by batches cut anywhere and merged as parts, give the same counters, in
    the same order of players."""
    one_pass = combine(*({k: c} for k, c in games))
    bounds = sorted({0, len(games), *(min(c, len(games)) for c in cuts)})
    agg = ReportPart(counters=CounterStore(live))
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        part = ReportPart()
        for k, c in games[lo:hi]:
            add_counters(part.counters, {k: c})
        agg.merge(part)
    assert list(agg.counters) == list(one_pass)
    for k, c in one_pass.items():
        assert _same(agg.counters[k], c)


def test_store_values_are_copies_and_packed_past_the_limit() -> None:
    store = CounterStore(live=1)
    store.add(("t", "a"), PlayerCounters(games=1))
    store.add(("t", "b"), PlayerCounters(games=2))
    assert store.packed_bytes() > 0  # "a" went out of the live one: packed
    store[("t", "a")].games = 99  # a value read changes nothing stored
    assert store[("t", "a")].games == 1
    store.add(("t", "a"), PlayerCounters(games=1))
    assert [c.games for c in store.values()] == [2, 2]
    assert list(store) == [("t", "a"), ("t", "b")]


def _report(
    paths: list[str],
    out: Path,
    live: int,
    monkeypatch: pytest.MonkeyPatch,
    memory: int = 10**9,
    html: bool = True,
    stats_rows: int = 10**9,
    players: str = "p.csv",
) -> str:
    """The report's files under ``out``; what it printed (its summary and league tables) returned."""
    from paifu.analysis import plotdata, seat_log, stats

    monkeypatch.setattr(stats, "STATS_ROWS", stats_rows)

    monkeypatch.setattr(counters_module, "LIVE_PLAYERS", live)
    monkeypatch.setattr(plotdata, "LIVE_CURVES", max(live, 1))
    for module, name in (
        (counters_module, "MEMORY_PLAYERS"),
        (plotdata, "MEMORY_CURVES"),
        (seat_log, "MEMORY_SEATS"),
    ):
        monkeypatch.setattr(module, name, memory)
    out.mkdir()
    printed = io.StringIO()
    page = ["--html", str(out / "r.html")] if html else []
    tables = ["--players", str(out / players), "--games", str(out / "g.csv")]
    rc = main(["report", "-q", *paths, *page, *tables], printed)
    assert rc in (0, 1)  # clean, or games with findings (reported all the same)
    return printed.getvalue()


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("where", ["samples", pytest.param("corpus", marks=pytest.mark.slow)])
def test_report_files_identical_whatever_the_live_limit(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file a report writes (page, tables beside it, player pages, --players, --games) is the
    same byte for byte whether every player's counters stay objects or all but none are packed. A
    corpus folder's many players in the slow tier (about 34 CPU-s); our sample logs in the fast one."""
    paths = [str(SAMPLES)] if where == "samples" else [str(corpus_dir("tenhou_xml", "fastmaj"))]
    _report(paths, tmp_path / "objects", 10**9, monkeypatch)
    _report(paths, tmp_path / "packed", 0, monkeypatch)
    _report(paths, tmp_path / "spilled", 0, monkeypatch, memory=1)  # every player's state on disk
    a = _tree(tmp_path / "objects")
    assert len(a) > 5 and any("players" in name for name in a)  # the player pages are there
    for other in ("packed", "spilled"):
        b = _tree(tmp_path / other)
        assert a.keys() == b.keys()
        assert [n for n in a if a[n] != b[n]] == []
        assert filecmp.cmp(tmp_path / "objects" / "p.csv", tmp_path / other / "p.csv", shallow=False)


def test_font_subset_is_the_same_bytes_in_another_process() -> None:
    """The report's embedded font carries no time of its own making: a report written again is the
    same bytes (fontTools wrote the current second into the font's head table)."""
    import subprocess
    import sys
    import time

    code = "from paifu.analysis.fonts import subset_font; import sys; sys.stdout.write(subset_font('麻雀あい').hex())"
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    time.sleep(1.1)  # the head table's time stamp is in seconds
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert first and first == second


@pytest.mark.parametrize("where", ["samples", pytest.param("corpus", marks=pytest.mark.slow)])
def test_players_table_in_pieces_is_the_whole_table(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report without ``--html`` writes ``--players`` a few rows at a time from the store (on disk
    or not) and prints its summary and league tables without the whole players or league table: the
    same CSV bytes and the same text as the report that makes them whole (for its page), and the
    same rows in the Parquet file."""
    import pandas as pd

    from paifu.analysis import model, stats

    paths = [str(SAMPLES)] if where == "samples" else [str(corpus_dir("tenhou_xml", "fastmaj"))]
    whole = _report(paths, tmp_path / "whole", 10**9, monkeypatch)
    _report(paths, tmp_path / "whole-pq", 10**9, monkeypatch, players="p.parquet")
    largest: list[int] = []
    made = stats._stats_rows

    def rows(counters: object, order: list[object], *args: object) -> object:
        largest.append(len(order))
        return made(counters, order, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(stats, "_stats_rows", rows)
    monkeypatch.setattr(model, "league_frame", None)  # the whole league: never made without --html
    for memory in (10**9, 1):
        out = tmp_path / f"pieces-{memory}"
        assert _report(paths, out, 0, monkeypatch, memory=memory, html=False, stats_rows=3) == whole
        assert (out / "p.csv").read_bytes() == (tmp_path / "whole" / "p.csv").read_bytes()
        pq = tmp_path / f"pq-{memory}"
        _report(paths, pq, 0, monkeypatch, memory=memory, html=False, stats_rows=3, players="p.parquet")
        a, b = (pd.read_parquet(d / "p.parquet") for d in (tmp_path / "whole-pq", pq))
        pd.testing.assert_frame_equal(a, b)
        assert len(a) > 3  # in more than one piece
    assert largest and max(largest) <= 3
