"""DORA tournament brackets (000 §3) on tables built with ``builders``, written as mjai files.

The bracket is 000's own example at a quarter of the size: 12 entrants (plus 2 who cannot be
seated), three east-only tables whose top player goes on, so 3 winners and one lucky loser
drawn from the first round's 9 losers make the final table.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pandas as pd
import pytest
from builders import GameBuilder

from paifu.analysis import tournament
from paifu.analysis.tournament import (
    TournamentError,
    build_bracket,
    html_section,
    parse_prizes,
    rounds_from_paths,
)
from paifu.api import write
from paifu.cli import main

PINFU_23S = "123m55m456p789s23s"  # waits 1s-4s; a ron on 4s: pinfu, 1,000


def table(players: tuple[str, ...], winner: int | None) -> GameBuilder:
    """An east-only dora-tournament game: in East 1 seat ``winner`` rons the dealer's 4s for 1,000
    (pinfu); every other hand (all of them when ``winner`` is None) is drawn with nobody tenpai.
    No dealer repeats (000: 「親の連荘がない」): East 2..4 follow whatever happens; honba grow on draws."""
    g = GameBuilder(players, go_type=None)
    honba = 0
    for number in range(4):
        hands: list[str | None] = [None] * 4
        if number == 0 and winner is not None:
            hands[winner] = PINFU_23S
        h = g.hand(hands, hand_number=number, honba=honba, dice=None)
        if number == 0 and winner is not None:
            h.auto(4)
            h.draw(0, "4s")
            h.discard(0)
            deltas = [0] * 4
            deltas[0], deltas[winner] = -1000, 1000
            h.ron(winner, 0, deltas=deltas, fu=30, points=1000, yaku=[("pinfu", 1)])
            honba = 0
        else:
            h.run_out()
            honba += 1
    g.end()
    return g


def save(g: GameBuilder, path: Path) -> None:
    """As mjai: the claims it cannot carry (yaku, fu) are recomputed by the replay anyway."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        path.write_bytes(write(g.record(), "mjai"))


@pytest.fixture
def bracket_dir(tmp_path: Path) -> Path:
    """round1/: three tables (B wins, G wins, I..L all tied); round2/: the final B, G, I and E."""
    root = tmp_path / "cup"
    save(table(("A", "B", "C", "D"), 1), root / "round1" / "t1.jsonl")
    save(table(("E", "F", "G", "H"), 2), root / "round1" / "t2.jsonl")
    save(table(("I", "J", "K", "L"), None), root / "round1" / "t3.jsonl")
    save(table(("B", "G", "I", "E"), 3), root / "round2" / "final.jsonl")
    return root


def test_bracket_ranks_draws_and_checks_the_final(bracket_dir: Path) -> None:
    rounds = rounds_from_paths([str(bracket_dir)])
    assert [r.name for r in rounds] == ["round1", "round2"]
    assert all(not g.findings for r in rounds for g in r.tables)  # clean under dora-tournament
    entrants = [*"ABCDEFGHIJKL", "M", "N"]
    b = build_bracket(rounds, advance=1, seed=7, entrants=entrants, prizes=parse_prizes("take-all:10000"))
    assert b.problems == [], b.problems
    rows = b.rows
    first = rows[rows["round"] == "round1"].set_index("player")
    assert first.loc["B", "status"] == "advances" and first.loc["B", "final_score"] == 26000
    assert first.loc["G", "status"] == "advances"
    tied = first.loc[list("IJKL"), "status"].tolist()
    assert sorted(tied).count("advances (tie drawn)") == 1 and tied.count("out (tie drawn)") == 3
    assert (first["status"] == "lucky loser").sum() == 1
    lucky = first.index[first["status"] == "lucky loser"][0]
    assert lucky in set("ACDEFH") | (
        set("IJKL") - {first.index[first["status"] == "advances (tie drawn)"][0]}
    )
    assert first["claimed"].sum() == 4 and first.loc["E", "claimed"]
    assert b.refunded == ["M", "N"]
    assert any("tie at 25000 between I, J, K, L" in d for d in b.draws)
    assert any("lucky loser" in d and "9 losers" in d for d in b.draws)
    final = rows[rows["round"] == "round2"].set_index("player")
    assert b.champion == "E" and final.loc["E", "status"] == "champion" and final.loc["E", "prize"] == 10000
    assert final.loc["B", "prize"] == 0  # Take All: nothing below first
    # the same seed draws the same; the draw shows in the HTML section
    again = build_bracket(rounds, advance=1, seed=7, entrants=entrants)
    assert again.draws == b.draws and again.rows["status"].tolist() == rows["status"].tolist()
    assert "Tournament bracket" in html_section(b) and "lucky loser" in html_section(b)
    assert ">None<" not in html_section(b)  # round 1 has no prizes: empty cells, not "None"


