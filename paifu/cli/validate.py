"""``paifu validate``: replay every game and report each rule it breaks, as text or JSON Lines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from paifu.cli.common import Writer, plural, rules_option
from paifu.cli.inputs import replay_inputs
from paifu.cli.interrupt import Interrupt


def run_validate(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_option(args.rules)
    if args.format:
        from paifu.formats import normalise_format
        from paifu.formats.base import RecordError

        try:
            normalise_format(args.format)
        except RecordError as e:
            sys.stderr.write(f"paifu validate: {e}\n")
            return 2
    from paifu.cli.tally import Tally
    from paifu.safety import printable

    tally = Tally(args.json, args.quiet)
    skipped: list = []
    stop = Interrupt()
    if args.scheduler and "-" not in args.paths:
        # each batch rendered on its worker: its text and counts come back, not its games
        from paifu.dask import connect, validate_batches

        with connect(args.scheduler, args.jobs or 0) as client:
            batches = validate_batches(client, args.paths, tally, rules, args.format, skipped=skipped)
            write = Writer(out, None)
            for text, part in stop.guard(batches):
                write(text)
                tally.merge(part)
    else:
        from paifu.engine.verdict import verdict
        from paifu.pipeline import with_progress

        # each game's verdict, made where it is replayed: a worker sends back that, not the game's hands
        items = with_progress(
            replay_inputs(
                args.paths,
                rules,
                args.format,
                args.jobs,
                skipped=skipped,
                scheduler=args.scheduler,
                keep=verdict,
            )
        )
        write = Writer(out, items)
        for res in stop.guard(items):
            text = tally.add(res)
            if text:
                write(text)
    files, counts = tally.files, tally.counts
    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        if args.json:
            write(
                json.dumps({"kind": "skipped", "file": sk.file, "reason": sk.reason}, ensure_ascii=False)
                + "\n"
            )
        elif not args.quiet:
            write(printable(f"{sk.file}: skipped: {sk.reason}") + "\n")
    summary = {"kind": "summary", "files": files, **counts, "skipped": len(skipped)}
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            ("\n" if write.wrote else "")  # a blank line after the games' lines, none before nothing
            + f"{plural(files, 'file')}, {plural(counts['games'], 'game')}, {plural(counts['hands'], 'hand')}: "
            f"{plural(counts['valid_games'], 'valid game')}, {plural(counts['findings'], 'finding')}, "
            f"{counts['unreadable']:,} unreadable; {plural(counts['wins_checked'], 'win')} and "
            f"{plural(counts['draws_checked'], 'draw')} recomputed, rank points of "
            f"{plural(counts['rank_points_checked'], 'game')} checked"
            + (f"; {len(skipped):,} skipped" if skipped else "")
            + "\n"
        )
    if stop.hit:
        return stop.say("validate", "the summary above counts the games read so far")
    if counts["unreadable"]:
        return 2
    if not counts["games"]:
        sys.stderr.write("paifu validate: no game records found in " + " ".join(args.paths) + "\n")
        return 2
    return 1 if counts["findings"] else 0
