"""Start-up: a serial ``paifu validate`` of one small record imports only what it uses.

Start-up was a third of a validation's CPU time: a serial run imported the process
pool's modules, the TOML parser, ``importlib.metadata`` (for ``--version``), the ``mahjong``
package that only values the wins the fast path leaves, and every other command's modules. Each test runs a fresh interpreter, as a
user's command does, and looks at ``sys.modules`` when the command is done.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, corpus_dir

#: top-level modules a serial validate of a small record must not import (what each is for)
UNUSED = {
    "multiprocessing": "worker processes (--jobs)",
    "concurrent": "the process pool (--jobs)",
    "dask": "--scheduler",
    "distributed": "--scheduler",
    "pandas": "paifu report",
    "pyarrow": "paifu report",
    "matplotlib": "paifu report --html",
    "numpy": "paifu report",
    "tqdm": "the progress counter on a terminal",
    "tomllib": "ruleset and scheme TOML files",
    "importlib.metadata": "--version",
    "mahjong": "wins the fast path leaves",
    "shutil": "argparse's terminal width (paifu.cli.helptext finds it)",
    "textwrap": "help filled when printed (paifu.cli.helptext)",
    "dataclasses": "a record's fields described for dataclasses' functions (paifu.frozen.dataclass)",
    # the other commands' modules: only the command that runs is imported (paifu.cli._COMMANDS)
    "paifu.cli.convert": "paifu convert",
    "paifu.cli.show": "paifu show",
    "paifu.cli.report": "paifu report and tournament",
    "paifu.view": "paifu show (the viewer)",
    "paifu.outfiles": "files a command writes",
    "tempfile": "files a command writes",
    "paifu.dask": "--scheduler",
    "difflib": "a misspelt rule's did-you-mean",
    "paifu.analysis": "paifu report",
    "inspect": "lxml.etree's XPath extension functions (paifu.formats.lxml_import)",
    "ast": "inspect's (paifu.formats.lxml_import)",
    "paifu.rules.presets.leagues": "the league presets (each preset's module loads when it is asked for)",
    "paifu.rules.presets.seeds": "the seed documents' presets (the same)",
    "paifu.rules.majiang_rule": "電脳麻将 rule objects (a 電脳麻将 record, a .json --rules, its schemes)",
}

_PROBE = """
import json, sys
from paifu.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _modules_after(*argv: str) -> tuple[int, set[str]]:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    return got["code"], set(got["modules"])


def _loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def _check(record: Path, unused: dict[str, str]) -> None:
    code, modules = _modules_after("validate", str(record), "--jobs", "2")  # one file: run serially
    assert code == 0
    assert "paifu.engine.replayer" in modules and "lxml.etree" in modules  # it did replay the record
    loaded = {name: why for name, why in unused.items() if _loaded(modules, name)}
    assert not loaded, f"a serial validate of {record.name} imported modules it does not use: {loaded}"


def test_serial_validate_of_a_real_game_imports_only_what_it_uses() -> None:
    # a real game of 5 hands (Tenhou, 2009), whose wins the fast path values
    tenhou = corpus_dir("tenhou_xml", "fastmaj", "src", "test", "resources", "tenhou")
    _check(tenhou / "2009082815gm-00e1-0000-b7e41fe8&tw=3.mjlog", UNUSED)


def test_yakuman_are_valued_without_the_package() -> None:
    # a real game with daisuushii, suuankou and tsuuiisou in one win (Tenhou): the fast path values
    # yakuman too since December 2026
    record = corpus_dir("tenhou_xml", "pantheon", "Mimir", "tests", "helpers", "onlineLog", "testdata")
    _check(record / "tripleyakuman.xml", UNUSED)


