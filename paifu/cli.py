"""Command line: ``paifu validate``, ``paifu convert``, ``paifu report``, ``paifu rules``.

Exit codes: 0 every game valid, 1 some finding, 2 an input could not be read or the
arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from paifu.dask import DaskUnavailable
from paifu.parallel import PoolError
from paifu.rules import PRESETS, Ruleset, RulesetError, load_rules


def _rules(spec: str | None) -> Ruleset | None:
    return load_rules(spec) if spec else None


def _items(args: argparse.Namespace, rules: Ruleset | None) -> Iterator[Any]:
    """The replayed items, in input order, on the engine the options choose (a local Dask
    cluster lives as long as this generator)."""
    from paifu.replay import replay_paths

    if args.scheduler:
        from paifu.dask import connect, replay_items

        with connect(args.scheduler, args.jobs or 0) as client:
            yield from replay_items(client, args.paths, rules, fmt=args.format)
    elif args.jobs not in (None, 1):
        from paifu.parallel import replay_paths_parallel

        yield from replay_paths_parallel(args.paths, rules, fmt=args.format, jobs=args.jobs)
    else:
        yield from replay_paths(args.paths, rules, fmt=args.format)


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    from paifu.replay import Unreadable

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
    counts = {"games": 0, "hands": 0, "valid_games": 0, "findings": 0, "unreadable": 0,
              "wins_checked": 0, "draws_checked": 0, "rank_points_checked": 0}
    items = _items(args, rules)
    from paifu.replay import with_progress

    for res in with_progress(items):
        if isinstance(res, Unreadable):
            files.add(res.file)
            counts["unreadable"] += 1
            if args.json:
                out.write(json.dumps({"kind": "error", "file": res.file, "message": res.reason},
                                     ensure_ascii=False) + "\n")
            else:
                out.write(f"{res.file}: UNREADABLE: {res.reason}\n")
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
            out.write(f"{res.source}: {label}: {len(res.hands)} hands, rules {res.rules.name}: {status}\n")
            for f in res.findings:
                out.write(f"  {f}\n")
            for note in res.notes:
                out.write(f"  note: {note}\n")
    summary = {"kind": "summary", "files": len(files), **counts}
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            f"\n{len(files)} files, {counts['games']} games, {counts['hands']} hands: "
            f"{counts['valid_games']} valid games, {counts['findings']} findings, "
            f"{counts['unreadable']} unreadable; {counts['wins_checked']} wins and "
            f"{counts['draws_checked']} draws recomputed, {counts['rank_points_checked']} games' rank points\n"
        )
    if counts["unreadable"]:
        return 2
    if not counts["games"]:
        sys.stderr.write("paifu validate: no game records found in " + " ".join(args.paths) + "\n")
        return 2
    return 1 if counts["findings"] else 0


_EXTENSIONS = {"tenhou-xml": ".xml", "tenhou-json": ".json", "mjai": ".mjson", "majiang": ".json"}


def _convert(args: argparse.Namespace, out: TextIO) -> int:
    import warnings

    from paifu.formats import iter_record_files, normalise_format, read_path, write
    from paifu.formats.base import RecordError

    try:
        to = normalise_format(args.to)
    except RecordError as e:
        sys.stderr.write(f"paifu convert: {e}\n")
        return 2
    target = args.output
    files = list(iter_record_files(args.inputs))
    records = []
    bad = 0
    for path in files:
        try:
            records.extend((path, i, r) for i, r in enumerate(read_path(path, args.format)))
        except (RecordError, OSError) as e:
            sys.stderr.write(f"{path}: UNREADABLE: {e}\n")
            bad += 1
    if not files:
        sys.stderr.write("paifu convert: no record files found\n")
        return 2
    ext = _EXTENSIONS.get(to, "." + to)
    to_dir = target is not None and (len(records) != 1 or Path(target).is_dir() or target.endswith("/"))
    if to_dir and Path(target).suffix and not Path(target).is_dir() and not target.endswith(("/", os.sep)):
        sys.stderr.write(f"paifu convert: {len(records)} games need a folder for -o, not the file name {target}\n")
        return 2
    if to_dir:
        Path(target).mkdir(parents=True, exist_ok=True)
    written: set[Path] = set()
    for path, i, rec in records:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                data = write(rec, to)
            except RecordError as e:  # a game this format cannot express: reported, the batch goes on
                sys.stderr.write(f"{path}: game {i}: cannot write as {to}: {e.reason}\n")
                bad += 1
                continue
        for w in caught:
            sys.stderr.write(f"{path}: warning: {w.message}\n")
        if target is None:
            out.write(data.decode("utf-8"))
            if not data.endswith(b"\n"):
                out.write("\n")
            continue
        if to_dir:
            stem = Path(path).name.split(".")[0] + (f"-{i}" if i else "")
            dest = Path(target) / (stem + ext)
            n = 1
            while dest in written:  # same file name in two input folders: never overwrite
                n += 1
                dest = Path(target) / f"{stem}~{n}{ext}"
        else:
            dest = Path(target)
        written.add(dest)
        dest.write_bytes(data)
    return 2 if bad else 0


def _rules_cmd(args: argparse.Namespace, out: TextIO) -> int:
    if args.name:
        out.write(load_rules(args.name).to_toml())
        return 0
    for name, r in PRESETS.items():
        out.write(f"{name:18} {r.description}\n")
    return 0


def _report(args: argparse.Namespace, out: TextIO) -> int:
    from analysis.cli import run_report

    return run_report(args.paths, player=args.player, scheme=args.scheme, html=args.html,
                      players_out=args.players, games_out=args.games, rules=_rules(args.rules), out=out,
                      jobs=args.jobs, out_dir=args.out, partition=args.partition, scheduler=args.scheduler)


def _jobs(text: str) -> int:
    """``--jobs``: worker processes, 0 = one per core."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (all cores) or positive, not {n}")
    return n


