"""paifu: read, convert, replay and validate riichi mahjong game records.

Formats: Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, 電脳麻将 paipu (detected
from the content; gzip is read transparently). Folders are searched recursively.

exit status (validate, report): 0 every game valid, 1 some game has findings,
2 an input could not be read or the arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from paifu._build import BUILD
from paifu.dask import DaskUnavailable
from paifu.parallel import PoolError
from paifu.rules import PRESETS, Ruleset, RulesetError, load_rules
from paifu.rules.presets import sources_text


def _rules(spec: str | None) -> Ruleset | None:
    """The ``--rules`` ruleset; a malformed file is one ``RulesetError`` naming it, never a traceback."""
    if not spec:
        return None
    from paifu.safety import check_settings, printable

    try:
        rules = load_rules(spec)
        check_settings(rules)
    except RulesetError as e:
        if Path(spec).is_file() and not str(e).startswith(printable(spec)):
            raise RulesetError(f"{printable(spec)}: {e}") from e  # every message names the file
        raise
    except OSError as e:
        raise RulesetError(f"{printable(spec)}: cannot read: {e.strerror or e}") from e
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        what = (
            "nested too deeply"
            if isinstance(e, RecursionError)
            else printable(e)
            if type(e) is ValueError
            else f"{type(e).__name__}: {printable(e)}"
        )
        raise RulesetError(f"{printable(spec)}: not a valid ruleset: {what}") from e
    return rules


def _line(out: TextIO, text: str) -> None:
    """One line of text output; control characters from records (names, ids) come out escaped."""
    from paifu.safety import printable

    out.write(printable(text) + "\n")


def plural(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def output_problem(path: str | None) -> str | None:
    """Why a file cannot be written at ``path`` (checked before any work), or None."""
    if not path or path == "-":
        return None
    p = Path(path)
    if p.is_dir():
        return f"{path} is a folder, not a file"
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        return f"cannot write {path}: no folder {parent}"
    if not os.access(parent, os.W_OK):
        return f"cannot write {path}: folder {parent} is not writable"
    return None


class _Writer:
    """Result lines to ``out``; while a progress counter runs on the same terminal, it is cleared
    around each line so the two never run into each other."""

    def __init__(self, out: TextIO, progress: object) -> None:
        self.out = out
        self.bar = progress if hasattr(progress, "clear") else None

    def __call__(self, text: str) -> None:
        if self.bar is None:
            self.out.write(text)
            return
        from tqdm import tqdm

        tqdm.write(text, file=self.out, end="")


def _read_stdin(rules: Ruleset | None, fmt: str | None):  # noqa: ANN202 - a generator of results
    """``-`` as an input: the records on standard input, replayed like a file named ``<stdin>``."""
    from paifu.formats import read_bytes
    from paifu.formats.base import RecordError
    from paifu.pipeline import Unreadable, replay_record

    try:
        records = read_bytes(sys.stdin.buffer.read(), "<stdin>", fmt)
    except RecordError as e:
        yield Unreadable("<stdin>", str(e))
        return
    for i, rec in enumerate(records):
        rec.source = rec.source or "<stdin>"
        yield replay_record(rec, rules, game_index=i)


def replay_inputs(
    paths: Sequence[str],
    rules: Ruleset | None,
    fmt: str | None = None,  # noqa: ANN201
    jobs: int | None = 1,
    skipped: list | None = None,
    scheduler: str | None = None,
):
    """Every game under ``paths`` in order (``-`` reads standard input; then the run is serial);
    files found in folders but not read go to ``skipped`` with the reason. ``jobs`` other than None
    or 1: that many worker processes; ``scheduler``: on Dask (``paifu.dask``), the same items."""
    from paifu.pipeline import replay_paths

    if scheduler:
        if "-" in paths:
            from paifu.dask import DaskUnavailable

            raise DaskUnavailable(
                "--scheduler reads files on the workers: standard input (-) needs a run without --scheduler"
            )
        return _dask_items(paths, rules, fmt, jobs, skipped, scheduler)
    if "-" not in paths:
        if jobs not in (None, 1):
            from paifu.parallel import replay_paths_parallel

            return replay_paths_parallel(paths, rules, fmt=fmt, jobs=jobs, skipped=skipped)
        return replay_paths(paths, rules, fmt=fmt, skipped=skipped)

    def chain():  # noqa: ANN202
        for path in paths:
            yield from (
                _read_stdin(rules, fmt)
                if path == "-"
                else replay_paths([path], rules, fmt=fmt, skipped=skipped)
            )

    return chain()


def _dask_items(
    paths: Sequence[str],
    rules: Ruleset | None,
    fmt: str | None,
    jobs: int | None,
    skipped: list | None,
    scheduler: str,
) -> Iterator[Any]:
    """The replayed items from Dask workers, in input order (a local cluster lives as long as this)."""
    from paifu.dask import connect, replay_items

    with connect(scheduler, jobs or 0) as client:
        yield from replay_items(client, paths, rules, fmt=fmt, skipped=skipped)


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    from paifu.pipeline import Unreadable

    rules = _rules(args.rules)
    if args.format:
        from paifu.formats import normalise_format
        from paifu.formats.base import RecordError

        try:
            normalise_format(args.format)
        except RecordError as e:
            sys.stderr.write(f"paifu validate: {e}\n")
            return 2
    from paifu.findings import group_findings
    from paifu.safety import printable

    files: set[str] = set()
    skipped: list = []
    counts = {
        "games": 0,
        "hands": 0,
        "valid_games": 0,
        "findings": 0,
        "unreadable": 0,
        "wins_checked": 0,
        "draws_checked": 0,
        "rank_points_checked": 0,
    }
    from paifu.pipeline import with_progress

    items = with_progress(
        replay_inputs(args.paths, rules, args.format, args.jobs, skipped=skipped, scheduler=args.scheduler)
    )
    write = _Writer(out, items)
    for res in items:
        if isinstance(res, Unreadable):
            files.add(res.file)
            counts["unreadable"] += 1
            if args.json:
                write(
                    json.dumps({"kind": "error", "file": res.file, "message": res.reason}, ensure_ascii=False)
                    + "\n"
                )
            else:
                write(printable(f"{res.file}: UNREADABLE: {res.reason}") + "\n")
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
            lines = [
                json.dumps({"kind": "finding", **f.to_dict()}, ensure_ascii=False, default=str) + "\n"
                for f in res.findings
            ]
            lines += [
                json.dumps(
                    {"kind": "note", "file": res.source, "game_index": res.game_index, "message": note},
                    ensure_ascii=False,
                )
                + "\n"
                for note in res.notes
            ]
            if lines:
                write("".join(lines))
        elif not (args.quiet and res.valid and not res.notes):
            status = "ok" if res.valid else plural(len(res.findings), "finding")
            label = res.game_id or f"game {res.game_index}"
            lines = [
                f"{res.source}: {label}: {plural(len(res.hands), 'hand')}, rules {res.rules.name}: {status}"
            ]
            lines += [f"  {g}" for g in group_findings(res.findings)]
            lines += [f"  note: {note}" for note in res.notes]
            write("".join(printable(line) + "\n" for line in lines))
    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        if args.json:
            out.write(
                json.dumps({"kind": "skipped", "file": sk.file, "reason": sk.reason}, ensure_ascii=False)
                + "\n"
            )
        elif not args.quiet:
            _line(out, f"{sk.file}: skipped: {sk.reason}")
    summary = {"kind": "summary", "files": len(files), **counts, "skipped": len(skipped)}
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            f"\n{plural(len(files), 'file')}, {plural(counts['games'], 'game')}, {plural(counts['hands'], 'hand')}: "
            f"{plural(counts['valid_games'], 'valid game')}, {plural(counts['findings'], 'finding')}, "
            f"{counts['unreadable']:,} unreadable; {plural(counts['wins_checked'], 'win')} and "
            f"{plural(counts['draws_checked'], 'draw')} recomputed, rank points of "
            f"{plural(counts['rank_points_checked'], 'game')} checked"
            + (f"; {len(skipped):,} skipped" if skipped else "")
            + "\n"
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
    Into ``-o DIR`` no existing file is overwritten (``--overwrite`` allows it, but never an input).
    What a target cannot carry is warned per game (``--quiet``: not) and summed up by kind."""
    from paifu.formats import iter_record_files, normalise_format, read_bytes, read_path
    from paifu.formats.base import RecordError

    try:
        to = normalise_format(args.to)
    except RecordError as e:
        sys.stderr.write(f"paifu convert: {e}\n")
        return 2
    target = args.output
    skipped: list = []
    files = list(iter_record_files([p for p in args.inputs if p != "-"], skipped))
    if "-" in args.inputs:
        files.insert(min(args.inputs.index("-"), len(files)), "-")
    for sk in skipped:
        _line(sys.stderr, f"{sk.file}: skipped: {sk.reason}")
    if not files:
        sys.stderr.write("paifu convert: no record files found\n")
        return 2
    to_dir = target is not None and (
        len(files) != 1 or Path(target).is_dir() or target.endswith(("/", os.sep))
    )
    if target is not None and not to_dir and (problem := output_problem(target)):
        sys.stderr.write(f"paifu convert: {problem}\n")
        return 2
    inputs = {os.path.realpath(f) for f in files if f != "-"}
    bad = games = unwritten = 0
    written: set[Path] = set()
    kinds: Counter[str] = Counter()
    for path in files:
        try:
            records = (
                read_bytes(sys.stdin.buffer.read(), "<stdin>", args.format)
                if path == "-"
                else read_path(path, args.format)
            )
        except RecordError as e:
            _line(sys.stderr, f"{path}: UNREADABLE: {e.reason}")
            bad += 1
            continue
        name = path if path != "-" else "<stdin>"
        if target is not None and not to_dir and len(records) != 1:
            to_dir = True  # one file of several games: they need a folder
        if (
            to_dir
            and Path(target).suffix
            and not Path(target).is_dir()
            and not target.endswith(("/", os.sep))
        ):
            sys.stderr.write(
                f"paifu convert: several games need a folder for -o, not the file name {target}\n"
            )
            return 2
        for i, rec in enumerate(records):
            games += 1
            data = _write_one(name, i, rec, to, kinds, args.quiet)
            if data is None:
                bad += 1
                unwritten += 1
                continue
            if target is None:
                out.write(data.decode("utf-8"))
                if not data.endswith(b"\n"):
                    out.write("\n")
                continue
            dest = _destination(Path(target), name, i, _EXTENSIONS.get(to, "." + to), to_dir, written)
            if os.path.realpath(dest) in inputs:
                _line(sys.stderr, f"{name}: game {i}: not written: {dest} is an input of this run")
                bad += 1
                unwritten += 1
                continue
            if to_dir and dest.exists() and not args.overwrite:
                _line(sys.stderr, f"{name}: game {i}: not written: {dest} exists (--overwrite to replace it)")
                bad += 1
                unwritten += 1
                continue
            if to_dir:
                dest.parent.mkdir(parents=True, exist_ok=True)
            written.add(dest)
            dest.write_bytes(data)
    if kinds:
        total = sum(kinds.values())
        parts = "; ".join(f"{n} x {m}" for m, n in kinds.most_common())
        done = f" ({games - unwritten:,} written)" if unwritten else ""
        _line(
            sys.stderr, f"paifu convert: {plural(games, 'game')}{done}, {plural(total, 'warning')}: {parts}"
        )
    return 2 if bad else 0


