"""Rulesets: TOML round trip for every preset, overrides, errors, and Tenhou's GO type bits."""

from __future__ import annotations

from pathlib import Path

import pytest

from paifu.rules import PRESETS, Ruleset, RulesetError, load_rules, preset, rules_from_hint, tenhou_go_type


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_toml_round_trip(name: str) -> None:
    r = PRESETS[name]
    assert Ruleset.from_toml(r.to_toml()) == r
    assert preset(name) is r and load_rules(name) is r


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_file_round_trip(name: str, tmp_path: Path) -> None:
    p = tmp_path / f"{name}.toml"
    PRESETS[name].save(p)
    assert load_rules(str(p)) == PRESETS[name]


def test_toml_with_base_overrides_one_rule() -> None:
    r = Ruleset.from_toml('base = "tenhou"\nmax_ron_winners = 1\numa = [15, 5, -5, -15]\n')
    assert r == preset("tenhou").replace(max_ron_winners=1, uma=(15, 5, -5, -15))


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("no_such_rule = 1", "unknown rule"),
        ('length = "forever"', "length"),
        ("num_players = 5", "num_players"),
        ("uma = [10, -10]", "uma"),
        ("max_ron_winners = 4", "max_ron_winners"),
        ("this is not toml", "TOML"),
        ('pao = ["chiitoitsu"]', "pao"),
    ],
)
def test_bad_rules_are_errors(text: str, phrase: str) -> None:
    with pytest.raises(RulesetError, match=phrase):
        Ruleset.from_toml(text)


def test_unknown_preset_or_file() -> None:
    with pytest.raises(RulesetError, match="neither a preset"):
        load_rules("no-such-thing")
    with pytest.raises(RulesetError, match="no preset"):
        preset("nope")


@pytest.mark.parametrize(
    "go_type, players, length, reds, kuitan",
    [
        (169, 4, "south", (1, 1, 1), True),  # 0xA9: ranked hanchan, red fives, open tanyao
        (161, 4, "east", (1, 1, 1), True),  # 0xA1: east only
        (185, 3, "south", (0, 1, 1), True),  # 0xB9: 3-player hanchan (no 2m-8m, so no red 5m)
        (177, 3, "east", (0, 1, 1), True),  # 0xB1: 3-player east
        (163, 4, "east", (0, 0, 0), True),  # 0x02: no red fives
        (165, 4, "east", (1, 1, 1), False),  # 0x04: no open tanyao
        (9, 4, "south", (1, 1, 1), True),
    ],
)
def test_tenhou_go_type_bits(
    go_type: int, players: int, length: str, reds: tuple[int, int, int], kuitan: bool
) -> None:
    r = tenhou_go_type(go_type)
    assert (r.num_players, r.length, r.red_fives, r.kuitan) == (players, length, reds, kuitan)
    assert r.name == f"{'tenhou-sanma' if players == 3 else 'tenhou'}[type={go_type}]"
    assert rules_from_hint([("tenhou_go_type", go_type)]) == r


def test_hints_adjust_the_chosen_rules() -> None:
    assert rules_from_hint([]) == preset("tenhou")
    assert rules_from_hint([("num_players", 3)]).num_players == 3
    assert rules_from_hint([("preset", "dora"), ("kuitan", False)]) == preset("dora").replace(kuitan=False)
    r = rules_from_hint([("tenhou_go_type", 161), ("max_ron_winners", 1)])
    assert r.length == "east" and r.max_ron_winners == 1


def test_a_tenhou_log_id_names_the_table_type() -> None:
    """A GO tag rewritten by a tool disagrees with the server's log id; the id wins."""
    r = rules_from_hint([("tenhou_go_type", 1), ("game_id", "2009120221gm-00a9-0000-8f264f66")])
    assert r == tenhou_go_type(0xA9, date="2009120221")  # and its date picks the rules of that time
