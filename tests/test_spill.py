"""Per-player state past a limit waits on disk (``paifu.analysis.spill``) and reads back exactly,
in the same order, and no exit leaves its file behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import corpus_dir
from hypothesis import given, settings
from hypothesis import strategies as st

from paifu.analysis.counters import CounterStore, PlayerCounters
from paifu.analysis.plotdata import CurveStore, PlotData, TableCurves
from paifu.analysis.spill import SpillMap

_keys = st.tuples(st.sampled_from(["t4", "t3", ("x", 1)]), st.text(max_size=3))
_ops = st.lists(st.tuples(st.sampled_from(["set", "del", "get"]), _keys, st.integers(0, 99)), max_size=60)


def _int_map(live: int, memory: int | None) -> SpillMap[int]:
    return SpillMap(lambda v: str(v).encode(), lambda b: int(b.decode()), live, memory)


@settings(max_examples=80, deadline=None)
@given(_ops, st.integers(0, 3), st.one_of(st.none(), st.integers(0, 6)))
def test_spill_map_is_a_dict(
    ops: list[tuple[str, tuple[object, str], int]], live: int, memory: int | None
) -> None:
    """Set, delete and read keys in any order: the map, whatever its limits, is the dict (the same
    keys in the same order, the same values), on disk or not."""
    m, d = _int_map(live, memory), {}
    for op, key, value in ops:
        if op == "set":
            m[key] = value
            d[key] = value
        elif op == "del" and key in d:
            del m[key]
            del d[key]
        assert (key in m) == (key in d)
        if key in d:
            assert m[key] == d[key]
    assert list(m) == list(d)
    assert len(m) == len(d)
    assert dict(m.items()) == d
    # in name order (a stable sort: keys of one name in first-added order), of every head or of one
    pairs = [k for k in d if isinstance(k[1], str)]
    by_name = sorted(pairs, key=lambda k: k[1])
    assert list(m.names_in_order()) == by_name
    for head in ("t4", "t3", ("x", 1)):
        assert list(m.names_in_order(head)) == [k for k in by_name if k[0] == head]
    assert m.heads() == {k[0] for k in pairs}
    if memory is not None:
        assert m.held() <= max(memory, live, 1)


def test_a_limit_of_one_spills_everything_but_the_live_one() -> None:
    m = _int_map(1, 1)
    for i in range(50):
        m[("t", str(i))] = i
    assert m.held() == 1 and m.spilled() == 49
    m[("t", "3")] = 300  # back from the disk, in its own place
    assert list(m) == [("t", str(i)) for i in range(50)]
    assert [m[k] for k in m] == [300 if i == 3 else i for i in range(50)]
    m.close()
    assert len(m) == 0


_games = st.lists(
    st.tuples(
        st.tuples(st.sampled_from(["a", "b"]), st.sampled_from("pqrstuvw")),
        st.builds(PlayerCounters, games=st.integers(1, 3), wins=st.integers(0, 9)),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(_games, st.integers(0, 3), st.integers(1, 5))
def test_counter_store_spilled_equals_one_pass(
    games: list[tuple[tuple[str, str], PlayerCounters]], live: int, memory: int
) -> None:
    one_pass: dict[tuple[str, str], PlayerCounters] = {}
    for k, c in games:
        one_pass[k] = one_pass[k] + c if k in one_pass else c + PlayerCounters()
    store = CounterStore(live, memory)
    for k, c in games:
        store.add(k, c)
    assert list(store) == list(one_pass)
    assert all(store[k] == c for k, c in one_pass.items())


def test_curves_spilled_equal_curves_in_memory() -> None:
    """The rank-point curves fed the same seats give the same points, whether they wait on disk."""
    plain, store = PlotData(), CurveStore(live=1, memory=2)
    spilled = PlotData(TableCurves(store, "t"))
    for i in range(3000):
        name = f"p{i % 37}"
        points = (i % 7 - 3) * 10.5 + 0.1
        plain.add_seat(name, i % 4 + 1, points)
        spilled.add_seat(name, i % 4 + 1, points)
    assert store.spilled() > 30
    assert sorted(spilled.curves) == sorted(plain.curves)
    for name, curve in plain.curves.items():
        assert spilled.curves[name].series() == curve.series()
    assert spilled.points == plain.points


_RUN = """
import sys
from paifu.analysis import counters, plotdata, spill
spill.CACHE_KIB = 1  # the database's pages on disk from the first ones
counters.MEMORY_PLAYERS = plotdata.MEMORY_CURVES = 1
counters.LIVE_PLAYERS = plotdata.LIVE_CURVES = 1
from paifu.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _deleted_files_in(pid: int, folder: Path) -> list[str]:
    out = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(str(folder)):
            out.append(target)
    return out


def test_spilled_report_leaves_no_file_whatever_ends_it(tmp_path: Path) -> None:
    """A report that spills writes its per-player state to a file no one can see (unlinked as soon
    as it is open, in ``TMPDIR``): a run that ends, one stopped by a signal and one killed leave
    ``TMPDIR`` empty."""
    records = str(corpus_dir("tenhou_xml", "fastmaj"))
    for how in ("finish", "SIGTERM", "SIGKILL"):
        tmp = tmp_path / f"tmp-{how}"
        tmp.mkdir()
        out = tmp_path / f"out-{how}"
        env = {**os.environ, "TMPDIR": str(tmp)}
        argv = [sys.executable, "-c", _RUN, "report", "-q", records, "--players", str(out) + ".csv"]
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seen: list[str] = []
        deadline = time.monotonic() + 240
        while proc.poll() is None and time.monotonic() < deadline:
            seen = seen or _deleted_files_in(proc.pid, tmp)
            if seen and how != "finish":
                # a moment on: SIGKILL between SQLite's open and unlink of a file (microseconds
                # apart in C) would leave it, the one exit no process can act on
                time.sleep(0.5)
                proc.send_signal(getattr(signal, how))
                break
            time.sleep(0.05)
        proc.wait(timeout=240)
        assert seen and all(s.endswith("(deleted)") for s in seen), (how, seen)  # on disk, unseen
        assert list(tmp.iterdir()) == [], how
        if how == "finish":
            assert proc.returncode in (0, 1) and Path(str(out) + ".csv").exists()
        else:
            assert proc.returncode != 0 and not Path(str(out) + ".csv").exists()