def test_illegal_claims_and_seating(bracket_dir: Path) -> None:
    rounds = rounds_from_paths([str(bracket_dir / "round1")])
    b = build_bracket(
        rounds, advance=1, seed=1, claimed=["B", "I", "J", "Z"], entrants=list("ABCDEFGHIJKLMNOP")
    )
    assert "round 1: G placed to advance but is not in the claimed list" in b.problems
    assert "round 1: Z is claimed to advance but did not play this round" in b.problems
    assert any("12 players seated of 16 entrants; 0 should sit out" in p for p in b.problems)
    # the seed is cited by its document, not as a bare "000"
    assert (
        "round 1: M could not be seated: refunded (the DORA Mahjong rules page (seed 000): 「参加費が全額返金」)"
        in b.draws
    )
    with pytest.raises(TournamentError, match="between 1 and 3"):
        build_bracket(rounds, advance=4)


def test_a_flagged_table_is_a_problem(tmp_path: Path) -> None:
    """A table that repeats East 1 after a draw (no dealer repeats in 000's rounds) is reported."""
    g = GameBuilder(("A", "B", "C", "D"), go_type=None)
    for number, honba in ((0, 0), (0, 1), (1, 2), (2, 3), (3, 4)):
        g.hand([None] * 4, hand_number=number, honba=honba, dice=None).run_out()
    g.end()
    save(g, tmp_path / "t.jsonl")
    rounds = rounds_from_paths([str(tmp_path / "t.jsonl")])
    b = build_bracket(rounds, advance=2, seed=0)
    finding = rounds[0].tables[0].findings[0]
    assert finding.code == "hand-start-mismatch"
    # the finding told in words, as paifu validate tells it, not its code alone
    (problem,) = [p for p in b.problems if " under dora-tournament: " in p]
    assert problem.endswith(f"[{finding.code}] {finding.text()}"), problem
    out = io.StringIO()
    assert main(["tournament", str(tmp_path / "t.jsonl"), "--advance", "2"], out) == 1
    (line,) = [x for x in out.getvalue().splitlines() if x.startswith("PROBLEM: ")]
    assert line.endswith(f"[hand-start-mismatch] {finding.text()}"), line


def test_cli(bracket_dir: Path, tmp_path: Path) -> None:
    out = io.StringIO()
    csv, page = tmp_path / "b.csv", tmp_path / "b.html"
    code = main(
        [
            "tournament",
            str(bracket_dir),
            "--seed",
            "7",
            "--prizes",
            "6000,3000,1000",
            "--table",
            str(csv),
            "--html",
            str(page),
        ],
        out,
    )
    text = out.getvalue()
    assert code == 0, text
    assert (
        "draw seed 7" in text
        and "champion: E" in text
        and "draw: round1 table 3: tie at 25000 between I, J, K, L" in text
    )
    assert "round1: went on: B, G, I, E (legal; " in text
    df = pd.read_csv(csv)
    assert len(df) == 16 and df[df["player"] == "E"]["prize"].dropna().tolist() == [6000]
    assert "<h2>Tournament bracket</h2>" in page.read_text(encoding="utf-8")
    parquet = tmp_path / "b.parquet"
    assert main(["tournament", str(bracket_dir), "--seed", "7", "--table", str(parquet)], io.StringIO()) == 0
    assert len(pd.read_parquet(parquet)) == 16
    again = io.StringIO()
    main(["tournament", str(bracket_dir), "--seed", "7"], again)
    assert again.getvalue().splitlines()[:4] == text.splitlines()[:4]  # same seed, same draw
    claimed = tmp_path / "claimed.txt"
    claimed.write_text("B\nZ\n", encoding="utf-8")
    assert main(["tournament", str(bracket_dir / "round1"), "--claimed", str(claimed)], io.StringIO()) == 1
    assert main(["tournament", str(tmp_path / "missing")], io.StringIO()) == 2
    assert main(["tournament", str(bracket_dir), "--table", str(tmp_path / "b.txt")], io.StringIO()) == 2


def test_bracket_page_looks_like_the_report(bracket_dir: Path, tmp_path: Path) -> None:
    """The bracket page is drawn in the report's page shell and stylesheet (paifu.analysis.html), not a
    copy: the same head, summary cards, and each round as the report's scrolling table."""
    import paifu.analysis.html as report_html
    from paifu.analysis.examples import example_game
    from paifu.analysis.report import build_report, write_html

    page = tmp_path / "b.html"
    args = ["tournament", str(bracket_dir), "--seed", "7", "--prizes", "6000,3000,1000", "--html", str(page)]
    assert main(args, io.StringIO()) == 0
    html = page.read_text(encoding="utf-8")
    report = write_html(build_report([example_game("g1")]), tmp_path / "r.html").read_text(encoding="utf-8")
    head = report[: report.index("<title>")]
    assert html.startswith(head) and f"<style>{report_html.CSS}</style></head><body><main>" in html
    assert html.count(report_html.CSS) == 1 and "<style" not in Path(tournament.__file__).read_text()
    assert "<div class='cards'><div class='card'><b>champion</b><span>E</span></div>" in html
    assert html.count("<div class='scroll'><table><thead><tr><th>table</th>") == 2  # one per round
    assert "<tr class='me'><td class='n'>1</td>" in html  # who goes on stands out, as "me" in standings
    assert html.rstrip().endswith("</main></body></html>")
