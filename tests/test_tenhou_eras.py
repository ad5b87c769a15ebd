"""Tenhou's rules as a function of the table and the date (``paifu.rules.tenhou.RULE_CHANGES``).

Each change is proven on real records from both sides of it, and the window between the
last record of the old rule and the first of the new one is judged under neither.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from paifu.events import GameStart
from paifu.formats import read_path
from paifu.pipeline import replay_record
from paifu.rules.tenhou import RULE_CHANGES, tenhou_date, tenhou_go_type
from tests.conftest import corpus_dir

FASTMAJ = ("tenhou_xml", "fastmaj", "src", "test", "resources", "tenhou")


def _record(name: str, *parts: str):  # noqa: ANN202
    folder = corpus_dir(*(parts or FASTMAJ))
    (path,) = [p for p in folder.iterdir() if p.name.startswith(name)]
    (rec,) = read_path(str(path))
    return rec


def _redated(rec, date: str):  # noqa: ANN001, ANN202
    """The same record under another log id date (the table type unchanged)."""
    start = rec.events[0]
    assert isinstance(start, GameStart)
    gid = date + start.game_id[10:]
    return dataclasses.replace(rec, events=[dataclasses.replace(start, game_id=gid), *rec.events[1:]])


def _codes(rec, rules=None) -> set[str]:  # noqa: ANN001
    return {f.code for f in replay_record(rec, rules).findings}


def test_change_values_by_date() -> None:
    uma, stop = RULE_CHANGES
    assert uma.value("2009071823") == (10, 5, -5, -10) and uma.value("2009082713") == (20, 10, -10, -20)
    assert uma.value("2009080100") is None  # between the two records: unproven
    assert stop.value("2010030412") == "win" and stop.value("2010060800") == "win_or_tenpai"
    assert stop.value(None) == "win_or_tenpai"  # an undated record: today's rules
    assert tenhou_date("x/2009071823gm-0041-0000-ff3a2214&tw=0.mjlog") == "2009071823"
    assert tenhou_date("bug1", "per-hand") == "2009071823"  # INIT shuffle: no later than that


def test_east_only_uma_changed_in_2009() -> None:
    """Mid-2009 east-only games pay uma 10/5, later ones 20/10 (phoenix 225 included)."""
    old = tenhou_go_type(0x41, date="2009071823")
    assert old.uma == (10, 5, -5, -10) and old.name == "tenhou[type=65]@2009-07-18"
    assert tenhou_go_type(0xE1, date="2009082713").uma == (20, 10, -10, -20)
    assert tenhou_go_type(0xA9, date="2009071823").uma == (20, 10, -10, -20)  # hanchan: unchanged
    window = tenhou_go_type(0x41, date="2009080500")
    assert window.rank_scheme_known is False  # neither scheme is claimed in the window
    for name in ("2009071823gm-0041", "2009072918gm-0061", "2009082713gm-00e1", "2010030412gm-00e1"):
        rec = _record(name)
        assert _codes(rec) == set(), name
        # judged under the other era's uma, the claimed owari no longer fits
        other = "2014050315" if name < "200908" else "2009071823"
        assert "rank-points-mismatch" in _codes(_redated(rec, other)), name


def test_last_dealer_tenpai_stop_began_in_2010() -> None:
    """A top all-last dealer who is tenpai at an exhaustive draw plays on up to 2010-03 and ends
    the game from 2010-06; a date in between accepts both."""
    plays_on = _record("2009082713gm-00e1")
    stops = _record("2010060800gm-0061")
    assert _codes(plays_on) == set() and _codes(stops) == set()
    assert "game-end-mismatch" in _codes(_redated(plays_on, "2014050315"))
    assert "game-end-mismatch" in _codes(_redated(stops, "2009082713"))
    for rec in (plays_on, stops):  # between the eras: either outcome holds
        assert _codes(_redated(rec, "2010041512")) == set()
    # bug1.xml (INIT-shuffle era, undated): the dealer became top only through the noten
    # payments and played on; under today's rules that would have ended the game
    bug1 = _record("bug1.xml", "tenhou_xml", "tenhou", "log", "test_data")
    assert _codes(bug1) == set()
    assert "game-end-mismatch" in _codes(bug1, tenhou_go_type(0xA9))


def test_pao_ron_honba_charged_to_the_liable_player() -> None:
    rec = _record("2010060416gm-0061")
    assert _codes(rec) == set()
    rules = replay_record(rec).rules
    assert "score-delta-mismatch" in _codes(rec, rules.replace(pao_honba="discarder"))


def test_a_2009_east_only_game_stops_at_east_4_once_someone_has_30000() -> None:
    """The 2009 records agree on the east-only end: nobody plays into South with 30,000 or more.
    doubleron_and_riichi.xml, which does, carries the log id and header of doubleron.xml (a
    different game) over a hanchan's hands: its header is not its own (test_corpus_replay)."""
    for name in ("2009071823gm-0041", "2009072918gm-0061", "2009082713gm-00e1", "2009082815gm-00e1"):
        res = replay_record(_record(name))
        assert res.valid and all(h.round_wind == 0 for h in res.hands), name
    folder = corpus_dir("tenhou_xml", "pantheon", "Mimir", "tests", "helpers", "onlineLog", "testdata")
    a, b = (read_path(str(folder / f))[0] for f in ("doubleron.xml", "doubleron_and_riichi.xml"))
    assert a.start.game_id == b.start.game_id and a.events[1] != b.events[1]


