"""``paifu tournament``: the bracket of ``paifu.analysis.tournament`` as text, a table and a page.

Names are printed as printable text (a name cannot forge a line or reach the terminal); a
table's findings are told in words, not codes alone; seed citations name their document."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from paifu.analysis.tournament import (
    TournamentError,
    build_bracket,
    html_section,
    parse_prizes,
    rounds_from_paths,
)
from paifu.cli.interrupt import Interrupt, say_interrupted, signum_of
from paifu.safety import printable


def run_tournament(
    paths: Sequence[str],
    advance: int,
    seed: int | None = None,
    claimed: str | None = None,
    entrants: str | None = None,
    prizes: str | None = None,
    table: str | None = None,
    html: str | None = None,
    out: TextIO | None = None,
) -> int:
    """``paifu tournament``: exit 0 when every table is clean and every claim legal, 1 when not,
    2 on input that cannot be read. ``claimed``/``entrants``: text files, one player a line."""
    from paifu.analysis.rowfiles import table_suffix_ok, write_table
    from paifu.outfiles import staged, write_text

    out = out or sys.stdout
    replayed: list[object] = []  # the tables replayed so far, said when Ctrl-C stops the run
    # Ctrl-C: the table being replayed is finished, then the run stops (the default handler raised
    # KeyboardInterrupt wherever the replay was, inside lxml's parse or compiled code too)
    stop = Interrupt()
    interrupted = "{:,} tables replayed; nothing written (a bracket needs every table)"
    try:
        if table and not table_suffix_ok(table):
            raise TournamentError(f"{table}: write the bracket as .csv or .parquet")
        rounds = rounds_from_paths(paths, on_table=replayed.append, guard=stop.guard)
        if stop.hit:
            return stop.say("tournament", interrupted.format(len(replayed)))
        bracket = build_bracket(
            rounds, advance, seed, _names(claimed), _names(entrants), parse_prizes(prizes) if prizes else None
        )
    except (TournamentError, OSError) as e:
        if stop.hit:  # a round cut short by Ctrl-C has no tables: not the input's fault
            return stop.say("tournament", interrupted.format(len(replayed)))
        write_line(sys.stderr, f"paifu: {e}")
        return 2
    except KeyboardInterrupt as e:  # a second Ctrl-C, or a signal outside the replay
        return say_interrupted("tournament", interrupted.format(len(replayed)), signum_of(e))
    out.write(f"draw seed {bracket.seed} (give --seed {bracket.seed} for the same draw)\n")
    for line in bracket.draws:  # names as printable text: a name cannot forge a line or reach the terminal
        write_line(out, f"draw: {line}")
    for line in bracket.problems:
        write_line(out, f"PROBLEM: {line}")
    going = bracket.rows[bracket.rows["status"].str.startswith(("advances", "lucky"))]
    for name, df in bracket.rows.groupby("round", sort=False):
        if df["claimed"].notna().any():
            went_on = bracket.claims[str(name)]
            ours = going[going["round"] == name]["player"].tolist()
            legal = "legal" if not any(p.startswith(f"{name}: ") for p in bracket.problems) else "NOT legal"
            same = (
                "as this seed draws"
                if sorted(went_on) == sorted(ours)
                else f"this seed draws {', '.join(ours)}"
            )
            write_line(out, f"{name}: went on: {', '.join(went_on)} ({legal}; {same})")
    last = bracket.rows["round"].iloc[-1]
    if bracket.champion:
        write_line(out, f"champion: {bracket.champion}")
    else:
        names = going[going["round"] == last]["player"].tolist()
        write_line(out, f"{last}: {len(names)} go on: {', '.join(names)}")
    with staged():  # the table and the page put under their names together
        if table:
            write_table(bracket.rows, table)
        if html:
            from paifu.analysis.htmlparts import page

            tables = bracket.rows.groupby(["round", "table"]).ngroups
            sub = f"{tables} tables replayed under dora-tournament and checked by paifu."
            write_text(html, page("paifu tournament", "Tournament", sub, [html_section(bracket)]))
    return 0 if bracket.valid else 1


def write_line(out: TextIO, text: str) -> None:
    """One line of output, control characters (from names) escaped."""
    out.write(printable(text) + "\n")


def _names(path: str | None) -> list[str] | None:
    if path is None:
        return None
    from paifu.limits import read_side_file

    try:
        text = read_side_file(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else e
        raise TournamentError(f"{path}: cannot read the list of players: {why}") from e
    return [line.strip() for line in text.splitlines() if line.strip()]
