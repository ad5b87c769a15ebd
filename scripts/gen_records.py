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

A record on ``Frozen`` (``paifu.frozen``: not compiled, its decorator kept as declared) gets its
``__init__`` written: each field set once (``set_field``), then ``__post_init__`` where the class has one;
its fields after a ``_: KW_ONLY`` line are keyword-only, and ``field(default=..., compare=False)`` gives
the default and leaves the options to the decorator. A field's default may be ``rule(default, words,
*readers)`` (``records/declare.py``): the field keeps the default, and the module gets ``RULE_WORDS``
(each field's words) and ``RULE_READERS`` (each reader's fields, by name). A record that reads some of
them as they are says ``options_read_by("records/<declaration>.py", "<reader>")`` among its fields: those
fields are written there, each with its declared type, default (or its ``view_default``) and comments,
and their names as ``COPIED_OPTIONS``. Imports from ``records`` (the markers) are not copied.

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
    "records/ruleset.py": "paifu/rules/ruleset.py",
    "records/events.py": "paifu/events.py",
    "records/table_rules.py": "paifu/board/rules.py",
    "records/values.py": "paifu/scoring/values.py",
    "records/table.py": "paifu/board/table.py",
    "records/findings.py": "paifu/findings.py",
    "records/limits.py": "paifu/limits.py",
    "records/schemes.py": "paifu/rank_points/schemes.py",
    "records/fit.py": "paifu/rank_points/fit.py",
    "records/settings.py": "paifu/rules/settings.py",
    "records/tenhou.py": "paifu/rules/tenhou.py",
    "records/seat.py": "paifu/board/seat.py",
    "records/hand_wall.py": "paifu/engine/hand_wall.py",
    "records/results.py": "paifu/engine/results.py",
    "records/faults.py": "paifu/engine/faults.py",
    "records/table_facts.py": "paifu/formats/table_facts.py",
    "records/inputs.py": "paifu/formats/inputs.py",
    "records/flags.py": "paifu/rules/flags.py",
}
#: the record bases: ``paifu.valued``'s (compiled; frozen or not) and ``paifu.frozen``'s ``Frozen``
BASES = {"Hashed": "hashed", "Rebuilt": "rebuilt", "Valued": "valued", "Frozen": "frozen"}
#: the markers a declaration may use (``records/declare.py``)
RULE, FIELD, OPTIONS, KW_ONLY = "rule", "field", "options_read_by", "KW_ONLY"
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
    kw_only: bool = False  # after ``_: KW_ONLY``: keyword-only in ``__init__``
    attribute: str | None = None  # the class attribute where it is not the default (``field(...)``)
    words: str | None = None  # ``rule(...)``'s: how a reader names the rule
    readers: tuple[str, ...] = ()  # ``rule(...)``'s: who reads it as it is
    view_default: str | None = None  # ``rule(..., view_default=...)``: the default of the readers' copy


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


