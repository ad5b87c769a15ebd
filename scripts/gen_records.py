"""Writes the compiled record modules from their declarations: ``python scripts/gen_records.py``.

A record (an event, ``TableRules``, ``Table``, ``WinContext``) is declared once, in ``records/``, as a class of annotated fields
with their defaults and a comment each, on ``Hashed`` (frozen: equal, hashed, pickled by value) or
``Rebuilt`` (mutable) from ``paifu.valued``. The compiled engine wants what a dataclass would make at
import written out instead (a compiled dataclass ran ``dataclasses`` at every start): ``__slots__``
(plain Python), ``__match_args__`` (the repr, ``match`` and ``dataclasses``' functions read it), each
field ``Final`` where the record is frozen, an ``__init__`` taking the fields in order and
``_values()``. This script writes them; everything else in a declaration file (imports, enums,
methods, module constants) is copied as it stands. A default that makes a value (a call, a list, a
dict, ``[0] * n``) is made anew for each record, as a dataclass's ``default_factory``: the ``__init__``
takes ``None`` for it. A mutable record's ``copy()`` declared with ``...`` as its body is written too: a
new record of the same class, each list or set field copied (a list of records that have a ``copy()``
by their own). A record on ``Valued`` (mutable, not pickled by its constructor) may keep private state
beside its fields, a ``_name`` with a default: in ``__slots__``, set by ``__init__``, carried by
``copy()``, not in ``__match_args__`` or ``_values()``.
``--check`` writes nothing and exits 1 when a module differs from its declaration
(``tests/test_generated.py`` runs the same comparison).

The output goes through ``ruff`` (imports sorted, then formatted), so it reads as the hand-written
modules did and passes the project's checks.
"""

from __future__ import annotations

import argparse
import ast
import functools
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: each declaration and the module made from it
FAMILIES: dict[str, str] = {
    "records/events.py": "paifu/events.py",
    "records/table_rules.py": "paifu/board/rules.py",
    "records/values.py": "paifu/scoring/values.py",
    "records/table.py": "paifu/board/table.py",
    "records/seat.py": "paifu/board/seat.py",
    "records/hand_wall.py": "paifu/engine/hand_wall.py",
    "records/results.py": "paifu/engine/results.py",
}
#: the record bases (``paifu.valued``): frozen or not (``Valued``: mutable and not pickled by its
#: constructor, so it may keep private state beside its fields)
BASES = {"Hashed": True, "Rebuilt": False, "Valued": False}
HEADER = (
    "# Generated from {source} by scripts/gen_records.py (not edited here):\n"
    "# edit {source}, then run python scripts/gen_records.py.\n"
)


@dataclass
class Field:
    name: str
    annotation: str
    default: str | None  # source text, or None: required
    fresh: bool  # the default makes a value: a new one per record
    comments: list[str]  # the lines above it (its doc), as written
    trailing: str  # its end-of-line comment, or ""
    gap: bool  # a blank line above it (and its comments) in the declaration


def _lines_before(lines: list[str], start: int, stop: int) -> list[str]:
    """The comment lines right above line ``stop`` (1-based), back to ``start`` (exclusive)."""
    got: list[str] = []
    i = stop - 1
    while i > start and lines[i - 1].strip().startswith("#"):
        got.insert(0, lines[i - 1].strip())
        i -= 1
    return got


def _is_stub(stmt: ast.stmt) -> bool:
    """A method whose body is only ``...`` (after its docstring): the generator writes it."""
    if not isinstance(stmt, ast.FunctionDef):
        return False
    body = stmt.body[1:] if ast.get_docstring(stmt) is not None else stmt.body
    return (
        len(body) == 1
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and body[0].value.value is Ellipsis
    )


def _with_copy(tree: ast.Module) -> set[str]:
    """The classes of a declaration that have a ``copy()``."""
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(isinstance(s, ast.FunctionDef) and s.name == "copy" for s in node.body)
    }


@functools.cache
def _copyable() -> frozenset[str]:
    """The records of every family that have a ``copy()``: a list of them is copied record by record
    (a list of frozen records, ``Meld``, is copied as a list)."""
    found: set[str] = set()
    for source in FAMILIES:
        found |= _with_copy(ast.parse((ROOT / source).read_text(encoding="utf-8")))
    return frozenset(found)