def _write_one(path: str, i: int, rec: object, to: str, kinds: Counter[str], quiet: bool) -> bytes | None:
    """One game in the target format, its warnings on standard error (counted by kind in ``kinds``);
    None (said why) when it cannot be written."""
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
    messages = [(str(w.message), str(w.message)) for w in caught]
    if not any("rules" in m for _, m in messages) and (lost := rules_lost(rec, data, to)) is not None:
        messages.append((f"{to} cannot carry the table's rules", lost))
    for kind, m in messages:
        kinds[kind] += 1
        if not quiet:
            _line(sys.stderr, f"{path}: warning: {m}")
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


def rules_lost(record: object, data: bytes, fmt: str) -> str | None:
    """A warning when the written game, read back, would be judged under other rules than the record
    (a chip or ratio lobby written as mjai): validating the output would then report findings."""
    from paifu.formats import read_bytes
    from paifu.formats.base import RecordError
    from paifu.pipeline import record_rules

    try:
        before = record_rules(record)  # type: ignore[arg-type]
        back = read_bytes(data, "", fmt)
        after = record_rules(back[0]) if back else None
    except (RecordError, RulesetError, ValueError):
        return None
    if after is None:
        return None
    differ = [k for k, v in _rule_fields(before).items() if _rule_fields(after).get(k) != v]
    if not differ:
        return None
    return (
        f"{fmt} cannot carry this table's rules ({before.name}): read back it is judged under "
        f"{after.name}, which differs in {', '.join(differ[:6])}{' ...' if len(differ) > 6 else ''}; "
        f"validate the output with --rules FILE (paifu rules {before.name.split('[')[0]} > t.toml, then edit)"
    )


