"""The streamed report: same report as the in-memory one, rows in a Parquet dataset, bounded memory."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from conftest import CORPUS, SAMPLES

from paifu.analysis import stream
from paifu.analysis.examples import example_game
from paifu.analysis.frames import TABLES, build_frames
from paifu.analysis.report import build_report, write_html, write_table
from paifu.analysis.rowfiles import arrow_rows, decoded, plain
from paifu.analysis.stream import (
    PartSpec,
    ReportPart,
    ReportSink,
    iter_frames,
    partition_value,
)
from paifu.cli import main
from paifu.pipeline import replay_paths


@pytest.fixture(scope="module")
def items(tmp_path_factory: pytest.TempPathFactory) -> list:
    """Sample logs, a dated record with two findings, a corpus folder with more flagged games when
    present, and one unreadable file: a fresh clone without ../shared has every kind."""
    folder = tmp_path_factory.mktemp("bad")
    bad = folder / "broken.xml"
    bad.write_text("<mjloggm ver='2.3'><GO type='9'/><UN n0='a'", encoding="utf-8")
    # a sample whose two wins each claim 100 points too many, under a log id that dates it
    text = (SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml").read_text(encoding="utf-8")
    flagged = text.replace('ten="20,5200,0"', 'ten="20,5300,0"').replace('ten="0,32000,5"', 'ten="0,32100,5"')
    assert flagged.count("5300") == flagged.count("32100") == 1
    (folder / "2026110112gm-0001-0000-0badf00d.xml").write_text(flagged, encoding="utf-8")
    paths = [str(SAMPLES), str(folder)]
    if (CORPUS / "tenhou6_json").exists():
        paths.insert(1, str(CORPUS / "tenhou6_json"))
    return list(replay_paths(paths))


def _games(items: list) -> list:
    return [i for i in items if not hasattr(i, "reason")]


@pytest.mark.slow
def test_sink_report_is_the_in_memory_report(items: list, tmp_path: Path) -> None:
    games, bad = _games(items), [i for i in items if hasattr(i, "reason")]
    assert bad and len(games) > 5
    player = games[0].players[0]
    (tmp_path / "s").mkdir()
    (tmp_path / "w").mkdir()
    sink = ReportSink(player=player, chunk_games=3, html=tmp_path / "s" / "r.html")
    for item in items:
        sink.add(item)
    sink.close()
    streamed, whole = sink.report(), build_report(games, player=player, unreadable=bad)
    assert streamed.summary() == whole.summary()
    assert streamed.headline() == whole.headline() and whole.date_range() is not None
    pd.testing.assert_frame_equal(streamed.stats, whole.stats)
    pd.testing.assert_frame_equal(streamed.flagged, whole.flagged)
    pd.testing.assert_frame_equal(streamed.findings, whole.findings.head(stream.FINDINGS_KEPT))
    assert streamed.counters == whole.counters
    write_html(streamed, tmp_path / "s" / "r.html")
    write_html(whole, tmp_path / "w" / "r.html")
    names = sorted(p.name for p in (tmp_path / "w").iterdir())
    # the player has a dated, rated game (the fixture's copy of a sample): its rating curve is written too
    assert names == [
        "r-findings.csv",
        "r-games.csv",
        "r-league.csv",
        "r-players",
        "r-players.csv",
        "r-rating.csv",
        "r-yaku.csv",
        "r.html",
    ]
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == names
    names.remove("r-players")
    names += [f"r-players/{p.name}" for p in (tmp_path / "w" / "r-players").iterdir()]
    for name in names:  # the page, the players' pages and the full tables beside it, byte for byte
        assert (tmp_path / "s" / name).read_bytes() == (tmp_path / "w" / name).read_bytes(), name
    assert len(pd.read_csv(tmp_path / "s" / "r-findings.csv")) == len(whole.findings) > 0


def test_parts_merge_in_any_grouping(items: list) -> None:
    spec = PartSpec(tables=tuple(TABLES))
    one_by_one = ReportPart()
    for item in items:
        one_by_one.merge(spec.part([item]))
    k = len(items) // 3
    a, b, c = spec.part(items[:k]), spec.part(items[k : 2 * k]), spec.part(items[2 * k :])
    right_first = spec.part(items[:k]).merge(spec.part(items[k : 2 * k]).merge(spec.part(items[2 * k :])))
    for grouped in (a.merge(b).merge(c), right_first):
        assert grouped.counters == one_by_one.counters
        assert (grouped.games, grouped.hands, grouped.flagged_count) == (
            one_by_one.games,
            one_by_one.hands,
            one_by_one.flagged_count,
        )
        assert grouped.flagged == one_by_one.flagged and grouped.rows == one_by_one.rows
        assert grouped.unreadable == one_by_one.unreadable
    # a worker's rows travel as Arrow: the same rows, in the same order
    columnar = spec.part(items[:k]).columnar(None).merge(spec.part(items[k:]).columnar(None))
    for name in TABLES:
        if not one_by_one.rows[name]:  # no findings in these records: nothing to send
            assert name not in columnar.tables
            continue
        got = decoded(name, columnar.tables[name], None)
        assert got.equals(arrow_rows(name, one_by_one.rows[name]), check_metadata=True)
    with pytest.raises(ValueError, match="columnar"):
        spec.part(items[:k]).merge(spec.part(items[k:]).columnar(None))


@pytest.mark.parametrize("partition", ["source", "date", "none"])
def test_out_dataset_holds_every_row(items: list, tmp_path: Path, partition: str) -> None:
    games = _games(items)
    out = tmp_path / "ds"
    sink = ReportSink(out_dir=str(out), partition=partition, chunk_games=4)
    for item in items:
        sink.add(item)
    sink.close()
    frames = build_frames(games)
    keys = ["source", "game_index"]
    for name in TABLES:
        back = pd.read_parquet(out / name)
        column = stream.PARTITIONS[partition]
        if column:
            expect = [
                partition_value(partition, g.source, g.game_id)
                for g in games
                if name != "findings" or g.findings
            ]  # findings: only games that have some (none at all: one empty file, in the first partition)
            assert set(back[column].astype(str)) == set(expect) or (not expect and back.empty)
            back = back.drop(columns=[column])
        want = plain(getattr(frames, name))
        for col in want.columns:  # the same instants; Parquet may keep another unit than the frame's
            if pd.api.types.is_datetime64_any_dtype(want[col]):
                back[col] = back[col].astype(want[col].dtype)
        order = keys + [c for c in ("hand_index", "seat") if c in want.columns]
        back = back.sort_values(order, kind="stable").reset_index(drop=True)
        want = want.sort_values(order, kind="stable").reset_index(drop=True)
        pd.testing.assert_frame_equal(back[list(want.columns)], want, check_dtype=False)


def test_memory_is_bounded_by_samples_and_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from paifu.analysis import parts

    monkeypatch.setattr(parts, "SAMPLE_GAMES", 5)
    monkeypatch.setattr(parts, "FLAGGED_KEPT", 3)
    printed: list[dict] = []
    sink = ReportSink(player="A", games_out=None, chunk_games=10, on_flagged=printed.append)
    for i in range(200):
        sink.add(example_game(f"g{i}", with_finding=i % 2 == 0))
        assert sum(len(rows) for rows in sink.agg.rows.values()) == 0  # no table asked for: no rows held
    report = sink.report()
    assert report.totals.games == 200 and report.flagged_count == 100 and len(printed) == 100
    assert len(report.frames.games) == 5 and len(report.flagged) == 3 and report.results == []
    (key,) = report.table_keys()
    assert report.counters[(key, "A")].games == 200 and report.frames.game_players.empty
    assert report.findings_count == 100 and len(report.findings) <= stream.FINDINGS_KEPT


def test_plot_curves_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's curve is thinned as it grows: at most CURVE_POINTS points, ending at the exact total."""
    from paifu.analysis import plotdata

    monkeypatch.setattr(plotdata, "CURVE_POINTS", 8)
    curve = plotdata.Curve()
    for i in range(1, 101):
        curve.add(float(i))
        assert len(curve.xs) <= 8
    xs, ys = curve.series()
    assert xs[-1] == 100 and ys[-1] == sum(range(1, 101)) and curve.stride == 16
    assert all(y == x * (x + 1) / 2 for x, y in zip(xs, ys, strict=True))  # exact cumulative values


