"""The code's shape, checked: rule options are compared as words only inside ``paifu.rules``,
modules stay small enough to read in one sitting (or say at their top why not)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paifu.rules.ruleset import _option_values

PAIFU = Path(__file__).resolve().parents[1] / "paifu"
OPTIONS = set(_option_values())  # the ruleset's options whose values are words (Literal types)
MAX_LINES = 420


def _modules() -> list[Path]:
    return sorted(p for p in PAIFU.rglob("*.py") if ".venv" not in p.parts)


def _word_comparisons(tree: ast.AST) -> list[tuple[int, str]]:
    """``x.<option> == "word"`` (or ``!=``, ``in``/``not in`` a literal tuple, list or set of words)."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        attrs = [s.attr for s in sides if isinstance(s, ast.Attribute) and s.attr in OPTIONS]
        words = any(
            (isinstance(s, ast.Constant) and isinstance(s.value, str))
            or (
                isinstance(s, ast.Tuple | ast.List | ast.Set)
                and any(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in s.elts)
            )
            for s in sides
        )
        if attrs and words:
            out.append((node.lineno, attrs[0]))
    return out


def test_options_are_compared_as_words_only_in_rules() -> None:
    found = []
    for path in _modules():
        if path.is_relative_to(PAIFU / "rules"):
            continue
        for line, option in _word_comparisons(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(PAIFU.parent)}:{line}: {option}")
    assert not found, "ask paifu.rules.flags instead of comparing option words:\n" + "\n".join(found)


def test_the_check_sees_a_comparison() -> None:
    tree = ast.parse('if rules.kuikae == "suji" or r.rules.karaten in ("counts", "not-visible"): pass')
    assert [o for _, o in _word_comparisons(tree)] == ["kuikae", "karaten"]


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PAIFU)))
def test_module_size(path: Path) -> None:
    """A module generated from a declaration (``scripts/gen_records.py``) is read as its declaration."""
    text = path.read_text(encoding="utf-8")
    if text.startswith("# Generated from "):
        path = PAIFU.parent / text.split()[3]
        text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    doc = ast.get_docstring(ast.parse(text)) or ""
    assert lines <= MAX_LINES or "Long because" in doc, (
        f"{path.relative_to(PAIFU.parent)} has {lines} lines: split it by concern, "
        "or say at its top why not ('Long because ...')"
    )
