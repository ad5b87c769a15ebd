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
    from paifu.pipeline import Unreadable

    rules = rules_option(args.rules)
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
    from paifu.engine.verdict import verdict
    from paifu.pipeline import with_progress

    # each game's verdict, made where it is replayed: a worker sends back that, not the game's hands
    items = with_progress(
        replay_inputs(
            args.paths, rules, args.format, args.jobs, skipped=skipped, scheduler=args.scheduler, keep=verdict
        )
    )
    write = Writer(out, items)
    stop = Interrupt()
    for res in stop.guard(items):
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
        counts["hands"] += res.hand_count
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
                f"{res.source}: {label}: {plural(res.hand_count, 'hand')}, rules {res.rules_name}: {status}"
            ]
            lines += [f"  {g}" for g in group_findings(res.findings)]
            lines += [f"  note: {note}" for note in res.notes]
            write("".join(printable(line) + "\n" for line in lines))
    for sk in skipped:  # found in a folder, deliberately not read: listed, never silent
        if args.json:
            write(
                json.dumps({"kind": "skipped", "file": sk.file, "reason": sk.reason}, ensure_ascii=False)
                + "\n"
            )
        elif not args.quiet:
            write(printable(f"{sk.file}: skipped: {sk.reason}") + "\n")
    summary = {"kind": "summary", "files": len(files), **counts, "skipped": len(skipped)}
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(
            ("\n" if write.wrote else "")  # a blank line after the games' lines, none before nothing
            + f"{plural(len(files), 'file')}, {plural(counts['games'], 'game')}, {plural(counts['hands'], 'hand')}: "
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
