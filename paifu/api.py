"""The five-minute API: read a record, replay it under its rules, look at the table.

>>> import paifu
>>> record = paifu.read("sample_logs/tenhou-xml/chankan.xml")[0]
>>> result = paifu.replay(record)               # the record's own rules
>>> result.valid, [str(f) for f in result.findings]
(True, [])
>>> paifu.replay(record, "qdan").rules.name     # or any preset, TOML file or Ruleset
'qdan'

Everything here is a thin door onto the modules that do the work (``paifu.formats``,
``paifu.pipeline``, ``paifu.rules``, ``paifu.view``); imports are deferred so ``import paifu``
stays cheap for the command line.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paifu.engine.results import GameResult
    from paifu.events import GameRecord
    from paifu.pipeline import Unreadable
    from paifu.rules import Ruleset
    from paifu.view import GameView, TableView

__all__ = ["Unreadable", "game", "preset", "read", "replay", "tables", "validate", "write"]


def __getattr__(name: str) -> Any:  # ``paifu.Unreadable`` without importing the engine up front
    if name == "Unreadable":
        from paifu.pipeline import Unreadable

        return Unreadable
    raise AttributeError(name)


def read(path: str | Path, fmt: str | None = None) -> list[GameRecord]:
    """Every game in one file (any of the four formats, gzip or not; ``fmt`` forces one)."""
    from paifu.formats import read_path

    return read_path(str(path), fmt)


def write(record: GameRecord, fmt: str) -> bytes:
    """One game in the given format (``paifu.formats.write``), saying the table the record's own
    hints name: the writers know nothing of rules, so their facts are worked out here. Whatever the
    format cannot carry is warned about (``UserWarning``), the table's rules too: where the written
    game, read back, would be judged under other rules, the warning names them."""
    import warnings

    from paifu.events import GameStart
    from paifu.formats import write as _write
    from paifu.rules.tables import table_facts

    start = record.events[0] if record.events else None
    # a record without its GameStart is for the writer to refuse, naming the file
    if not isinstance(start, GameStart):
        return _write(record, fmt, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = _write(record, fmt, _with_rank_points(record, table_facts(start)))
    said = [str(w.message) for w in caught]
    for w in caught:
        warnings.warn(w.message, w.category, stacklevel=2)
    if not any("rules" in m for m in said) and (lost := rules_lost(record, data, fmt)) is not None:
        warnings.warn(lost, UserWarning, stacklevel=2)
    return data


def rules_lost(record: GameRecord, data: bytes, fmt: str) -> str | None:
    """A warning when the written game, read back, would be judged under other rules than the record
    (a chip or ratio lobby written as mjai): validating the output would then report findings. The
    rules are named as a reader knows them (``paifu.rules.words``)."""
    from paifu.formats import RecordError, read_bytes
    from paifu.pipeline import record_rules
    from paifu.rules import RulesetError
    from paifu.rules.tables import differs
    from paifu.rules.words import rule_words

    try:
        before = record_rules(record)
        back = read_bytes(data, "", fmt)
        after = record_rules(back[0]) if back else None
    except (RecordError, RulesetError, ValueError):
        return None
    if after is None:
        return None
    changed = differs(before, after)
    if not changed:
        return None
    return (
        f"{fmt} cannot carry this table's rules ({before.name}): read back it is judged under "
        f"{after.name}, which differs in {rule_words(changed)}; "
        f"validate the output with --rules FILE (paifu rules {before.name.split('[')[0]} > t.toml, then edit)"
    )


def _with_rank_points(record: GameRecord, facts: Any) -> Any:
    """``facts`` with the rank points the record's own rules give its final scores, where the record
    states final scores but no rank points (a format that must write them computes nothing itself)."""
    import dataclasses

    from paifu.events import GameEnd
    from paifu.pipeline import record_rules
    from paifu.rank_points.compute import rank_points
    from paifu.rank_points.selection import scheme_for_rules

    end = record.events[-1]
    if not isinstance(end, GameEnd) or end.final_scores is None or end.rank_points is not None:
        return facts
    try:
        rules = record_rules(record)
        if not rules.rank_scheme_known:  # a table whose scheme no source states: none is made up
            return facts
        scheme = scheme_for_rules(rules)
        points = rank_points(end.final_scores, scheme, record.start.first_dealer)
    except Exception:  # noqa: BLE001 - no scheme for this table: the writer says what it cannot carry
        return facts
    return dataclasses.replace(facts, rank_points=points)


def _ruleset(rules: Ruleset | str | None) -> Ruleset | None:
    if rules is None or not isinstance(rules, str):
        return rules
    from paifu.rules import load_rules

    return load_rules(rules)


def replay(record: GameRecord, rules: Ruleset | str | None = None, **options: Any) -> GameResult:
    """Replay one game; ``rules`` is a Ruleset, a preset name or a rules file (default: the
    record's own table). Findings are in ``result.findings``; nothing is raised for them."""
    from paifu.pipeline import replay_record

    return replay_record(record, _ruleset(rules), **options)


def preset(name: str) -> Ruleset:
    """A named platform ruleset (``paifu rules`` lists them)."""
    from paifu.rules import preset as _preset

    return _preset(name)


def validate(
    paths: Iterable[str | Path] | str | Path,
    rules: Ruleset | str | None = None,
    skipped: list[Any] | None = None,
) -> Iterator[GameResult | Unreadable]:
    """Every game under the given files and folders, replayed in order; a file that cannot be
    read is an ``Unreadable`` item, never an exception, and a file found in a folder but not
    read (a README, an image) lands in ``skipped`` with the reason."""
    from paifu.pipeline import replay_paths

    if isinstance(paths, (str, Path)):
        paths = [paths]
    return replay_paths([str(p) for p in paths], _ruleset(rules), skipped=skipped)


def game(record: GameRecord | str | Path, rules: Ruleset | str | None = None, index: int = 0) -> GameView:
    """A replayed game to step through: ``.goto(event)``, ``.hand("E2-1")``, ``.finding(0)``,
    ``.step()``; drawn in Jupyter. ``record`` may be a file (then ``index`` picks its game)."""
    from paifu.view import GameView

    if isinstance(record, (str, Path)):
        return GameView.open(record, index, _ruleset(rules))
    return GameView(record, _ruleset(rules), game_index=index)


def tables(record: GameRecord | str | Path, rules: Ruleset | str | None = None) -> list[TableView]:
    """The table after every event of a game (hands, rivers, melds, dora, scores, shanten and
    waits per seat), in event order: ``for table in paifu.tables(record): ...``. The record is
    followed unchecked (``paifu.board``), as it moves the table; ``paifu.game`` replays it judged,
    with each hand's recomputed result and the findings on the tables."""
    from paifu.view.table import followed_tables

    if isinstance(record, (str, Path)):
        record = read(record)[0]
    return followed_tables(record, _ruleset(rules))
