"""Command line: ``paifu validate``, ``paifu convert``, ``paifu report``, ``paifu show``, ``paifu rules``.

Exit codes: 0 every game valid, 1 some finding, 2 an input could not be read or the
arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from paifu.parallel import PoolError
from paifu.rules import PRESETS, Ruleset, RulesetError, load_rules


def _rules(spec: str | None) -> Ruleset | None:
    """The ``--rules`` ruleset; a malformed file is one ``RulesetError`` naming it, never a traceback."""
    if not spec:
        return None
    from paifu.safety import check_settings, printable

    try:
        rules = load_rules(spec)
        check_settings(rules)
    except RulesetError:
        raise
    except OSError as e:
        raise RulesetError(f"{printable(spec)}: cannot read: {e.strerror or e}") from e
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        what = ("nested too deeply" if isinstance(e, RecursionError) else printable(e) if type(e) is ValueError
                else f"{type(e).__name__}: {printable(e)}")
        raise RulesetError(f"{printable(spec)}: not a valid ruleset: {what}") from e
    return rules


def _line(out: TextIO, text: str) -> None:
    """One line of text output; control characters from records (names, ids) come out escaped."""
    from paifu.safety import printable

    out.write(printable(text) + "\n")


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    from paifu.pipeline import Unreadable, replay_paths

    rules = _rules(args.rules)
    if args.format:
        from paifu.formats import normalise_format
        from paifu.formats.base import RecordError

        try:
            normalise_format(args.format)
        except RecordError as e:
            sys.stderr.write(f"paifu validate: {e}\n")
            return 2
    files: set[str] = set()
    skipped: list = []
    counts = {"games": 0, "hands": 0, "valid_games": 0, "findings": 0, "unreadable": 0,
              "wins_checked": 0, "draws_checked": 0, "rank_points_checked": 0}
    if args.jobs != 1:
        from paifu.parallel import replay_paths_parallel

        items = replay_paths_parallel(args.paths, rules, fmt=args.format, jobs=args.jobs, skipped=skipped)
    else:
        items = replay_paths(args.paths, rules, fmt=args.format, skipped=skipped)
    from paifu.pipeline import with_progress

    for res in with_progress(items):
        if isinstance(res, Unreadable):
            files.add(res.file)
            counts["unreadable"] += 1
            if args.json:
                out.write(json.dumps({"kind": "error", "file": res.file, "message": res.reason},
                                     ensure_ascii=False) + "\n")
            else:
                _line(out, f"{res.file}: UNREADABLE: {res.reason}")
            continue
        files.add(res.source)
        counts["games"] += 1
        counts["hands"] += len(res.hands)
        counts["findings"] += len(res.findings)
        counts["wins_checked"] += res.wins_checked
        counts["draws_checked"] += res.draws_checked
        counts["rank_points_checked"] += res.rank_points_checked
        if res.valid:
            counts["valid_games"] += 1
        if args.json:
            for f in res.findings:
                out.write(json.dumps({"kind": "finding", **f.to_dict()}, ensure_ascii=False, default=str) + "\n")
            for note in res.notes:
                out.write(json.dumps({"kind": "note", "file": res.source, "game_index": res.game_index,
                                      "message": note}, ensure_ascii=False) + "\n")
        else:
            status = "ok" if res.valid else f"{len(res.findings)} finding(s)"
            label = res.game_id or f"game {res.game_index}"
            _line(out, f"{res.source}: {label}: {len(res.hands)} hands, rules {res.rules.name}: {status}")
            for f in res.findings:
                _line(out, f"  {f}")
            for note in res.notes:
                _line(out, f"  note: {note}")
    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        if args.json:
            out.write(json.dumps({"kind": "skipped", "file": sk.file, "reason": sk.reason}, ensure_ascii=False) + "\n")
        else:
            _line(out, f"{sk.file}: skipped: {sk.reason}")
    summary = {"kind": "summary", "files": len(files), **counts, "skipped": len(skipped)}
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            f"\n{len(files)} files, {counts['games']} games, {counts['hands']} hands: "
            f"{counts['valid_games']} valid games, {counts['findings']} findings, "
            f"{counts['unreadable']} unreadable; {counts['wins_checked']} wins and "
            f"{counts['draws_checked']} draws recomputed, {counts['rank_points_checked']} games' rank points"
            + (f"; {len(skipped)} skipped" if skipped else "") + "\n"
        )
    if counts["unreadable"]:
        return 2
    if not counts["games"]:
        sys.stderr.write("paifu validate: no game records found in " + " ".join(args.paths) + "\n")
        return 2
    return 1 if counts["findings"] else 0


_EXTENSIONS = {"tenhou-xml": ".xml", "tenhou-json": ".json", "mjai": ".mjson", "majiang": ".json"}


def _convert(args: argparse.Namespace, out: TextIO) -> int:
    """Read, write and forget one input at a time (memory stays flat on a folder of thousands);
    a file that cannot be read or a game that cannot be written is named, the rest still written.
    Into ``-o DIR`` no existing file is overwritten (``--overwrite`` allows it, but never an input)."""
    from paifu.formats import iter_record_files, normalise_format, read_path
    from paifu.formats.base import RecordError

    try:
        to = normalise_format(args.to)
    except RecordError as e:
        sys.stderr.write(f"paifu convert: {e}\n")
        return 2
    target = args.output
    skipped: list = []
    files = list(iter_record_files(args.inputs, skipped))
    for sk in skipped:
        _line(sys.stderr, f"{sk.file}: skipped: {sk.reason}")
    if not files:
        sys.stderr.write("paifu convert: no record files found\n")
        return 2
    to_dir = target is not None and (len(files) != 1 or Path(target).is_dir() or target.endswith(("/", os.sep)))
    inputs = {os.path.realpath(f) for f in files}
    bad = 0
    written: set[Path] = set()
    for path in files:
        try:
            records = read_path(path, args.format)
        except RecordError as e:
            _line(sys.stderr, f"{path}: UNREADABLE: {e.reason}")
            bad += 1
            continue
        if target is not None and not to_dir and len(records) != 1:
            to_dir = True  # one file of several games: they need a folder
        if to_dir and Path(target).suffix and not Path(target).is_dir() and not target.endswith(("/", os.sep)):
            sys.stderr.write(f"paifu convert: several games need a folder for -o, not the file name {target}\n")
            return 2
        for i, rec in enumerate(records):
            data = _write_one(path, i, rec, to)
            if data is None:
                bad += 1
                continue
            if target is None:
                out.write(data.decode("utf-8"))
                if not data.endswith(b"\n"):
                    out.write("\n")
                continue
            dest = _destination(Path(target), path, i, _EXTENSIONS.get(to, "." + to), to_dir, written)
            if os.path.realpath(dest) in inputs:
                _line(sys.stderr, f"{path}: game {i}: not written: {dest} is an input of this run")
                bad += 1
                continue
            if to_dir and dest.exists() and not args.overwrite:
                _line(sys.stderr, f"{path}: game {i}: not written: {dest} exists (--overwrite to replace it)")
                bad += 1
                continue
            if to_dir:
                dest.parent.mkdir(parents=True, exist_ok=True)
            written.add(dest)
            dest.write_bytes(data)
    return 2 if bad else 0


def _write_one(path: str, i: int, rec: object, to: str) -> bytes | None:
    """One game in the target format, its warnings on standard error; None (said why) when it cannot be."""
    import warnings

    from paifu.formats import write
    from paifu.formats.base import RecordError

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            data = write(rec, to)  # type: ignore[arg-type]
        except RecordError as e:  # a game this format cannot express: reported, the batch goes on
            _line(sys.stderr, f"{path}: game {i}: cannot write as {to}: {e.reason}")
            return None
    for w in caught:
        _line(sys.stderr, f"{path}: warning: {w.message}")
    return data


def _destination(target: Path, path: str, i: int, ext: str, to_dir: bool, written: set[Path]) -> Path:
    """Where a game goes: ``-o FILE`` itself, or a name in ``-o DIR`` not yet used in this run."""
    if not to_dir:
        return target
    stem = Path(path).name.split(".")[0] + (f"-{i}" if i else "")
    dest = target / (stem + ext)
    n = 1
    while dest in written:  # same file name in two input folders: never overwrite
        n += 1
        dest = target / f"{stem}~{n}{ext}"
    return dest


def _rules_cmd(args: argparse.Namespace, out: TextIO) -> int:
    if args.name:
        rules = _rules(args.name)
        assert rules is not None
        out.write(rules.to_toml())
        return 0
    for name, r in PRESETS.items():
        out.write(f"{name:18} {r.description}\n")
    return 0


def _report(args: argparse.Namespace, out: TextIO) -> int:
    from analysis.cli import run_report

    return run_report(args.paths, player=args.player, scheme=args.scheme, html=args.html,
                      players_out=args.players, games_out=args.games, rules=_rules(args.rules),
                      jobs=args.jobs)


def _show(args: argparse.Namespace, out: TextIO) -> int:
    """``paifu show FILE``: one game as a self-contained HTML viewer."""
    from paifu.formats.base import RecordError
    from paifu.view import GameView, ViewError

    try:
        game = GameView.open(args.file, args.game, _rules(args.rules))
        start = 0
        if args.hand:
            start = game.hand(args.hand).index
        if args.event is not None:
            start = game.goto(args.event).index
        page = game.to_html(start)
    except (RecordError, ViewError) as e:
        sys.stderr.write(f"paifu show: {e}\n")
        return 2
    except OSError as e:
        sys.stderr.write(f"paifu show: {args.file}: {e.strerror or e}\n")
        return 2
    except Exception as e:  # noqa: BLE001 - a reader or engine bug: name the game, no traceback
        sys.stderr.write(f"paifu show: {args.file}: game {args.game}: internal error: {type(e).__name__}: {e}\n")
        return 2
    dest = Path(args.output or f"{Path(args.file).name.split('.')[0]}{f'-game{args.game}' if args.game else ''}.html")
    dest.write_text(page, encoding="utf-8")
    out.write(f"{dest}: game {args.game}, {len(game.hands)} hands, {len(game.findings)} findings\n")
    return 0


def _jobs(text: str) -> int:
    """``--jobs``: worker processes, 0 = one per core."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (all cores) or positive, not {n}")
    return n


