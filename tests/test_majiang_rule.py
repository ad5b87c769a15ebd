"""電脳麻将 rule objects -> Ruleset: every key maps, values we cannot express are errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import corpus_dir

from paifu.rules import RulesetError, load_rules
from paifu.rules.majiang_rule import MAJIANG_DEFAULTS, load_majiang_rule, ruleset_from_majiang


def test_every_selfplay_rule_file_loads_and_maps_its_values() -> None:
    files = sorted(corpus_dir("majiang_selfplay", "rules").glob("*.json"))
    assert files
    for p in files:
        rule = json.loads(p.read_text(encoding="utf-8"))["rule"]
        r = load_majiang_rule(p)
        assert load_rules(str(p)) == r
        assert r.start_points == rule["配給原点"]
        assert r.uma == tuple(int(float(x)) for x in rule["順位点"])
        assert r.red_fives == (rule["赤牌"]["m"], rule["赤牌"]["p"], rule["赤牌"]["s"])
        assert r.max_ron_winners == rule["最大同時和了数"]
        assert r.triple_ron_abort == (rule["最大同時和了数"] == 2)
        assert r.kuikae == {0: "forbidden", 1: "suji", 2: "allowed"}[rule["喰い替え許可レベル"]]
        assert r.length == {0: "one-hand", 1: "east", 2: "south"}[rule["場数"]]
        assert r.renchan == {0: "never", 1: "win", 2: "win_or_tenpai", 3: "always"}[rule["連荘方式"]]
        assert r.extension == {0: "none", 1: "sudden-death"}[rule["延長戦方式"]]
        assert r.bust == rule["トビ終了あり"]
        assert (r.last_dealer_stop != "none") == rule["オーラス止めあり"]
        assert r.nagashi_mangan == rule["流し満貫あり"]
        assert r.nine_terminals == r.four_winds == r.four_riichi == r.four_kans == rule["途中流局あり"]
        assert (r.noten_payment > 0) == rule["ノーテン罰あり"]
        assert bool(r.double_yakuman) == rule["ダブル役満あり"]
        assert r.kiriage == rule["切り上げ満貫あり"]
        assert (r.open_kan_dora_timing == "after-discard") == rule["カンドラ後乗せ"]
        assert r.return_points == 30000 and r.extension_target == 30000


def test_defaults_and_specific_values() -> None:
    r = ruleset_from_majiang({})
    assert r.max_ron_winners == 2 and r.kuikae == "forbidden" and r.double_wind_fu == 4
    assert ruleset_from_majiang({"喰い替え許可レベル": 1}).kuikae == "suji"
    assert ruleset_from_majiang({"連風牌は2符": True}).double_wind_fu == 2
    assert ruleset_from_majiang({"リーチ後暗槓許可レベル": 1}).riichi_kan == "shape-unchanged"
    assert ruleset_from_majiang({"リーチ後暗槓許可レベル": 0}).riichi_kan == "none"
    assert ruleset_from_majiang({"ツモ番なしリーチあり": True}).riichi_min_wall == 0
    assert ruleset_from_majiang({"ノーテン宣言あり": True}).noten_declaration
    assert ruleset_from_majiang({"役満パオあり": False}).pao == frozenset()
    assert ruleset_from_majiang({"順位点": ["20", "10", "-10", "-20"]}).rank_rounding == "integer"
    assert ruleset_from_majiang({"場数": 0}).length == "one-hand"
    assert set(MAJIANG_DEFAULTS) >= {"配給原点", "切り上げ満貫あり"}


@pytest.mark.parametrize(
    "bad",
    [
        {"no such rule": 1},
        {"場数": 4},  # 一荘戦: no Ruleset length for all four winds
        {"延長戦方式": 2},  # dealer-priority sudden death
        {"最大同時和了数": 4},
        {"順位点": ["20.5", "10", "-10", "-20.5"]},
        {"クイタンあり": 1},
        {"赤牌": {"m": 1, "p": 1}},
    ],
)
def test_values_we_cannot_express_are_errors(bad: dict) -> None:
    with pytest.raises(RulesetError):
        ruleset_from_majiang(bad)


def test_bare_rule_file_and_unknown_wrapper_key(tmp_path: Path) -> None:
    p = tmp_path / "mine.json"
    p.write_text(json.dumps({"場数": 1}, ensure_ascii=False), encoding="utf-8")
    assert load_majiang_rule(p).length == "east"
    q = tmp_path / "wrapped.json"
    q.write_text(json.dumps({"rule": {}, "surprise": 1}), encoding="utf-8")
    with pytest.raises(RulesetError, match="surprise"):
        load_majiang_rule(q)