def _copied(f: Field, copyable: set[str]) -> str:
    """How ``copy()`` takes a field: a list or a set copied (a list of records that have a ``copy()``,
    record by record), one that may be None only where it is not, else as is."""
    kind, optional = f.annotation, f.annotation.endswith(" | None")
    if optional:
        kind = kind.removesuffix(" | None")
    if kind.startswith("set["):
        made = f"set(self.{f.name})"
    elif kind.startswith("list["):
        inner = kind[5:-1]
        made = f"[v.copy() for v in self.{f.name}]" if inner in copyable else f"list(self.{f.name})"
    else:
        return f"self.{f.name}"
    return f"None if self.{f.name} is None else {made}" if optional else made


def _trailing(lines: list[str], node: ast.stmt) -> str:
    end = node.end_lineno or node.lineno
    rest = lines[end - 1][node.end_col_offset or 0 :].strip()
    return rest if rest.startswith("#") else ""


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def _record_class(
    source: str, lines: list[str], cls: ast.ClassDef, base: str, copyable: set[str], where: str
) -> str:
    """The class ``cls`` written out: its fields expanded, the rest of its body as it stands."""
    frozen = BASES[base]
    body = list(cls.body)
    doc = ""
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        doc = "\n".join(lines[body[0].lineno - 1 : body[0].end_lineno])
        previous_end = body[0].end_lineno or body[0].lineno
        body = body[1:]
    else:
        previous_end = cls.lineno
    fields: list[Field] = []
    private: list[Field] = []  # ``_name``: state beside the fields (a cache), set to its default
    others: list[str] = []  # methods and class constants, with the comments above them
    for stmt in body:
        first = _first_line(stmt)
        comments = _lines_before(lines, previous_end, first)
        gap = not lines[first - len(comments) - 2].strip()
        previous_end = stmt.end_lineno or stmt.lineno
        annotation = (
            ast.get_source_segment(source, stmt.annotation) if isinstance(stmt, ast.AnnAssign) else ""
        )
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and annotation
            and (not annotation.startswith("ClassVar"))
        ):
            value = stmt.value
            if stmt.target.id.startswith("_"):
                if value is None or base != "Valued":
                    raise SystemExit(
                        f"{where}: {cls.name}.{stmt.target.id}: private state needs a default and a "
                        "record on Valued (pickled by its constructor, a record would lose it)"
                    )
                private.append(
                    Field(
                        name=stmt.target.id,
                        annotation=annotation,
                        default=ast.get_source_segment(source, value),
                        fresh=False,
                        comments=comments,
                        trailing=_trailing(lines, stmt),
                        gap=gap,
                    )
                )
                continue
            if others or private:
                raise SystemExit(
                    f"{where}: {cls.name}.{stmt.target.id}: declare the fields before the methods"
                )
            if fields and fields[-1].default is not None and value is None:
                raise SystemExit(f"{where}: {cls.name}.{stmt.target.id} has no default after one that has")
            fields.append(
                Field(
                    name=stmt.target.id,
                    annotation=annotation,
                    default=None if value is None else ast.get_source_segment(source, value),
                    fresh=value is not None
                    and not isinstance(
                        value, ast.Constant | ast.Name | ast.Attribute | ast.Tuple | ast.UnaryOp
                    ),
                    comments=comments,
                    trailing=_trailing(lines, stmt),
                    gap=gap and bool(fields),
                )
            )
            continue
        if isinstance(stmt, ast.FunctionDef) and stmt.name in ("__init__", "_values"):
            raise SystemExit(f"{where}: {cls.name}.{stmt.name} is written by the generator")
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in ("__slots__", "__match_args__") for t in stmt.targets
        ):
            raise SystemExit(
                f"{where}: {cls.name}'s __slots__ and __match_args__ are written by the generator"
            )
        if _is_stub(stmt):
            stub = stmt
            assert isinstance(stub, ast.FunctionDef)
            if stub.name != "copy" or frozen:
                raise SystemExit(
                    f"{where}: {cls.name}.{stub.name}: only a mutable record's copy() is written"
                )
            head = lines[first - 1 : stub.body[0].lineno - 1]
            doc_lines = lines[stub.body[0].lineno - 1 : stub.body[0].end_lineno] if len(stub.body) > 1 else []
            made = "type(self)(" + ", ".join(_copied(f, copyable) for f in fields) + ")"
            if private:
                body_lines = [f"        made = {made}"]
                body_lines += [f"        made.{p.name} = self.{p.name}" for p in private]
                body_lines.append("        return made")
            else:
                body_lines = [f"        return {made}"]
            text = "\n".join([*head, *doc_lines, *body_lines])
        else:
            text = "\n".join(lines[first - 1 : stmt.end_lineno])
        others.append("\n".join([*(f"    {c}" for c in comments), text]))
    if not fields:
        raise SystemExit(f"{where}: {cls.name} declares no field")
    names = ", ".join(f'"{f.name}"' for f in fields) + ("," if len(fields) == 1 else "")
    slots = ", ".join(f'"{f.name}"' for f in fields + private) + (
        "," if len(fields) + len(private) == 1 else ""
    )
    out = [f"class {cls.name}({', '.join(ast.get_source_segment(source, b) or '' for b in cls.bases)}):"]
    if doc:
        out += [doc, ""]
    out += [f"    __slots__ = ({slots})", f"    __match_args__ = ({names})", ""]
    for f in fields + private:
        out += [""] if f.gap else []
        out += [f"    {c}" for c in f.comments]
        kind = f"Final[{f.annotation}]" if frozen else f.annotation
        out.append(f"    {f.name}: {kind}" + (f"  {f.trailing}" if f.trailing else ""))
    params = []
    for f in fields:
        if f.default is None:
            params.append(f"{f.name}: {f.annotation}")
        elif f.fresh:
            params.append(f"{f.name}: {f.annotation} | None = None")
        else:
            params.append(f"{f.name}: {f.annotation} = {f.default}")
    out += ["", f"    def __init__(self, {', '.join(params)}) -> None:"]
    for f in fields:
        if f.fresh:
            out.append(f"        self.{f.name} = {f.default} if {f.name} is None else {f.name}")
        else:
            out.append(f"        self.{f.name} = {f.name}")
    out += [f"        self.{p.name} = {p.default}" for p in private]
    for other in others:
        out += ["", other]
    values = ", ".join(f"self.{f.name}" for f in fields) + ("," if len(fields) == 1 else "")
    out += ["", "    def _values(self) -> tuple[object, ...]:", f"        return ({values})"]
    return "\n".join(out) + "\n"


