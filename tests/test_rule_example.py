"""``docs/development.md``'s worked example, "Adding a rule option the board follows", done as it says:
its patch (the rule's one line in ``records/ruleset.py`` and the board's use of it, nothing else) applied
to a copy of the project, the generator run there (``scripts/gen_records.py``), then its test run against
that copy (plain Python): the board's copy of the rule and its words come from that one line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from paifu.board.rules import TABLE_RULES_FIELDS
from paifu.rules import Ruleset
from paifu.rules.flags import TABLE_RULES_COPIED, TABLE_RULES_DERIVED, flags_of
from paifu.rules.presets import PRESETS
from paifu.rules.ruleset import RULE_READERS
from paifu.rules.words import RULE_WORDS

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## Adding a rule option the board follows"


def _example() -> tuple[str, str]:
    """The example's patch and its test, as the document shows them."""
    doc = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = doc.split(HEADING, 1)[1].split("\n## ", 1)[0]
    patch = re.search(r"```diff\n(.*?)```", section, re.S)
    check = re.search(r"```python\n(.*?)```", section, re.S)
    assert patch and check, "the worked example lost its patch or its test"
    return patch.group(1), check.group(1)


def test_the_option_is_not_there_before_the_example() -> None:
    with pytest.raises(TypeError):
        Ruleset(double_riichi=False)


def test_the_worked_example_adds_the_option_and_the_board_follows_it(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git applies the example's patch")
    patch, check = _example()
    touched = re.findall(r"^diff --git a/(\S+) ", patch, re.M)
    assert touched == ["paifu/board/ends.py", "records/ruleset.py"], touched
    declared = [
        line
        for line in patch.split("diff --git a/records/ruleset.py", 1)[1].splitlines()
        if line.startswith("+") and not line.startswith(("+++", "+    #"))
    ]
    assert len(declared) == 1 and "rule(" in declared[0] and '"board"' in declared[0], declared
    copy = tmp_path / "tree"
    shutil.copytree(
        ROOT / "paifu",
        copy / "paifu",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_compiled.json"),
    )
    for name in ("records", "scripts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")  # ruff's settings, which the generator runs
    (tmp_path / "example.diff").write_text(patch, encoding="utf-8")
    applied = subprocess.run(
        ["git", "apply", str(tmp_path / "example.diff")],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
    )
    assert applied.returncode == 0, applied.stderr
    made = subprocess.run(
        [sys.executable, "scripts/gen_records.py"], cwd=copy, capture_output=True, text=True, check=False
    )
    assert made.returncode == 0, made.stderr
    assert set(made.stdout.split("\n")) - {""} == {
        "paifu/rules/ruleset.py: written",
        "paifu/board/rules.py: written",
    }, made.stdout
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(ROOT / "tests")]), "PAIFU_PURE": "1"}
    script = "import paifu, sys\nassert paifu.__file__.startswith(sys.argv[1]), paifu.__file__\n" + check
    ran = subprocess.run(
        [sys.executable, "-c", script, str(copy)],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]


def test_the_board_rules_are_the_rulesets_options_by_name() -> None:
    """Every ``TableRules`` field is either a ``Ruleset`` option its declaration marks for the board,
    copied as the ruleset sets it, or one of the few the board reads as an answer (worked out in
    ``table_rules``)."""
    assert set(TABLE_RULES_COPIED) | TABLE_RULES_DERIVED == set(TABLE_RULES_FIELDS)
    assert RULE_READERS["board"] == TABLE_RULES_COPIED and set(TABLE_RULES_COPIED) <= set(RULE_WORDS)
    for rules in PRESETS.values():
        table = flags_of(rules).table
        for name in TABLE_RULES_COPIED:
            assert getattr(table, name) == getattr(rules, name), (rules.name, name)
    odd = Ruleset(kuikae="suji", start_points=0, four_kans=False)
    table = flags_of(odd).table
    assert (table.kuikae_same_kind, table.kuikae_other_end, table.start_points) == (True, False, 25000)
    assert not table.four_kans and not table.tile_ids and table.ends_hands


def test_the_engine_flags_copy_the_options_marked_for_the_engine() -> None:
    """``RuleFlags`` holds each ``Ruleset`` option its declaration marks for the engine, by name and as
    the ruleset sets it (written from ``records/ruleset.py``, not restated), beside the answers
    ``flags_of`` works out from the words."""
    from paifu.rules.flags import COPIED_OPTIONS, RuleFlags

    assert RULE_READERS["engine"] == COPIED_OPTIONS
    assert set(COPIED_OPTIONS) <= set(RuleFlags.__match_args__) and set(COPIED_OPTIONS) <= set(RULE_WORDS)
    for rules in PRESETS.values():
        flags = flags_of(rules)
        for name in COPIED_OPTIONS:
            assert getattr(flags, name) == getattr(rules, name), (rules.name, name)
    odd = Ruleset(kita=True, riichi_min_wall=7, karaten="counts", target_margin=5000)
    flags = flags_of(odd)
    assert (flags.kita, flags.riichi_min_wall, flags.target_margin) == (True, 7, 5000)
    assert flags.karaten_counts and not flags.karaten_visible
    assert flags == flags_of(Ruleset(kita=True, riichi_min_wall=7, karaten="counts", target_margin=5000))
