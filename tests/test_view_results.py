"""The table at a result: the scores shown are the paid ones, at a ron as at a tsumo or a draw,
with each seat's change; and ``GameView`` as a sequence of tables."""

from __future__ import annotations

from pathlib import Path

from conftest import SAMPLES, corpus_dir

from paifu.view import GameView

DOUBLE_RON = SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml"


def _scores(game: GameView, i: int) -> tuple[int, ...]:
    return tuple(s.score for s in game.tables[i].seats)


def check_results(game: GameView) -> int:
    """Every hand's last table shows the hand's replayed end scores; each win's table shows the scores
    before the hand's first result plus the deltas of the wins so far; return the wins checked."""
    checked = 0
    for span, hr in zip(game.hands, game.result.hands, strict=False):
        assert _scores(game, span.end) == hr.scores_end, span
        events = range(span.start, span.end + 1)
        wins = [i for i in events if game.tables[i].kind == "Win"]
        first = next((i for i in events if game.tables[i].kind in ("Win", "Ryuukyoku")), None)
        if first is None:
            continue
        before = _scores(game, first - 1)
        paid = list(before)
        for i, w in zip(wins, hr.wins, strict=True):
            paid = [p + d for p, d in zip(paid, w.deltas, strict=True)]
            assert _scores(game, i) == tuple(paid), (span, i)
            assert game.tables[i].changes == tuple(p - b for p, b in zip(paid, before, strict=True))
            checked += 1
    return checked


def test_a_ron_shows_the_paid_scores() -> None:
    for name in ("chankan.xml", "double-ron-head-bump-free.xml", "exhaustive-draw-tenpai.xml"):
        game = GameView.open(SAMPLES / "tenhou-xml" / name)
        assert check_results(game) >= (1 if "draw" not in name else 0), name


def test_a_double_ron_pays_each_winner_at_its_own_win() -> None:
    game = GameView.open(DOUBLE_RON)
    wins = [t for t in game if t.kind == "Win"]
    assert len(wins) == 2
    first, second = (game.result.hands[-1].wins[k].deltas for k in (0, 1))
    before = _scores(game, wins[0].index - 1)
    assert _scores(game, wins[0].index) == tuple(b + d for b, d in zip(before, first, strict=True))
    assert wins[1].changes == tuple(a + b for a, b in zip(first, second, strict=True))
    assert wins[1].sticks == 0


def test_game_view_is_a_sequence_of_tables() -> None:
    game = GameView.open(SAMPLES / "tenhou-xml" / "chankan.xml")
    game.goto(5)
    tables = list(game)
    assert len(game) == len(tables) == len(game.record.events)
    assert [t.index for t in tables] == list(range(len(game)))
    assert game.position == 5  # iterating leaves the cursor where it was


def _phoenix_games() -> list[Path]:
    root = corpus_dir("tenhou_xml", "mjx")
    return sorted(p for p in root.rglob("*gm-*.mjlog") if p.is_file())


def test_phoenix_games_show_the_paid_scores_at_every_result() -> None:
    """The issue's four phoenix hanchan: before the fix only the hands without a ron showed them."""
    games = _phoenix_games()
    assert games, "no phoenix games in the corpus"
    rons = 0
    for path in games:
        game = GameView.open(path)
        check_results(game)
        rons += sum(1 for hr in game.result.hands for w in hr.wins if not w.tsumo)
    assert rons >= 10