def expand(declaration: str, where: str) -> str:
    """The module a declaration file gives, before formatting."""
    tree = ast.parse(declaration)
    lines = declaration.splitlines()
    copyable = set(_copyable()) | _with_copy(tree)
    pieces: list[str] = []
    done = 0  # lines copied so far
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = {b.id for b in node.bases if isinstance(b, ast.Name)} & BASES.keys()
        if not bases:
            continue
        first = _first_line(node)
        pieces.append("\n".join(lines[done : first - 1]) + "\n")
        pieces.append(_record_class(declaration, lines, node, bases.pop(), copyable, where))
        done = node.end_lineno or node.lineno
    pieces.append("\n".join(lines[done:]) + "\n")
    text = "".join(pieces)
    if "Final[" in text and not any(
        isinstance(n, ast.ImportFrom) and n.module == "typing" and any(a.name == "Final" for a in n.names)
        for n in tree.body
    ):
        text = text.replace(
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\nfrom typing import Final\n",
            1,
        )
    return HEADER.format(source=where) + text


def _ruff(args: list[str], text: str, target: str) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--stdin-filename", target, "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"ruff {args[0]} failed on the module made for {target}:\n{run.stderr}{run.stdout}")
    return run.stdout


def generate(source: str, target: str) -> str:
    """The text of the module ``target`` that the declaration file ``source`` gives."""
    declaration = (ROOT / source).read_text(encoding="utf-8")
    text = expand(declaration, source)
    text = _ruff(["check", "--select", "I", "--fix", "--quiet", "--exit-zero"], text, target)
    return _ruff(["format", "--quiet"], text, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a module differs")
    args = parser.parse_args(argv)
    stale = []
    for source, target in FAMILIES.items():
        made = generate(source, target)
        path = ROOT / target
        if path.exists() and path.read_text(encoding="utf-8") == made:
            continue
        stale.append(target)
        if not args.check:
            path.write_text(made, encoding="utf-8")
    for target in stale:
        print(f"{target}: {'differs from its declaration' if args.check else 'written'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
