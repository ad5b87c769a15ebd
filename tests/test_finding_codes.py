"""Finding codes are one closed, typed list: every code the engine, the readers and the pipeline emit
is a member of ``paifu.findings.Code`` (never a bare string), each has its meaning in ``CODES``, and
each is documented in ``docs/findings.md`` with an example line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conftest import ROOT

from paifu.findings import CODES, NOTES, Code, Note

#: calls whose first argument (or ``code=``) is a finding code
_EMITTERS = {"find", "Finding", "RecordIssue"}


def emitted_codes(root: Path) -> dict[str, str]:
    """code -> where, for every code passed to ``find``/``Finding``/``RecordIssue``: a ``Code.X`` or
    ``Note.X`` member as ``X``, a string literal as itself (which ``test_no_code_is_a_bare_string``
    refuses)."""
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
                    isinstance(a, ast.Attribute)
                    and isinstance(a.value, ast.Name)
                    and a.value.id in ("Code", "Note")
                ):
                    out.setdefault(f"{a.value.id}.{a.attr}", f"{path.relative_to(root.parent)}:{node.lineno}")
                elif (
                    isinstance(a, ast.Constant)
                    and isinstance(a.value, str)
                    and re.fullmatch(r"[a-z-]+", a.value)
                ):
                    out.setdefault(a.value, f"{path.relative_to(root.parent)}:{node.lineno}")
    return out


def test_every_emitted_code_is_a_member() -> None:
    emitted = emitted_codes(ROOT / "paifu")
    assert len(emitted) > 20  # the scan sees the engine's codes
    members = {f"Code.{c.name}" for c in Code} | {f"Note.{n.name}" for n in Note}
    unknown = {c: w for c, w in emitted.items() if c not in members}
    assert not unknown, unknown
    assert set(CODES) == set(Code) and set(NOTES) == set(Note)  # every member has its meaning


def test_no_code_is_a_bare_string() -> None:
    bare = {c: w for c, w in emitted_codes(ROOT / "paifu").items() if "." not in c}
    assert not bare, f"pass a Code member, not a string: {bare}"


def test_the_scan_finds_an_unlisted_code(tmp_path: Path) -> None:
    pkg = tmp_path / "demo"
    pkg.mkdir()
    (pkg / "m.py").write_text('def f(r):\n    r.find("no-such-code", "x")\n', encoding="utf-8")
    assert emitted_codes(pkg) == {"no-such-code": "demo/m.py:2"}
    (pkg / "m.py").write_text("def f(r):\n    r.find(Code.NO_SUCH, 'x')\n", encoding="utf-8")
    assert emitted_codes(pkg) == {"Code.NO_SUCH": "demo/m.py:2"}


def test_every_code_is_documented_with_an_example() -> None:
    doc = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `([a-z-]+)`\n\n.*?\n\n```\n(.*?)\n```", doc, flags=re.M | re.S))
    assert set(sections) == set(CODES)
    for code, example in sections.items():
        assert f"[{code}]" in example, code