def _size(text: str) -> int:
    from paifu.limits import parse_size

    try:
        return parse_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text!r}")
    return n


def _limit_options(p: argparse.ArgumentParser) -> None:
    """The input limits (``paifu/limits.py``): a file over one is unreadable, naming it."""
    p.add_argument("--max-size", type=_size, metavar="BYTES",
                   help="largest file to read, before and after gunzip (default 64M; K, M, G accepted)")
    p.add_argument("--max-field", type=_positive, metavar="CHARS",
                   help="longest text field (name, game id) in a record (default 10000)")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="paifu", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("validate", help="replay records and report every rule they break")
    v.add_argument("paths", nargs="+", help="record files or folders (searched recursively)")
    v.add_argument("--rules", help="a preset name, a ruleset TOML file, or a 電脳麻将 rule JSON")
    v.add_argument("--format", help="force the input format (tenhou-xml, tenhou-json, mjai, majiang)")
    v.add_argument("--json", action="store_true", help="JSON Lines: findings, errors, then a summary line")
    v.add_argument("--jobs", type=_jobs, default=1, help="worker processes (0 = one per core); same output")
    _limit_options(v)
    c = sub.add_parser("convert", help="convert records to another format")
    c.add_argument("inputs", nargs="+")
    c.add_argument("--to", required=True, help="tenhou-xml, tenhou-json, mjai or majiang")
    c.add_argument("-o", "--output", help="output file (one game) or folder")
    c.add_argument("--format", help="force the input format")
    c.add_argument("--overwrite", action="store_true", help="replace existing files in -o (never an input)")
    _limit_options(c)
    r = sub.add_parser("report", help="validate and report statistics, rank points and plots")
    r.add_argument("paths", nargs="+")
    r.add_argument("--player")
    r.add_argument("--scheme", default="auto")
    r.add_argument("--html")
    r.add_argument("--players", help="player stats to .csv or .parquet")
    r.add_argument("--games", help="one row per (game, seat) to .csv or .parquet")
    r.add_argument("--rules")
    r.add_argument("--jobs", type=_jobs, default=1, help="worker processes (0 = one per core)")
    _limit_options(r)
    sh = sub.add_parser("show", help="write one game as a self-contained HTML viewer")
    sh.add_argument("file")
    sh.add_argument("--game", type=int, default=0, help="which game of the file (0 = the first)")
    sh.add_argument("--hand", help="open at this hand, e.g. E2-1")
    sh.add_argument("--event", type=int, help="open at this event index")
    sh.add_argument("--rules", help="judge under this ruleset instead of the record's own")
    sh.add_argument("-o", "--output", help="the HTML file (default: the record's name with .html)")
    _limit_options(sh)
    ru = sub.add_parser("rules", help="list presets, or print one as TOML")
    ru.add_argument("name", nargs="?")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if out is None:  # started with standard output closed (``>&-``)
        sys.stderr.write("paifu: standard output is closed\n")
        return 2
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) and 2
    changes = {k: v for k in ("max_size", "max_field") if (v := getattr(args, k, None)) is not None}
    if changes:
        from paifu.limits import configure

        configure(**changes)
    handlers = {"validate": _validate, "convert": _convert, "report": _report, "rules": _rules_cmd,
                "show": _show}
    try:
        return handlers[args.cmd](args, out)
    except RulesetError as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except PoolError as e:  # the worker pool cannot run at all (not one file's fault)
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except BrokenPipeError:  # piped into head, or standard output closed: nothing more to say
        _silence_stdout()
        return 0
    except OSError as e:  # an output path that cannot be written (no such folder, no permission, disk full)
        sys.stderr.write(f"paifu: {e}\n")
        if out is sys.stdout:
            _silence_stdout()
        return 2


def _silence_stdout() -> None:
    """When standard output cannot take more, point it at /dev/null so the interpreter's exit
    flush does not fail again with a traceback-like message."""
    try:
        sys.stdout.flush()
        return
    except (OSError, AttributeError, ValueError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
