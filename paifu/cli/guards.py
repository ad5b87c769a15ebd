"""Checks every command makes before any work: no output is an input or another output.

The commands' own modules call ``refuse_outputs`` with their outputs; what is checked lives in
``paifu.outfiles`` (shared with the library's writers)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping


def refuse_outputs(command: str, outputs: Mapping[str, str | None], inputs: Iterable[str]) -> bool:
    """True (the reason said in one line) when the outputs must not be written."""
    from paifu.outfiles import output_conflicts

    problem = output_conflicts(outputs, inputs)
    if problem:
        sys.stderr.write(f"paifu {command}: {problem}\n")
    return problem is not None


def report_outputs(
    html: str | None, players: str | None, games: str | None, out_dir: str | None
) -> dict[str, str | None]:
    """Every file ``paifu report`` writes, by the option that names it (the tables beside the page
    included: ``--games r-games.csv`` beside ``--html r.html`` would get every row twice)."""
    outputs: dict[str, str | None] = {"--html": html}
    if html:
        from paifu.analysis.rowfiles import side_files

        for key, path in side_files(html).items():
            outputs[f"the {key} table beside --html"] = str(path)
    outputs.update({"--players": players, "--games": games, "--out": out_dir})
    return outputs