def _call_of(node: ast.expr | None, name: str) -> ast.Call | None:
    """``node`` where it calls the plain name ``name``, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
        return node
    return None


def _makes_value(node: ast.expr) -> bool:
    """A default that makes a value (a call, a list, a dict): made anew for each compiled record."""
    return not isinstance(node, ast.Constant | ast.Name | ast.Attribute | ast.Tuple | ast.UnaryOp)


def _field(source: str, stmt: ast.AnnAssign, kind: str, where: str) -> Field:
    """A field line read: its default, through the ``rule(...)`` and ``field(...)`` markers."""
    assert isinstance(stmt.target, ast.Name)
    name = stmt.target.id
    value = stmt.value
    got = Field(name, ast.get_source_segment(source, stmt.annotation) or "", None, False, [], "", False)
    if (rule := _call_of(value, RULE)) is not None:
        if len(rule.args) < 2 or not all(isinstance(a, ast.Constant) for a in rule.args[1:]):
            raise SystemExit(f"{where}: {name}: rule(default, words, *readers), words and readers in quotes")
        value = rule.args[0]
        got.words = str(ast.literal_eval(rule.args[1]))
        got.readers = tuple(str(ast.literal_eval(a)) for a in rule.args[2:])
        for k in rule.keywords:
            if k.arg != "view_default":
                raise SystemExit(f"{where}: {name}: rule() takes view_default=, not {k.arg}=")
            got.view_default = ast.get_source_segment(source, k.value)
    if (made := _call_of(value, FIELD)) is not None:
        if kind != "frozen":
            raise SystemExit(f"{where}: {name}: field(...) is for a record on Frozen")
        got.attribute = ast.get_source_segment(source, made)
        given = {k.arg: k.value for k in made.keywords}
        if "default" in given:
            got.default = ast.get_source_segment(source, given["default"])
        elif "default_factory" in given:
            got.default = f"{ast.get_source_segment(source, given['default_factory'])}()"
            got.fresh = True
        return got
    if value is not None:
        got.default = ast.get_source_segment(source, value)
        # a frozen record's default is shared, as a dataclass's is; a compiled one's is made anew
        got.fresh = kind != "frozen" and _makes_value(value)
    return got


def _marker_args(call: ast.Call, where: str) -> tuple[str, str]:
    if len(call.args) != 2 or not all(isinstance(a, ast.Constant) for a in call.args):
        raise SystemExit(f'{where}: {OPTIONS}("records/<declaration>.py", "<reader>")')
    source, reader = (str(ast.literal_eval(a)) for a in call.args)
    return source, reader


def options_read_by(source: str, reader: str, where: str) -> list[Field]:
    """The fields of ``source``'s record marked ``rule(..., reader)``, as a record that copies them
    declares them: each with its type, comments and default (its ``view_default`` where it has one)."""
    declaration = (ROOT / source).read_text(encoding="utf-8")
    tree, lines = ast.parse(declaration), declaration.splitlines()
    found: list[Field] = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        previous_end = cls.lineno
        for stmt in cls.body:
            first = _first_line(stmt)
            comments = _lines_before(lines, previous_end, first)
            previous_end = stmt.end_lineno or stmt.lineno
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            if _call_of(stmt.value, RULE) is None:
                continue
            f = _field(declaration, stmt, "frozen", source)
            if reader not in f.readers:
                continue
            default = f.view_default if f.view_default is not None else f.default
            docs = [c for c in comments if c.startswith("#:")]  # not a section's heading
            made = Field(f.name, f.annotation, default, False, docs, _trailing(lines, stmt), False)
            made.fresh = default is not None and _makes_value(ast.parse(default, mode="eval").body)
            found.append(made)
    if not found:
        raise SystemExit(f"{where}: {source} marks no field rule(..., {reader!r})")
    return found


def _record_class(
    source: str, lines: list[str], cls: ast.ClassDef, kind: str, copyable: set[str], where: str
) -> tuple[str, str]:
    """The class ``cls`` written out: its fields expanded, the rest of its body as it stands; and the
    module constants its markers give (written after it)."""
    frozen = kind not in ("rebuilt", "valued")
    body = list(cls.body)
    doc = ""
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        doc = "\n".join(lines[body[0].lineno - 1 : body[0].end_lineno])
        previous_end = body[0].end_lineno or body[0].lineno
        body = body[1:]
    else:
        previous_end = cls.lineno
    fields: list[Field] = []
    copied: list[str] = []  # the fields ``options_read_by`` gave
    private: list[Field] = []  # ``_name``: state beside the fields (a cache), set to its default
    others: list[str] = []  # methods and class constants, with the comments above them
    kw_only = False
    for stmt in body:
        first = _first_line(stmt)
        comments = _lines_before(lines, previous_end, first)
        gap = not lines[first - len(comments) - 2].strip()
        previous_end = stmt.end_lineno or stmt.lineno
        annotation = (
            ast.get_source_segment(source, stmt.annotation) if isinstance(stmt, ast.AnnAssign) else ""
        )
        if isinstance(stmt, ast.AnnAssign) and annotation == KW_ONLY:
            if kind != "frozen" or stmt.value is not None:
                raise SystemExit(f"{where}: {cls.name}: _: KW_ONLY is for a record on Frozen")
            kw_only = True
            continue
        if isinstance(stmt, ast.Expr) and (call := _call_of(stmt.value, OPTIONS)) is not None:
            if others:
                raise SystemExit(f"{where}: {cls.name}: declare the fields before the methods")
            more = options_read_by(*_marker_args(call, where), where)
            more[0].comments = comments + more[0].comments
            more[0].gap = gap and bool(fields)
            fields += more
            copied += [f.name for f in more]
            continue
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and annotation
            and (not annotation.startswith("ClassVar"))
        ):
            if stmt.target.id.startswith("_"):
                if stmt.value is None or kind != "valued":
                    raise SystemExit(
                        f"{where}: {cls.name}.{stmt.target.id}: private state needs a default and a "
                        "record on Valued (pickled by its constructor, a record would lose it)"
                    )
                private.append(
                    Field(
                        stmt.target.id,
                        annotation,
                        ast.get_source_segment(source, stmt.value),
                        False,
                        comments,
                        _trailing(lines, stmt),
                        gap,
                    )
                )
                continue
            if others or private:
                raise SystemExit(
                    f"{where}: {cls.name}.{stmt.target.id}: declare the fields before the methods"
                )
            f = _field(source, stmt, kind, where)
            if fields and fields[-1].default is not None and f.default is None and not kw_only:
                raise SystemExit(f"{where}: {cls.name}.{stmt.target.id} has no default after one that has")
            f.comments, f.trailing, f.gap, f.kw_only = (
                comments,
                _trailing(lines, stmt),
                gap and bool(fields),
                kw_only,
            )
            fields.append(f)
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
    decorators = lines[_first_line(cls) - 1 : cls.lineno - 1]
    out = [
        *decorators,
        f"class {cls.name}({', '.join(ast.get_source_segment(source, b) or '' for b in cls.bases)}):",
    ]
    if doc:
        out += [doc, ""]
    names = ", ".join(f'"{f.name}"' for f in fields) + ("," if len(fields) == 1 else "")
    if kind != "frozen":  # ``paifu.frozen.dataclass`` makes them for a record on Frozen
        slots = ", ".join(f'"{f.name}"' for f in fields + private) + (
            "," if len(fields) + len(private) == 1 else ""
        )
        out += [f"    __slots__ = ({slots})", f"    __match_args__ = ({names})", ""]
    for f in fields + private:
        out += [""] if f.gap else []
        out += [f"    {c}" for c in f.comments]
        if kind == "frozen":
            value = f.attribute if f.attribute is not None else f.default
            line = f"    {f.name}: {f.annotation}" + (f" = {value}" if value is not None else "")
        else:
            line = f"    {f.name}: {f'Final[{f.annotation}]' if frozen else f.annotation}"
        out.append(line + (f"  {f.trailing}" if f.trailing else ""))
    params = []
    for f in fields:
        if f.kw_only and "*" not in params:
            params.append("*")
        if f.default is None:
            params.append(f"{f.name}: {f.annotation}")
        elif f.fresh:
            params.append(f"{f.name}: {f.annotation} | None = None")
        else:
            params.append(f"{f.name}: {f.annotation} = {f.default}")
    out += ["", f"    def __init__(self, {', '.join(params)}) -> None:"]
    for f in fields:
        value = f"{f.default} if {f.name} is None else {f.name}" if f.fresh else f.name
        if kind == "frozen":
            out.append(f'        set_field(self, "{f.name}", {value})')
        else:
            out.append(f"        self.{f.name} = {value}")
    out += [f"        self.{p.name} = {p.default}" for p in private]
    if kind == "frozen" and any(isinstance(s, ast.FunctionDef) and s.name == "__post_init__" for s in body):
        out.append("        self.__post_init__()")
    for other in others:
        out += ["", other]
    if kind != "frozen":
        values = ", ".join(f"self.{f.name}" for f in fields) + ("," if len(fields) == 1 else "")
        out += ["", "    def _values(self) -> tuple[object, ...]:", f"        return ({values})"]
    return "\n".join(out) + "\n", _constants(cls.name, fields, copied)


def _constants(name: str, fields: list[Field], copied: list[str]) -> str:
    """The module constants a record's markers give: its rules' words and readers, the options it copies."""
    out = []
    rules = [f for f in fields if f.words is not None]
    if rules:
        readers: dict[str, list[str]] = {}
        for f in rules:
            for r in f.readers:
                readers.setdefault(r, []).append(f.name)
        words = ", ".join(f"{f.name!r}: {f.words!r}" for f in rules)
        read = ", ".join(f"{r!r}: {_tuple(names)}" for r, names in readers.items())
        out += [
            f"#: each rule of ``{name}`` as a reader names it (what a warning says), from its declaration",
            f"RULE_WORDS: Final[dict[str, str]] = {{{words}}}",
            f"#: the rules of ``{name}`` each reader takes as they are, by name, from their declarations",
            f"RULE_READERS: Final[dict[str, tuple[str, ...]]] = {{{read}}}",
        ]
    if copied:
        out += [
            f"#: the fields of ``{name}`` copied by name from the record whose options it reads",
            f"COPIED_OPTIONS: Final[tuple[str, ...]] = {_tuple(copied)}",
        ]
    return "\n".join(out) + "\n" if out else ""


def _tuple(names: list[str]) -> str:
    """A tuple of names as source, with no trailing comma past the first (the formatter would split it)."""
    return "(" + ", ".join(map(repr, names)) + ("," if len(names) == 1 else "") + ")"


def expand(declaration: str, where: str) -> str:
    """The module a declaration file gives, before formatting."""
    tree = ast.parse(declaration)
    lines = declaration.splitlines()
    dropped = set()  # the markers' imports (``from records... import``): not copied
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "records":
            dropped.update(range(node.lineno - 1, node.end_lineno or node.lineno))

    def copied(start: int, stop: int) -> str:
        return "\n".join(line for i, line in enumerate(lines[start:stop], start) if i not in dropped) + "\n"

    copyable = set(_copyable()) | _with_copy(tree)
    pieces: list[str] = []
    done = 0  # lines copied so far
    record_on_frozen = False
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
        kinds = {BASES[b] for b in bases & BASES.keys()}
        if not kinds:
            continue
        kind = kinds.pop()
        record_on_frozen |= kind == "frozen"
        first = _first_line(node)
        pieces.append(copied(done, first - 1))
        text, constants = _record_class(declaration, lines, node, kind, copyable, where)
        pieces.append(text)
        if constants:
            pieces.append("\n\n" + constants)
        done = node.end_lineno or node.lineno
    pieces.append(copied(done, len(lines)))
    text = "".join(pieces)
    added = []
    if "Final[" in text and not _imports(tree, "typing", "Final"):
        added.append("from typing import Final\n")
    if record_on_frozen and not _imports(tree, "paifu.frozen", "set_field"):
        added.append("from paifu.frozen import set_field\n")
    if added:
        text = text.replace(
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\n" + "".join(added),
            1,
        )
    return HEADER.format(source=where) + text


def _imports(tree: ast.Module, module: str, name: str) -> bool:
    return any(
        isinstance(n, ast.ImportFrom) and n.module == module and any(a.name == name for a in n.names)
        for n in tree.body
    )


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
