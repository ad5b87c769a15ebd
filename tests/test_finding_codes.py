"""Finding codes are one closed list: every code the engine, the readers and the pipeline emit is in
``paifu.findings.CODES``, and each is documented in ``docs/findings.md`` with an example line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import ROOT

from paifu.findings import CODES, NOTES

#: calls whose first argument (or ``code=``) is a finding code
_EMITTERS = {"find", "Finding", "RecordIssue"}


def emitted_codes(root: Path) -> dict[str, str]:
    """code -> where, for every string literal passed as a code to ``find``/``Finding``/``RecordIssue``."""
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name not in _EMITTERS:
                continue
            args = [node.args[0]] if node.args else []
            args += [k.value for k in node.keywords if k.arg == "code"]
            for a in args:
                if (
                    isinstance(a, ast.Constant)
                    and isinstance(a.value, str)
                    and re.fullmatch(r"[a-z-]+", a.value)
                ):
                    out.setdefault(a.value, f"{path.relative_to(root.parent)}:{node.lineno}")
    return out


def test_every_emitted_code_is_listed() -> None:
    emitted = emitted_codes(ROOT / "paifu")
    assert len(emitted) > 20  # the scan sees the engine's codes
    unknown = {c: w for c, w in emitted.items() if c not in CODES and c not in NOTES}
    assert not unknown, unknown


def test_the_scan_finds_an_unlisted_code(tmp_path: Path) -> None:
    pkg = tmp_path / "demo"
    pkg.mkdir()
    (pkg / "m.py").write_text('def f(r):\n    r.find("no-such-code", "x")\n', encoding="utf-8")
    assert emitted_codes(pkg) == {"no-such-code": "demo/m.py:2"}


def test_every_code_is_documented_with_an_example() -> None:
    doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `([a-z-]+)`\n\n.*?\n\n```\n(.*?)\n```", doc, flags=re.M | re.S))
    assert set(sections) == set(CODES)
    for code, example in sections.items():
        assert f"[{code}]" in example, code
