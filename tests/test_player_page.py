"""The player pages (``paifu report --html``: one per player, and ``--player NAME`` on the report's own
page): every statistic against each table's field, the Tenhou rating curve with Japanese text, the
yaku table, and the rating and yaku CSVs beside it."""

from __future__ import annotations

import re
import warnings

import pandas as pd
import pytest

from paifu.analysis.player_page import STATISTICS
from paifu.analysis.report import build_report, write_html
from paifu.analysis.stats import rates
from tests.conftest import corpus_dir
from tests.test_rating import PHOENIX

NAME = "水哉のレジェンド"
#: the player's games in the first hour of the phoenix day (their page's records and curves)
THEIRS = ("2017010100gm-00a9-0000-07e17ac2", "2017010100gm-00a9-0000-c65eef0f")


def test_page_of_a_phoenix_player(tmp_path) -> None:  # noqa: ANN001
    """The fast tier's player page: the player's games of the first hour and the hour's first five
    others (a field beside them), a page for each of their few dozen players; the slow tier's
    ``test_page_of_a_phoenix_player_in_two_hours`` draws every player of the first two hours."""
    hour = sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name[:10] == "2017010100")
    files = [p for p in hour if p.name in THEIRS] + [p for p in hour if p.name not in THEIRS][:5]
    assert len(files) == 7
    _check_player_page(files, tmp_path)


@pytest.mark.slow
def test_page_of_a_phoenix_player_in_two_hours(tmp_path) -> None:  # noqa: ANN001
    _check_player_page(
        sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name[:10] <= "2017010101"), tmp_path
    )


def _check_player_page(files: list, tmp_path) -> None:  # noqa: ANN001
    from paifu.pipeline import replay_paths

    report = build_report(replay_paths([str(f) for f in files]), player=NAME)
    name = NAME
    mine = [r for r in report.rating if r["player"] == name]
    assert {r["player"] for r in report.rating} == set(report.players())  # every player's, not one
    (key,) = report.keys_of(name)
    c = report.counters[(key, name)]
    assert len(mine) == c.ranked_games
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a glyph missing from every font would raise here
        page = write_html(report, tmp_path / "r.html").read_text(encoding="utf-8")
    section = page[page.index("id='player'") :]
    assert "Statistics against the table's field" in section and "飛び率" in section and "打点効率" in section
    assert section.count("<tr><td>") >= len(STATISTICS) - 1  # a four-player table: every statistic
    charts = re.findall(r"<svg class='chart'", section)
    assert len(charts) == 4  # the rank-point curve, the R, the dan and the rank points over time
    rating = pd.read_csv(tmp_path / "r-rating.csv")
    assert list(rating["stated_rate"]) == [r["stated_rate"] for r in report.rating]
    yaku = pd.read_csv(tmp_path / "r-yaku.csv")
    theirs = yaku[yaku["player"] == name]
    assert (theirs["wins"] == c.wins).all() and set(theirs["yaku"]) == set(c.yaku)
    ippatsu = rates(c)["ippatsu_rate"]
    assert ippatsu.denominator == c.riichi_won
    own = (tmp_path / "r-players" / "水哉のレジェンド.html").read_text(encoding="utf-8")
    assert "Statistics against the table's field" in own and "index.html" in own


def test_rating_curve_draws_japanese_without_missing_glyphs() -> None:
    import datetime as dt

    from paifu.analysis import plots
    from paifu.analysis.rating import RatedSeat, rating_change, rating_history

    first = RatedSeat("雀士", "a", "2017010100", 0, 1, 2000.0, 16, (2000.0,) * 4, "houou", True)
    after = 2000.0 + rating_change(1, 2000.0, first.table)
    second = RatedSeat(
        "雀士", "b", "2017010209", 0, 2, after, 16, (after, 2000.0, 2000.0, 2000.0), "houou", True
    )
    rows = rating_history([first, second])
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    ax = plots.rating_curve(rows, "雀士")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # drawn here, not by to_png (which hides a missing glyph)
        FigureCanvasAgg(ax.figure).draw()
    assert "レーティング" in ax.get_title() and plots.to_png(ax).startswith(b"\x89PNG")
    line = ax.get_lines()[0]
    # from the first record's R to the R its game gives, at the next record (a day and nine hours
    # later), which states just that: no gap, no break
    assert list(line.get_ydata()) == [2000.0, after, after]
    t1, t2 = dt.datetime(2017, 1, 1, 0, 30), dt.datetime(2017, 1, 2, 9, 30)
    assert list(line.get_xdata()) == [t1, t2, t2]
    assert "date" in ax.get_xlabel()


def test_rating_rows_merge_from_parts_in_any_grouping() -> None:
    """Parts made apart (a worker each) and merged give the one report's rating and counters."""
    from paifu.analysis.stream import ReportSink
    from paifu.pipeline import replay_paths

    files = sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name[:10] <= "2017010101")
    games = list(replay_paths([str(f) for f in files]))
    name = "水哉のレジェンド"
    whole = build_report(games, player=name)
    sink = ReportSink(player=name)
    for chunk in (games[:7], games[7:40], games[40:]):
        sink.add_part(sink.spec.part(chunk))
    sink.close()
    merged = sink.report()
    assert merged.rating == whole.rating and len(merged.rating) > 3
    assert merged.counters == whole.counters