def test_serial_validate_of_a_sample_imports_only_what_it_uses() -> None:
    # our own record, without the corpus; its first-turn wins (blessings: a renhou double ron) went to
    # the package until December 2026, and are the fast path's now
    _check(SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml", UNUSED)


_NO_DATACLASSES_PROBE = """
import io, json, sys
from paifu.cli import main
main(["validate", sys.argv[1]], out=io.StringIO())
loaded = "dataclasses" in sys.modules
made = set()
for name, module in list(sys.modules.items()):
    if name == "paifu" or name.startswith("paifu."):
        for cls in vars(module).values():
            if isinstance(cls, type) and cls.__module__ == name:
                codes = [getattr(f, "__code__", None) for f in vars(cls).values()]
                if any(c is not None and c.co_filename == "<string>" for c in codes):
                    made.add(name + "." + cls.__qualname__)
import dataclasses  # the probe's own check: it sees what a real dataclass generates
seen = any(getattr(f, "__code__", None) is not None and f.__code__.co_filename == "<string>"
           for f in vars(dataclasses.make_dataclass("Probe", ["x"])).values())
print(json.dumps({"loaded": loaded, "made": sorted(made), "seen": seen}))
"""


def test_a_small_validate_imports_no_dataclasses_and_generates_no_methods() -> None:
    """The records (``paifu.frozen.dataclass``: fields described when asked) and the compiled classes
    (``Table``, ``SeatState``, ``TableRules``, ``HandWall`` and the results, written out) generate nothing
    at start, and ``dataclasses`` (with ``inspect``, ``ast``, ``dis``, ``tokenize``: 41 M instructions,
    and 41 M more for the compiled dataclasses' generated methods) is not imported at all."""
    tenhou = corpus_dir("tenhou_xml", "fastmaj", "src", "test", "resources", "tenhou")
    smallest = corpus_dir("tenhou_xml", "pantheon", "Mimir", "tests", "models", "testdata")
    for record in (
        tenhou / "2009082815gm-00e1-0000-b7e41fe8&tw=3.mjlog",
        smallest / "hanchan_with_noname.xml",
    ):
        proc = subprocess.run(
            [sys.executable, "-c", _NO_DATACLASSES_PROBE, str(record)],
            capture_output=True,
            text=True,
            check=False,
            cwd=ROOT,
        )
        assert proc.returncode == 0, proc.stderr
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        assert got["seen"]  # the probe does see a generated method
        assert got["made"] == [], f"classes that generate their methods at every start: {got['made']}"
        assert not got["loaded"], f"a validate of {record.name} imported dataclasses"


def test_the_lazy_modules_still_load_when_needed(tmp_path: Path) -> None:
    """The other side: ``--version`` and a TOML ruleset still find what was made lazy."""
    proc = subprocess.run(
        [sys.executable, "-m", "paifu", "--version"], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert proc.returncode == 0 and proc.stdout.startswith("paifu "), proc.stderr
    record = SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml"
    ruleset = tmp_path / "mine.toml"
    ruleset.write_text('base = "tenhou"\nkuitan = true\n', encoding="utf-8")
    code, modules = _modules_after("validate", str(record), "--rules", str(ruleset))
    assert code == 0 and "tomllib" in modules


def test_only_the_command_itself_freezes_the_collector() -> None:
    """``paifu`` as a process freezes its objects (no exit collection walks them); a caller's
    ``main([...])`` leaves the collector as it was (freezing there would keep its garbage)."""
    record = str(SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml")
    probe = (
        "import gc, io, sys\n"
        "from paifu.cli import main\n"
        "main(['validate', sys.argv[1]], out=io.StringIO())\n"
        "in_process = gc.get_freeze_count()\n"
        "sys.argv = ['paifu', 'validate', '--quiet', sys.argv[1]]\n"
        "code = main()\n"
        "print(in_process, gc.get_freeze_count(), code)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe, record], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stderr
    in_process, as_command, code = map(int, proc.stdout.split()[-3:])
    assert in_process == 0 and as_command > 0 and code == 0


def test_the_command_imports_without_the_collector_and_runs_with_it() -> None:
    """``paifu`` as a process (``python -m paifu``, seen in ``sys.orig_argv``) loads its modules with the
    cyclic collector off, and turns it on, those modules frozen, before the command runs: a replay's
    cycles are still collected. A program that imports paifu keeps its collector as it was."""
    record = str(SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml")
    probe = (
        "import gc, sys\n"
        "as_command = sys.argv[1] == 'command'\n"
        "if as_command:\n"
        "    sys.orig_argv = [sys.executable, '-m', 'paifu', 'validate', sys.argv[2]]\n"
        "import paifu\n"
        "importing = gc.isenabled()\n"
        "import paifu.cli.validate as v\n"
        "seen = []\n"
        "run = v.run_validate\n"
        "v.run_validate = lambda *a: seen.append((gc.isenabled(), gc.get_freeze_count())) or run(*a)\n"
        "sys.argv = ['paifu', 'validate', '--quiet', sys.argv[2]]\n"
        "from paifu.cli import main\n"
        "code = main() if as_command else main(sys.argv[1:])\n"
        "print(importing, seen[0][0], seen[0][1] > 0, gc.isenabled(), code)\n"
    )
    got = {}
    for how in ("command", "library"):
        proc = subprocess.run(
            [sys.executable, "-c", probe, how, record], capture_output=True, text=True, check=False, cwd=ROOT
        )
        assert proc.returncode == 0, proc.stderr
        got[how] = proc.stdout.split()[-5:]
    assert got["command"] == ["False", "True", "True", "True", "0"]
    assert got["library"] == ["True", "True", "False", "True", "0"]


def test_a_command_loads_its_own_module_and_the_worker_errors_stay_one_line() -> None:
    """The other side of lazy commands: ``paifu rules`` runs from its own module, and ``--jobs`` (whose
    module a serial run never imports) still loads the pool when there are files to share."""
    code, modules = _modules_after("rules", "tenhou")
    assert code == 0 and "paifu.cli.rules" in modules and "paifu.cli.validate" not in modules
    samples = str(SAMPLES / "tenhou-xml")
    code, modules = _modules_after("validate", samples, "--jobs", "2", "--quiet")
    assert "paifu.parallel" in modules and "concurrent.futures.process" in modules


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[object, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            got: object = vars(parser.parse_args(argv))
        except SystemExit as e:
            got = e.code
    return got, out.getvalue(), err.getvalue()


def test_a_run_builds_only_its_command_with_the_same_parse_help_and_errors() -> None:
    """``main`` builds only the parser of the command named first (``build_parser(command)``): for each
    command, its help, its errors and a parse come out as from the whole command line."""
    from paifu.cli import _COMMANDS, build_parser

    for command in _COMMANDS:
        for argv in ([command, "--help"], [command], [command, "a.xml"], [command, "a.xml", "--bogus"]):
            assert _parse(build_parser(command), argv) == _parse(build_parser(), argv), argv
    assert set(build_parser("rules")._subparsers._group_actions[0].choices) == {"rules"}  # type: ignore[union-attr]


def test_help_is_filled_when_printed_and_as_wide_as_argparse_makes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``paifu.cli.helptext``: a description filled at printing reads as one filled at the start, and the
    formatter's width is ``shutil``'s terminal width, as argparse's own formatter takes it."""
    import shutil
    import textwrap

    from paifu.cli.helptext import Formatter, wrap

    text = "a paragraph of words " * 12 + "\n\nand   another\none " * 9
    filled = "\n\n".join(textwrap.fill(" ".join(par.split()), 80) for par in text.split("\n\n"))
    for columns in ("", "60", "132"):
        if columns:
            monkeypatch.setenv("COLUMNS", columns)
        else:
            monkeypatch.delenv("COLUMNS", raising=False)
        assert Formatter("paifu")._width == shutil.get_terminal_size().columns - 2  # noqa: SLF001
        ours = argparse.ArgumentParser(
            prog="paifu", description=wrap(text), epilog=wrap(text), formatter_class=Formatter
        )
        before = argparse.ArgumentParser(
            prog="paifu",
            description=filled,
            epilog=filled,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        for p in (ours, before):
            p.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders " * 5)
        assert ours.format_help() == before.format_help()


_STAND_IN = """
import sys
import paifu.formats.tenhou_xml
from lxml import etree
stand_in = "inspect" in sys.modules
def hello(context, name):
    return "hello " + name
etree.FunctionNamespace("urn:paifu-test")["hello"] = hello
said = etree.fromstring(b"<a/>").xpath("t:hello('b')", namespaces={"t": "urn:paifu-test"})
import inspect
print(stand_in, said, inspect.getfullargspec(hello).args, hasattr(inspect, "signature"))
"""


def test_lxml_loads_without_inspect_and_inspect_is_the_real_one_after() -> None:
    """``paifu.formats.lxml_import``: the stand-in is gone once ``lxml.etree`` is loaded; an XPath extension
    function still works, and a later ``import inspect`` is the real module."""
    proc = subprocess.run(
        [sys.executable, "-c", _STAND_IN], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert proc.stdout.split("\n")[0] == "False hello b ['context', 'name'] True"