def test_page_of_a_sampled_report_needs_the_streamed_tables(
    items: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report that kept only samples cannot write the full tables afterwards: it says so, and with
    ``html=`` given to the sink the page shows the first findings and points to the complete CSV."""
    monkeypatch.setattr(stream, "SAMPLE_GAMES", 2)
    monkeypatch.setattr(stream, "FINDINGS_KEPT", 1)
    # our own records (the samples, the dated one with two findings, the unreadable one): the
    # corpus folder's games would only add player pages to draw
    items = [i for i in items if not str(getattr(i, "source", "")).startswith(str(CORPUS))]
    assert len(_games(items)) >= 3
    sink = ReportSink()
    for item in items:
        sink.add(item)
    sink.close()
    with pytest.raises(ValueError, match="sample"):
        write_html(sink.report(), tmp_path / "x.html")
    sink = ReportSink(html=tmp_path / "r.html", chunk_games=2)
    for item in items:
        sink.add(item)
    sink.close()
    report = sink.report()
    assert report.findings_count >= 2  # the dated record's two
    page = write_html(report, tmp_path / "r.html").read_text()
    assert f"Showing 1 of {report.findings_count:,} rows" in page and "r-findings.csv" in page
    assert len(pd.read_csv(tmp_path / "r-findings.csv")) == report.findings_count


def test_rows_wait_at_most_one_chunk(tmp_path: Path) -> None:
    sink = ReportSink(out_dir=str(tmp_path / "ds"), chunk_games=7)
    for i in range(30):
        sink.add(example_game(f"g{i}"))
        assert sink.pending < 7 and len(sink.agg.rows.get("games", [])) < 7
    sink.close()
    assert len(pd.read_parquet(tmp_path / "ds" / "games")) == 30


def test_partition_values() -> None:
    assert partition_value("date", "x/y.mjlog", "2009071823gm-0041-0000-ff3a2214") == "2009-07"
    assert partition_value("date", "x/y.json", "game") == "unknown"
    assert partition_value("source", "logs/tenhou/a.xml", None) == "tenhou"


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_games_table_streamed_is_the_whole_table(items: list, tmp_path: Path, suffix: str) -> None:
    sink = ReportSink(games_out=str(tmp_path / f"g{suffix}"), chunk_games=2)
    for item in items:
        sink.add(item)
    sink.close()
    whole = write_table(build_frames(_games(items)).game_players, tmp_path / f"w{suffix}")
    if suffix == ".csv":
        assert (tmp_path / "g.csv").read_text() == whole.read_text()
    else:
        pd.testing.assert_frame_equal(
            pd.read_parquet(tmp_path / "g.parquet"), pd.read_parquet(whole), check_dtype=False
        )


def test_cli_out_needs_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "old.txt").write_text("x")
    assert main(["report", str(SAMPLES), "--out", str(tmp_path)]) == 2
    assert "--out needs a new or empty folder" in capsys.readouterr().err
    assert main(["report", str(SAMPLES), "--out", str(tmp_path / "ds"), "--partition", "date"]) == 0
    assert len(pd.read_parquet(tmp_path / "ds" / "hands")) == sum(
        len(g.hands) for g in replay_paths([str(SAMPLES)])
    )


@pytest.mark.parametrize("partition", ["source", "date", "none"])
def test_out_tables_without_rows_keep_their_columns(tmp_path: Path, partition: str) -> None:
    """A run with no findings writes its findings table empty but with its columns and types, as a
    run that has findings does: the runs' tables concatenate, in pandas and in pyarrow."""
    import pyarrow.dataset as pads

    clean = SAMPLES / "tenhou-xml" / "nine-terminals-abort.xml"
    flagged = tmp_path / "wrong-final.xml"
    flagged.write_text(
        (SAMPLES / "tenhou-xml" / "chankan.xml").read_text().replace('owari="250,', 'owari="260,')
    )
    for name, record, code in (("clean", clean, 0), ("flagged", flagged, 1)):
        assert (
            main(["report", "-q", str(record), "--out", str(tmp_path / name), "--partition", partition])
            == code
        )
    for table in ("findings",):  # every table gets this; our samples all have wins
        empty = pd.read_parquet(tmp_path / "clean" / table)
        full = pd.read_parquet(tmp_path / "flagged" / table)
        assert empty.empty and len(full)
        assert list(empty.columns) == list(full.columns) and len(empty.columns) > 5
        column = stream.PARTITIONS[partition]
        plain_types = {c: str(t) for c, t in empty.dtypes.items() if c != column}
        assert plain_types == {c: str(t) for c, t in full.dtypes.items() if c != column}
        both = pd.concat([empty, full], ignore_index=True)
        assert list(both.columns) == list(full.columns) and len(both) == len(full)
        schemas = [
            pads.dataset(tmp_path / run / table, partitioning="hive").schema for run in ("clean", "flagged")
        ]
        assert schemas[0].equals(schemas[1])


def test_no_games_leaves_no_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    args = ["report", str(empty), "--out", str(tmp_path / "ds"), "--games", str(tmp_path / "g.parquet")]
    assert main(args) == 2
    assert "no games found" in capsys.readouterr().err
    assert not (tmp_path / "g.parquet").exists() and not any((tmp_path / "ds").rglob("*.parquet"))


def test_frames_in_chunks_are_the_whole_frames(items: list) -> None:
    whole = build_frames(_games(items))
    chunks = list(iter_frames(items, chunk_games=4))
    assert len(chunks) == -(-len(_games(items)) // 4)
    for name in TABLES:
        joined = pd.concat([getattr(c, name) for c in chunks], ignore_index=True)
        pd.testing.assert_frame_equal(joined, getattr(whole, name))