def _rule_fields(r: Ruleset) -> dict[str, object]:
    import dataclasses

    return {
        f.name: getattr(r, f.name) for f in dataclasses.fields(r) if f.name not in ("name", "description")
    }


def _rules_cmd(args: argparse.Namespace, out: TextIO) -> int:
    if args.name:
        rules = _rules(args.name)
        assert rules is not None
        out.write(sources_text(rules) if args.sources else rules.to_toml())
        return 0
    for name, r in PRESETS.items():
        out.write(f"{name:18} {r.description}\n")
    return 0


def _report(args: argparse.Namespace, out: TextIO) -> int:
    from analysis.cli import run_report

    for path in (args.html, args.players, args.games):
        if problem := output_problem(path):
            sys.stderr.write(f"paifu report: {problem}\n")
            return 2
    return run_report(
        args.paths,
        player=args.player,
        scheme=args.scheme,
        html=args.html,
        players_out=args.players,
        games_out=args.games,
        rules=_rules(args.rules),
        out=out,
        jobs=args.jobs,
        quiet=args.quiet,
        viewer_links=args.viewer_links,
        out_dir=args.out,
        partition=args.partition,
        scheduler=args.scheduler,
    )


def _show(args: argparse.Namespace, out: TextIO) -> int:
    """``paifu show FILE``: one game as a self-contained HTML viewer."""
    from paifu.formats.base import RecordError
    from paifu.view import GameView, ViewError

    if problem := output_problem(args.output):
        sys.stderr.write(f"paifu show: {problem}\n")
        return 2
    try:
        game = GameView.open(args.file, args.game, _rules(args.rules))
        start = 0
        if args.hand:
            start = game.hand(args.hand).index
        if args.event is not None:
            start = game.goto(args.event).index
        page = game.to_html(start)
    except (RecordError, ViewError, RulesetError) as e:
        sys.stderr.write(f"paifu show: {e}\n")
        return 2
    except OSError as e:
        sys.stderr.write(f"paifu show: {args.file}: {e.strerror or e}\n")
        return 2
    except Exception as e:  # noqa: BLE001 - a reader or engine bug: name the game, no traceback
        sys.stderr.write(
            f"paifu show: {args.file}: game {args.game}: internal error: {type(e).__name__}: {e}\n"
        )
        return 2
    dest = Path(
        args.output or f"{Path(args.file).name.split('.')[0]}{f'-game{args.game}' if args.game else ''}.html"
    )
    dest.write_text(page, encoding="utf-8")
    out.write(
        f"{dest}: game {args.game}, {plural(len(game.hands), 'hand')}, {plural(len(game.findings), 'finding')}\n"
    )
    return 0