_SCHEDULER = ("replay on Dask: 'dask' starts a local cluster (--jobs workers, default one per core), "
              "tcp://host:port joins a running scheduler; same output")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="paifu", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("validate", help="replay records and report every rule they break")
    v.add_argument("paths", nargs="+", help="record files or folders (searched recursively)")
    v.add_argument("--rules", help="a preset name, a ruleset TOML file, or a 電脳麻将 rule JSON")
    v.add_argument("--format", help="force the input format (tenhou-xml, tenhou-json, mjai, majiang)")
    v.add_argument("--json", action="store_true", help="JSON Lines: findings, errors, then a summary line")
    v.add_argument("--jobs", type=_jobs, help="worker processes (0 = one per core); same output")
    v.add_argument("--scheduler", help=_SCHEDULER)
    c = sub.add_parser("convert", help="convert records to another format")
    c.add_argument("inputs", nargs="+")
    c.add_argument("--to", required=True, help="tenhou-xml, tenhou-json, mjai or majiang")
    c.add_argument("-o", "--output", help="output file (one game) or folder")
    c.add_argument("--format", help="force the input format")
    r = sub.add_parser("report", help="validate and report statistics, rank points and plots")
    r.add_argument("paths", nargs="+")
    r.add_argument("--player")
    r.add_argument("--scheme", default="auto")
    r.add_argument("--html")
    r.add_argument("--players", help="player stats to .csv or .parquet")
    r.add_argument("--games", help="one row per (game, seat) to .csv or .parquet")
    r.add_argument("--rules")
    r.add_argument("--jobs", type=_jobs, help="worker processes (0 = one per core)")
    r.add_argument("--scheduler", help=_SCHEDULER)
    r.add_argument("--out", help="write per-game and per-hand rows to this folder as a Parquet dataset")
    r.add_argument("--partition", choices=["source", "date", "none"], default="source",
                   help="--out partitions: the record's folder (default), its month, or none")
    ru = sub.add_parser("rules", help="list presets, or print one as TOML")
    ru.add_argument("name", nargs="?")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) and 2
    handlers = {"validate": _validate, "convert": _convert, "report": _report, "rules": _rules_cmd}
    try:
        return handlers[args.cmd](args, out)
    except RulesetError as e:
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except (PoolError, DaskUnavailable) as e:  # the workers cannot run at all (not one file's fault)
        sys.stderr.write(f"paifu: {e}\n")
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as e:  # an output path that cannot be written (no such folder, no permission)
        sys.stderr.write(f"paifu: {e}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
