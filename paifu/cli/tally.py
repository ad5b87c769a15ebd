"""What ``paifu validate`` prints of each item and what it counts, kept apart from the run so that
a Dask worker can render a whole batch and send back its text and counts (``paifu.dask``): the
client then writes one block a batch, not a line a game."""

from __future__ import annotations

import json
from typing import Any

COUNTS = (
    "games",
    "hands",
    "valid_games",
    "findings",
    "unreadable",
    "wins_checked",
    "draws_checked",
    "rank_points_checked",
)


class Tally:
    """The counts of a run (or of one batch of whole files: batches add up) and the text each item
    prints: ``--json`` lines, or text lines (``quiet``: only games with findings or notes)."""

    __slots__ = ("as_json", "counts", "files", "last_file", "quiet")

    def __init__(self, as_json: bool = False, quiet: bool = False) -> None:
        self.as_json, self.quiet = as_json, quiet
        self.counts = dict.fromkeys(COUNTS, 0)
        self.files = 0  # items come file by file: a file is counted where its first item comes
        self.last_file: str | None = None

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.as_json, self.quiet, self.counts, self.files, self.last_file)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.as_json, self.quiet, self.counts, self.files, self.last_file = state

    def merge(self, other: Tally) -> None:
        """Another batch's counts (its files are none of ours: a file is never cut between batches)."""
        for k, v in other.counts.items():
            self.counts[k] += v
        self.files += other.files
        self.last_file = other.last_file or self.last_file

    def add(self, res: Any) -> str:
        """Count one item (a ``GameVerdict`` or an ``Unreadable``); the text it prints."""
        from paifu.findings import group_findings
        from paifu.pipeline import Unreadable
        from paifu.safety import printable

        counts = self.counts
        if isinstance(res, Unreadable):
            if res.file != self.last_file:
                self.files, self.last_file = self.files + 1, res.file
            counts["unreadable"] += 1
            if self.as_json:
                return (
                    json.dumps({"kind": "error", "file": res.file, "message": res.reason}, ensure_ascii=False)
                    + "\n"
                )
            return printable(f"{res.file}: UNREADABLE: {res.reason}") + "\n"
        if res.source != self.last_file:
            self.files, self.last_file = self.files + 1, res.source
        counts["games"] += 1
        counts["hands"] += res.hand_count
        counts["findings"] += len(res.findings)
        counts["wins_checked"] += res.wins_checked
        counts["draws_checked"] += res.draws_checked
        counts["rank_points_checked"] += res.rank_points_checked
        if res.valid:
            counts["valid_games"] += 1
        if self.as_json:
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
            return "".join(lines)
        if self.quiet and res.valid and not res.notes:
            return ""
        from paifu.cli.common import plural

        status = "ok" if res.valid else plural(len(res.findings), "finding")
        label = res.game_id or f"game {res.game_index}"
        lines = [f"{res.source}: {label}: {plural(res.hand_count, 'hand')}, rules {res.rules_name}: {status}"]
        lines += [f"  {g}" for g in group_findings(res.findings)]
        lines += [f"  note: {note}" for note in res.notes]
        return "".join(printable(line) + "\n" for line in lines)