def _tournament(args: argparse.Namespace, out: TextIO) -> int:
    from analysis.tournament import run_tournament

    return run_tournament(
        args.paths,
        args.advance,
        seed=args.seed,
        claimed=args.claimed,
        entrants=args.entrants,
        prizes=args.prizes,
        table=args.table,
        html=args.html,
        out=out,
    )


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
    p.add_argument(
        "--max-size",
        type=_size,
        metavar="BYTES",
        help="largest file to read, before and after gunzip (default 64M; K, M, G accepted)",
    )
    p.add_argument(
        "--max-field",
        type=_positive,
        metavar="CHARS",
        help="longest text field (name, game id) in a record (default 10000)",
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("paifu")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree without installing
        return "unknown"


_FORMATS = "tenhou-xml, tenhou-json, mjai or majiang"
_RULES_HELP = (
    "judge every game under this ruleset instead of the record's own: a preset name "
    "(paifu rules lists them), a ruleset TOML file, or a 電脳麻将 rule JSON"
)
_JOBS_HELP = "replay in N worker processes (0 = one per core); output identical to --jobs 1"
_SCHEDULER = (
    "replay on Dask: 'dask' starts a local cluster (--jobs workers, default one per core), "
    "tcp://host:port joins a running scheduler (its workers must see the same paths); same output"
)


def _wrap(text: str) -> str:
    """Paragraphs filled to 80 columns (the raw formatter keeps our line breaks, and wraps nothing)."""
    import textwrap

    return "\n\n".join(textwrap.fill(" ".join(par.split()), 80) for par in text.split("\n\n"))


_EXAMPLES = """examples:
  paifu validate logs/ -q                   findings only, then a summary
  paifu validate --json game.xml            JSON Lines for a program to read
  zcat game.mjson.gz | paifu validate -     read standard input
  paifu convert logs/ --to mjai -o out/ -q  one file per game, a one-line summary of warnings
  paifu report logs/ --html league.html     the HTML report, its tables beside it
  paifu report logs/ --player Aoi           one player's rates against the field
  paifu rules tenhou > my.toml              a preset to edit, then --rules my.toml"""


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    p = argparse.ArgumentParser(prog="paifu", description=__doc__, formatter_class=fmt, epilog=_EXAMPLES)
    p.add_argument("--version", action="version", version=f"paifu {_version()} ({BUILD})")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    v = sub.add_parser(
        "validate",
        formatter_class=fmt,
        help="replay records and report every rule they break",
        description=_wrap(
            "Replay every game through the rules engine and report each rule it breaks: one line per "
            "game, one per finding (the record's value beside the one the rules give), then a summary."
        ),
        epilog=_wrap(
            "exit status: 0 every game valid, 1 some finding, 2 an input could not be read or bad arguments"
        ),
    )
    v.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="record files or folders (searched recursively); - reads standard input",
    )
    v.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    v.add_argument(
        "--format",
        metavar="FMT",
        help=f"read every input as this format ({_FORMATS}) instead of detecting it",
    )
    v.add_argument(
        "--json",
        action="store_true",
        help="JSON Lines: one object per finding, note, unreadable input and skipped file, then a summary object",
    )
    v.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only games with findings or notes, unreadable "
        "inputs and the summary (no line per valid game)",
    )
    v.add_argument("--jobs", type=_jobs, metavar="N", help=_JOBS_HELP)
    v.add_argument("--scheduler", metavar="dask|tcp://HOST:PORT", help=_SCHEDULER)
    _limit_options(v)
    c = sub.add_parser(
        "convert",
        formatter_class=fmt,
        help="convert records to another format",
        description=_wrap(
            "Convert records to another format. What the target cannot carry is warned about per game "
            "on standard error (a summary of the warnings by kind ends the run); a game the target cannot "
            "express at all is named and skipped."
        ),
        epilog=_wrap(
            "exit status: 0 all written, 2 an input unreadable or a game not writable (the rest still written)"
        ),
    )
    c.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="record files or folders; - reads standard input"
    )
    c.add_argument("--to", required=True, metavar="FMT", help=f"the format to write: {_FORMATS}")
    c.add_argument(
        "-o",
        "--output",
        metavar="FILE|DIR",
        help="a file (one game) or a folder (one file per game; created). Default: standard output",
    )
    c.add_argument("--format", metavar="FMT", help=f"read every input as this format ({_FORMATS})")
    c.add_argument(
        "-q", "--quiet", action="store_true", help="no line per warning: only the summary of warnings by kind"
    )
    c.add_argument(
        "--overwrite", action="store_true", help="replace files already in -o DIR (never an input of the run)"
    )
    _limit_options(c)
    r = sub.add_parser(
        "report",
        formatter_class=fmt,
        help="validate and report statistics, rank points and plots",
        description=_wrap(
            "Replay and validate the games, then report per-player statistics with 95% intervals, "
            "rank points and flagged games: a summary on standard output, and on request an HTML "
            "report and tables (CSV or Parquet, by suffix)."
        ),
        epilog=_wrap(
            "exit status: 0 all games valid, 1 some games flagged (still counted), 2 unreadable input, an "
            "unknown player or scheme, or an output path that cannot be written"
        ),
    )
    r.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="record files or folders (searched recursively); - reads standard input",
    )
    r.add_argument(
        "--player",
        metavar="NAME",
        help="add one player's section: rates against the field, rank-point "
        "curve, yaku (case-insensitive when unambiguous)",
    )
    r.add_argument(
        "--scheme",
        default="auto",
        metavar="NAME|FILE",
        help="rank-point scheme: auto (each game's own; default), a scheme name such as tenhou, "
        "mahjongsoul, mleague (docs/statistics.md), or a TOML file",
    )
    r.add_argument(
        "--html",
        metavar="FILE",
        help="write the HTML report; its full tables go beside it as CSV "
        "(league.html: league-players.csv, league-games.csv, "
        "league-findings.csv)",
    )
    r.add_argument(
        "--viewer-links",
        action="store_true",
        help="in the HTML report, link each finding to viewer/<file>-<game>.html#event=N beside it "
        "(make those pages with paifu show FILE --game N -o viewer/<file>-<game>.html)",
    )
    r.add_argument("--players", metavar="FILE", help="write per-player statistics to FILE (.csv or .parquet)")
    r.add_argument(
        "--games", metavar="FILE", help="write one row per (game, seat) to FILE (.csv or .parquet)"
    )
    r.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    r.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="only the summary on standard output (by default the first 10 flagged games follow it)",
    )
    r.add_argument("--jobs", type=_jobs, metavar="N", help=_JOBS_HELP)
    r.add_argument("--scheduler", metavar="dask|tcp://HOST:PORT", help=_SCHEDULER)
    r.add_argument(
        "--out",
        metavar="DIR",
        help="write every table (games, game_players, hands, hand_players, wins, findings) to "
        "this new or empty folder as a Parquet dataset",
    )
    r.add_argument(
        "--partition",
        choices=["source", "date", "none"],
        default="source",
        help="--out partitions: the record's folder (default), its month, or none",
    )
    _limit_options(r)
    sh = sub.add_parser(
        "show",
        formatter_class=fmt,
        help="write one game as a self-contained HTML viewer",
        description=_wrap(
            "Write one game as a single HTML file (no network needed): the table drawn at every "
            "event, arrow keys and buttons to step, the hands, the findings (each jumps to its "
            "event), the score curve and the discard review."
        ),
        epilog=_wrap("exit status: 0 written, 2 the file or game cannot be read"),
    )
    sh.add_argument("file", metavar="FILE", help="a record file")
    sh.add_argument("--game", type=int, default=0, metavar="N", help="which game of the file (0 = the first)")
    sh.add_argument("--hand", metavar="LABEL", help="open at this hand, e.g. E2-1")
    sh.add_argument("--event", type=int, metavar="N", help="open at this event index")
    sh.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    sh.add_argument(
        "-o", "--output", metavar="FILE", help="the HTML file (default: the record's name with .html)"
    )
    _limit_options(sh)
    ru = sub.add_parser(
        "rules",
        formatter_class=fmt,
        help="list presets, or print one as TOML",
        description=_wrap(
            "Without a name, list the presets; with one, print it as TOML to edit "
            'and pass back with --rules FILE (base = "tenhou" plus the fields you '
            "change)."
        ),
    )
    ru.add_argument("name", nargs="?", metavar="PRESET", help="the preset to print")
    ru.add_argument(
        "--sources",
        action="store_true",
        help="each value with the seed sentence it comes from, or 'choice' where the source is silent",
    )
    t = sub.add_parser(
        "tournament",
        formatter_class=fmt,
        help="DORA tournament rounds: validate, rank, draw, write the bracket",
        description=_wrap(
            "Validate every table of a round under dora-tournament, rank each table, draw ties for "
            "an advancing place and lucky losers with a seed you can give (printed, reusable), "
            "refund entrants who could not be seated, and write the bracket."
        ),
        epilog=_wrap(
            "exit status: 0 the bracket is written and any claimed advancement is legal, 1 a table has "
            "findings or a claim is not, 2 unreadable input or bad arguments"
        ),
    )
    t.add_argument(
        "paths", nargs="+", metavar="PATH", help="one round's records, or one folder with a folder per round"
    )
    t.add_argument(
        "--advance", type=int, default=1, metavar="N", help="places per table that go on (default 1)"
    )
    t.add_argument(
        "--seed", type=int, metavar="S", help="seed of the random draws (ties, lucky losers); printed"
    )
    t.add_argument(
        "--claimed", metavar="FILE", help="who goes on from the last round, one player a line (checked)"
    )
    t.add_argument(
        "--entrants", metavar="FILE", help="everyone registered, one a line (the unseated are refunded)"
    )
    t.add_argument("--prizes", metavar="SPEC", help="take-all:AMOUNT or AMOUNT,AMOUNT,... per final place")
    t.add_argument("--table", metavar="FILE", help="the bracket to .csv or .parquet")
    t.add_argument("--html", metavar="FILE", help="the bracket as an HTML page")
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
    handlers = {
        "validate": _validate,
        "convert": _convert,
        "report": _report,
        "rules": _rules_cmd,
        "show": _show,
        "tournament": _tournament,
    }
    try:
        return handlers[args.cmd](args, out)
    except RulesetError as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except (PoolError, DaskUnavailable) as e:  # the workers cannot run at all (not one file's fault)
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
