"""``paifu report`` and ``paifu tournament``: the commands whose work is in ``analysis``
(statistics, rank points, brackets); here only their arguments are checked and passed on."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from paifu.cli.common import output_problem, rules_option
from paifu.cli.guards import refuse_outputs, report_outputs
from paifu.outfiles import kind_of, writes_into
from paifu.safety import printable


def run_report(args: argparse.Namespace, out: TextIO) -> int:
    from paifu.analysis import cli as analysis_cli

    named = {"--html": args.html, "--players": args.players, "--games": args.games, "--out": args.out}
    if problem := _not_a_file(named, "the report's summary"):
        sys.stderr.write(f"paifu report: {problem}\n")
        return 2
    if args.html and writes_into(args.html):
        sys.stderr.write(
            f"paifu report: --html {printable(args.html)} is {kind_of(args.html)}: the report writes its "
            "tables beside its page (NAME-games.csv ...), so --html needs a file name\n"
        )
        return 2
    for path in (args.html, args.players, args.games):
        if problem := output_problem(path):
            sys.stderr.write(f"paifu report: {problem}\n")
            return 2
    side = [args.members] if args.members else []
    outputs = report_outputs(args.html, args.players, args.games, args.out)
    if refuse_outputs("report", outputs, [*args.paths, *side]):
        return 2
    return analysis_cli.run_report(
        args.paths,
        player=args.player,
        scheme=args.scheme,
        html=args.html,
        players_out=args.players,
        games_out=args.games,
        rules=rules_option(args.rules),
        out=out,
        jobs=args.jobs,
        quiet=args.quiet,
        viewer_links=args.viewer_links,
        out_dir=args.out,
        partition=args.partition,
        scheduler=args.scheduler,
        filters={
            "since": args.since,
            "until": args.until,
            "last": args.last,
            "lobby": args.lobby,
            "length": args.length,
            "table_size": args.table_size,
            "member": args.member,
            "members": args.members,
        },
        split=args.split,
        convention=args.convention,
    )


def run_tournament(args: argparse.Namespace, out: TextIO) -> int:
    from paifu.analysis import tournament_cli as tournament

    if problem := _not_a_file({"--table": args.table, "--html": args.html}, "the bracket's text"):
        sys.stderr.write(f"paifu tournament: {problem}\n")
        return 2
    for path in (args.table, args.html):
        if problem := output_problem(path):
            sys.stderr.write(f"paifu tournament: {problem}\n")
            return 2
    side = [p for p in (args.claimed, args.entrants) if p]
    if refuse_outputs("tournament", {"--table": args.table, "--html": args.html}, [*args.paths, *side]):
        return 2
    return tournament.run_tournament(
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


def _not_a_file(options: dict[str, str | None], text: str) -> str | None:
    """Why an output option cannot be ``-``: standard output already carries the command's ``text``
    (a file named ``-`` would be taken for an option, and its tables beside it named ``--games.csv``)."""
    for option, path in options.items():
        if path == "-":
            return f"{option} -: standard output carries {text}; give a file name"
    return None
