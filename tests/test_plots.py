"""Plots draw on the axes they are given and return them; the HTML report embeds PNGs."""

from __future__ import annotations

import base64
import re

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402

from paifu.analysis import plots  # noqa: E402
from paifu.analysis.cli import run_report  # noqa: E402
from paifu.analysis.examples import example_game  # noqa: E402
from paifu.analysis.report import build_report, write_html  # noqa: E402


def test_game_scores_on_a_given_axes() -> None:
    ax = Figure().add_subplot()
    assert plots.game_scores(example_game(), ax=ax) is ax
    lines = [ln for ln in ax.get_lines() if len(ln.get_ydata()) > 2]
    assert len(lines) == 4
    # seat A: hand starts, then the final score
    assert list(lines[0].get_ydata()) == [25000, 25000, 26500, 34500]


def test_placement_distribution_and_progression() -> None:
    r = build_report([example_game("g1"), example_game("g2")])
    gp = r.frames.game_players
    ax = plots.placement_distribution(gp, "A")
    heights = [p.get_height() for p in ax.patches]
    assert heights == [1.0, 0.0, 0.0, 0.0]
    ax = plots.rank_point_progression(gp, "C")
    assert list(ax.get_lines()[0].get_ydata()) == [-33.4, -66.8]


def test_rates_vs_field_and_png() -> None:
    r = build_report([example_game()])
    (key,) = r.table_keys()
    ax = plots.rates_vs_field(r.counters[(key, "A")], r.field(key), "A")
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "win rate" in labels and "deal in rate" in labels
    png = plots.to_png(ax)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_html_report_embeds_plots_and_flags(tmp_path) -> None:  # noqa: ANN001
    r = build_report([example_game(), example_game("bad", with_finding=True)], player="A")
    page = write_html(r, tmp_path / "r.html").read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) >= 3 and base64.b64decode(images[0])[:4] == b"\x89PNG"
    assert "Findings (1 of 2 games flagged)" in page and "points-mismatch" in page
    assert {p.name for p in tmp_path.iterdir()} == {
        "r.html",
        "r-players.csv",
        "r-league.csv",
        "r-games.csv",
        "r-findings.csv",
        "r-yaku.csv",
        "r-players",
    }
    assert sorted(p.name for p in (tmp_path / "r-players").iterdir()) == [
        "A.html",
        "B.html",
        "C.html",
        "D.html",
        "index.html",
    ]


def test_run_report_on_sample_or_corpus(tmp_path, capsys) -> None:  # noqa: ANN001
    from conftest import corpus_dir

    folder = corpus_dir("tenhou_xml", "mjx", "tests_py")
    html, players, games = tmp_path / "r.html", tmp_path / "p.csv", tmp_path / "g.parquet"
    rc = run_report([str(folder)], "ASAPIN", "auto", str(html), str(players), str(games))
    assert rc in (0, 1) and html.stat().st_size > 10000 and players.exists() and games.exists()
    assert "ASAPIN" in capsys.readouterr().out
    assert run_report([str(folder)], None, "no-such-scheme", None, None, None) == 2
    assert run_report([str(tmp_path / "missing")], None, "auto", None, None, None) == 2


def test_japanese_names_draw_without_missing_glyphs() -> None:
    import warnings

    game = example_game(players=("東大 太郎", "ひろし", "Bob", "雀士★3"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph ... missing from font(s)" would raise here
        png = plots.to_png(plots.game_scores(game))
    assert png.startswith(b"\x89PNG")