def test_an_undated_init_shuffle_record_keeps_its_era_through_tenhou_json(tmp_path: Path) -> None:
    from paifu.api import write
    from paifu.formats import read_bytes

    rec = _record("bug1.xml", "tenhou_xml", "tenhou", "log", "test_data")
    with pytest.warns(UserWarning):
        data = write(rec, "tenhou-json")
    (back,) = read_bytes(data, "bug1.json")
    assert replay_record(back, check_wall=False).rules == replay_record(rec).rules


def _hint(game_id: str, **more: object) -> tuple[tuple[str, object], ...]:
    return (("tenhou_go_type", 0x41), ("game_id", game_id), *more.items())


def test_a_ruleset_is_kept_per_hint_and_era_not_per_game() -> None:
    """``rules_from_hint`` keeps a ruleset per hint, the log id read for its table type and date:
    two games of one table after every rule change share one ruleset, while games on either side of
    a change (or of the unproven window) get their own, named by the date where it changed a rule."""
    from paifu.rules import rules_from_hint
    from paifu.rules.tenhou import era_key

    tail = "gm-0041-0000-0123abcd"
    today = rules_from_hint(_hint("2019010100" + tail))
    assert rules_from_hint(_hint("2023070112" + tail)) is today
    assert era_key("2023070112") == "today" and era_key("2009071823") == "2009071823"
    old = rules_from_hint(_hint("2009071823" + tail))
    assert old is not today and old.uma == (10, 5, -5, -10) and old.name.endswith("@2009-07-18")
    older = rules_from_hint(_hint("2009071522" + tail))
    assert older.uma == old.uma and older.name.endswith("@2009-07-15")  # the date names it: not shared
    between = rules_from_hint(_hint("2009080100" + tail))
    assert not between.rank_scheme_known and today.rank_scheme_known
    # a log id elsewhere than at the start dates the table but names no type: the GO tag's stands
    assert rules_from_hint(_hint("x2019010100gm-00a9-0000-0123abcd")) is today


def test_hint_values_of_different_types_are_different_keys() -> None:
    """``True`` and ``1`` are equal keys of a dict; a kept ruleset is not handed to the other."""
    from paifu.rules import rules_from_hint

    a = rules_from_hint((("preset", "tenhou"), ("kuitan", True)))
    b = rules_from_hint((("preset", "tenhou"), ("kuitan", 1)))
    assert a.kuitan is True and b.kuitan == 1 and b.kuitan is not True
    # an unhashable value is read each time, not kept
    c = rules_from_hint((("preset", "tenhou"), ("red_fives", [0, 0, 0])))
    assert list(c.red_fives) == [0, 0, 0]


def test_today_is_told_apart_only_where_it_is_the_presets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were today's rules not the presets' (a change whose new value no preset has), every date
    would be its own key."""
    import paifu.rules.tenhou as tenhou

    monkeypatch.setattr(tenhou, "_today_is_preset", lambda: False)
    assert tenhou.era_key("2023070112") == "2023070112"
