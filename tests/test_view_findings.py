"""A finding in the viewer: the record's value and the rules' value, its meaning, the rule and its
source, shown at its own event (named by that event's hand), for every kind of finding."""

from __future__ import annotations

import html
from pathlib import Path

from conftest import corpus_dir
from test_viewer_browser import _game_with_a_finding

from paifu.findings import CODES, Code, Finding
from paifu.rules import preset
from paifu.view import GameView
from paifu.view.panels import finding_html
from paifu.view.reasons import RULES, THE_GAME, finding_view

DOUBLE_RON = (
    "tenhou_xml",
    "pantheon",
    "Mimir",
    "tests",
    "helpers",
    "onlineLog",
    "testdata",
    "doubleron_and_riichi.xml",
)


def test_every_kind_of_finding_has_its_reason() -> None:
    """Each code: its meaning, the rule in words, and the ruleset values or the source it rests on."""
    tenhou = preset("tenhou")
    for code in Code:
        rule, fields, source = RULES[code]
        assert rule and (fields or source), code
        assert all(hasattr(tenhou, f) for f in fields), (code, fields)
        view = finding_view(Finding(code, "something"), tenhou, 3, "E1-0")
        shown = finding_html(view)
        assert CODES[code] in view.meaning and html.escape(rule.split(",")[0]) in shown, code


def test_a_finding_shows_both_values_and_the_cited_rule() -> None:
    f = Finding(
        Code.POINTS_MISMATCH,
        "the hand's value differs from the replay",
        hand="E1-0",
        event_index=23,
        expected=5200,
        actual=5300,
    )
    view = finding_view(f, preset("qdan"), 23, "E1-0")
    assert (view.label, view.record, view.rules) == ("a value of", "5,300 points", "5,200 points")
    assert [v.field for v in view.values] == ["kiriage", "kazoe_yakuman"]
    assert all(v.source.startswith("qdan: ") for v in view.values)  # the preset's cited source
    shown = finding_html(view)
    assert (
        "the record says a value of <b>5,300 points</b>" in shown
        and "the rules give <b>5,200 points</b>" in shown
    )


def test_a_game_end_finding_opens_at_its_own_event_and_says_why() -> None:
    """doubleron_and_riichi.xml (an East game, GO type 1, that went on into South): the finding about
    E4-1 is found at South 1's start (event 518), and the page names both, with the rule that ended
    the game (the top had 30,000 after the last scheduled hand) and the table's value of it."""
    game = GameView.open(corpus_dir(*DOUBLE_RON))
    first = game.finding_views[0]
    assert first.code == "game-end-mismatch" and first.event == 518 and game.finding(0).index == 518
    assert game.tables[518].kind == "HandStart" and first.at_hand == "S1-0" and first.hand == "E4-1"
    assert first.where == "S1-0 event 518 (about E4-1)"
    assert (
        "after E4-1, the last scheduled hand of the East round" in first.message and "36,400" in first.message
    )
    values = {v.field: v for v in first.values}
    assert values["length"].value == "east" and "the tenhou preset has south" in values["length"].source
    assert values["extension_target"].value == "30,000" and values["extension_target"].source.startswith(
        "tenhou: "
    )
    assert first.source == "the table's rules" and first.rule
    assert game.tables[518].finding_views == (first,)


def test_a_finding_without_ruleset_values_names_its_source() -> None:
    view = finding_view(
        Finding(Code.TILE_NOT_IN_HAND, "discards 7z which it does not hold"), preset("tenhou"), 3, "E1-0"
    )
    assert view.values == () and view.source == THE_GAME and view.record is None
    assert "source: the game itself" in finding_html(view)


def test_hand_start_scores_rest_on_the_last_hand(tmp_path: Path) -> None:
    """The scores a hand starts with come from the last hand, not from a ruleset value."""
    _, game = _game_with_a_finding(tmp_path)
    view = game.finding_views[0]
    assert (
        view.code == "hand-start-mismatch" and view.rule == "a hand starts with the scores the last one left"
    )
    assert view.values == () and view.record and view.rules and view.record != view.rules
