"""Read records and replay them (``paifu.pipeline``): the one entry point for validation and reports.

``replay_record`` runs one game through the engine under its ruleset (the
record's own, unless the caller forces one); ``replay_paths`` walks files and
folders and keeps going past unreadable inputs, yielding them as ``Unreadable``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from paifu.engine.replayer import Replayer
from paifu.engine.results import GameResult
from paifu.events import Event, GameEnd, GameRecord, GameStart
from paifu.findings import Code, Finding, Note
from paifu.formats.inputs import Skipped, Unreadable
from paifu.rank_points import SchemeError, game_scheme, placements, rank_points
from paifu.rank_points.compute import rank_points_compared
from paifu.rank_points.selection import table_scheme
from paifu.rules import Ruleset, RulesetError, rules_from_hint
from paifu.rules.settings import record_facts, settle_said
from paifu.rules.tenhou_lobby import lobby_notes

__all__ = ["Skipped", "Unreadable", "record_rules", "replay_paths", "replay_record", "replay_walked"]

_T = TypeVar("_T")


def _wall_factory():  # noqa: ANN202 - optional dependency on the wall module
    try:
        from paifu.engine.wall import TenhouWall
    except ImportError:  # pragma: no cover
        return None
    return TenhouWall


def _scorer():  # noqa: ANN202
    try:
        from paifu.scoring import valuation
    except ImportError:  # pragma: no cover
        return None
    return valuation


def record_rules(record: GameRecord, rules: Ruleset | None = None) -> Ruleset:
    """The ruleset a record is judged under: the caller's, else the record's own; settings its
    source leaves to the table (``Ruleset.open_settings``) are those the record states."""
    return record_rules_said(record, rules)[0]


def record_rules_said(record: GameRecord, rules: Ruleset | None = None) -> tuple[Ruleset, tuple[str, ...]]:
    """``record_rules``, and the notes that say which settings were read from the record's play."""
    if rules is None:
        rules = _own_rules(record)
    return settle_said(rules, record_facts(record.events)) if rules.open_settings else (rules, ())


def _own_rules(record: GameRecord) -> Ruleset:
    if not record.events:
        return rules_from_hint(())
    start = record.start
    meta = dict(start.meta)
    return rules_from_hint(
        (
            *start.rules_hint,
            ("game_id", start.game_id),
            ("lobby", meta.get("lobby")),
            ("csrule", meta.get("csrule")),
        )
    )


def replay_record(
    record: GameRecord,
    rules: Ruleset | None = None,
    *,
    game_index: int = 0,
    check_wall: bool = True,
    score: bool = True,
    observe: Callable[[int, Event, Replayer], None] | None = None,
) -> GameResult:
    """Replay one game; findings land in ``result.findings`` (never raised). ``observe(index, event,
    replayer)`` runs after each event is applied (the viewer snapshots the table there)."""
    ruleset, read = record_rules_said(record, rules)
    rp = Replayer(
        ruleset,
        source=record.source,
        game_index=game_index,
        scorer=_scorer() if score else None,
        wall=_wall_factory() if check_wall else None,
    )
    notes = [f"[{i.code}] {i.message}" for i in record.issues if isinstance(i.code, Note)]
    notes += read
    for issue in record.issues:
        if isinstance(issue.code, Note):
            continue
        rp.findings.append(
            Finding(
                code=issue.code,
                message=issue.message,
                file=record.source,
                game_index=game_index,
                event_index=issue.event_index,
            )
        )
    result = rp.run(record.events, partial=record.partial, observe=observe)
    result.format = record.format
    first = record.events[0] if record.events else None
    result.meta = (
        (*first.meta, *first.rules_hint, *_rank_change(record)) if isinstance(first, GameStart) else ()
    )
    if check_wall:
        notes += _seed_note(record)
    if rules is None:
        notes += _lobby_notes(record, ruleset)
    result.notes = notes
    result.events = len(record.events)
    if score:
        _check_rank_points(result)
        _check_rank_change(result, record)
    return result


def _rank_change(record: GameRecord) -> tuple[tuple[str, object], ...]:
    """The platform's rank-point change the game end states (``GameEnd.rank_change``), under the key
    the game's facts give each seat's standing by (``rank_points_change``: ``paifu.analysis.ranks``,
    the viewer's game end)."""
    end = record.events[-1] if record.events else None
    return (("rank_points_change", end.rank_change),) if isinstance(end, GameEnd) and end.rank_change else ()


def _check_rank_change(result: GameResult, record: GameRecord) -> None:
    """Each player's rank-point change on the platform's ladder (Mahjong Soul's 段位点, stated as
    ``GameEnd.rank_change``) against the ladder's rule, from the final scores and places the record
    states and each player's level before the game (a wrong final score is its own finding)."""
    end = record.events[-1] if record.events else None
    if not isinstance(end, GameEnd) or end.rank_change is None or result.rules.rank_ladder != "mahjongsoul":
        return
    from paifu.rank_points.majsoul import rank_change

    start = record.start
    mode_id = dict(start.rules_hint).get("majsoul_mode_id")
    levels = dict(start.meta).get("majsoul_level")
    scores = end.final_scores or result.final_scores
    if (
        not isinstance(mode_id, int)
        or not isinstance(levels, tuple)
        or scores is None
        or end.placements is None
    ):
        return
    level_ids = tuple(
        lv[0] if isinstance(lv, tuple) and lv and isinstance(lv[0], int) else None for lv in levels
    )
    expected = rank_change(tuple(scores), tuple(end.placements), mode_id, level_ids)
    if expected is None:
        return
    result.rank_points_checked = True
    if any(e is not None and e != a for e, a in zip(expected, end.rank_change, strict=False)):
        result.findings.append(
            Finding(
                code=Code.RANK_POINTS_MISMATCH,
                message="the rank-point changes (段位点) differ from Mahjong Soul's ladder",
                file=result.source,
                game_id=result.game_id,
                game_index=result.game_index,
                event_index=result.events - 1,
                expected=expected,
                actual=end.rank_change,
            )
        )


def _lobby_notes(record: GameRecord, rules: Ruleset) -> list[str]:
    """A Tenhou lobby game judged by its own record's rules: what of its lobby's settings the record
    does not carry (``--rules`` supplies them) or paifu does not apply."""
    if not record.events or "tenhou_go_type" not in dict(record.start.rules_hint):
        return []
    meta = dict(record.start.meta)
    return list(lobby_notes(meta.get("lobby"), meta.get("csrule"), rules.num_players))


def _seed_note(record: GameRecord) -> list[str]:
    """A SHUFFLE seed that cannot be turned into a wall turns the wall check off: say so (a note, as
    the record is not proved wrong). Old logs' per-hand INIT shuffles are documented as unchecked."""
    seed = record.start.wall_seed if record.events else None
    if not seed:
        return []
    try:
        from paifu.engine.wall import INIT_SHUFFLE_PREFIX, WallSeedError, seed_key
    except ImportError:  # pragma: no cover
        return []
    if seed.startswith(INIT_SHUFFLE_PREFIX):
        return []
    try:
        seed_key(seed)  # the wall's own reading of it, kept: no second decoding
    except WallSeedError as e:
        return [f"[wall-not-checked] the SHUFFLE seed cannot be read ({e}): the wall is not checked"]
    return []


def _check_rank_points(result: GameResult) -> None:
    """The rank points and placements a record claims (Tenhou ``owari``, tenhou.net/6 ``sc``,
    電脳麻将 ``point`` and ``rank``) against its scheme, from the final scores the record states
    (a wrong score is its own finding)."""
    claimed, places = result.claimed_rank_points, result.claimed_placements
    scores = result.claimed_final_scores or result.final_scores
    if (
        not (claimed or places)
        or scores is None
        or not result.complete
        or result.partial
        or any(f.code == "truncated" for f in result.findings)
    ):
        return
    n = len(result.players)
    if not getattr(result.rules, "rank_scheme_known", True):
        _note_fitted_scheme(result, scores[:n], claimed)
        return
    try:
        scheme = game_scheme(result)
        if scheme is None or len(scores) < n:
            return
        checks = []
        if claimed and len(claimed) >= n:
            # in integers (``rank_points_compared``): the decimals' values are made only for a finding
            expected = rank_points_compared(scores[:n], scheme, result.first_dealer)
            actual = tuple(claimed[:n])
            if _differ(expected, actual):
                expected = rank_points(scores[:n], scheme, result.first_dealer)
            checks.append(("rank points", expected, actual))
        if places and len(places) >= n:
            checks.append(
                ("placements", placements(scores[:n], result.first_dealer, scheme.ties), tuple(places[:n]))
            )
    except SchemeError:
        return
    result.rank_points_checked = bool(checks)
    for what, expected, actual in checks:
        if _differ(expected, actual):
            result.findings.append(
                Finding(
                    code=Code.RANK_POINTS_MISMATCH,
                    message=f"{what} differ from the {result.rules.name} table's scheme",
                    file=result.source,
                    game_id=result.game_id,
                    game_index=result.game_index,
                    event_index=result.events - 1,
                    expected=expected,
                    actual=actual,
                )
            )


def _differ(expected: tuple[float, ...], actual: tuple[float, ...]) -> bool:
    """Whether a record's numbers differ from the scheme's (by more than a float's slack; NaN differs)."""
    return any(not abs(a - b) <= 1e-6 for a, b in zip(expected, actual, strict=True))


def _note_fitted_scheme(
    result: GameResult, scores: tuple[int, ...], claimed: tuple[float, ...] | None
) -> None:
    """A table whose rank-point scheme no source states (a contest's own, an unproven era): the
    record's own scores and points are fitted to uma and return, and the fit is a note, never a
    finding, since it proves consistency with the formula, not the table's rule."""
    from paifu.rank_points import fit_uma

    if not claimed or len(claimed) < len(scores):
        return
    try:
        scheme = table_scheme(result)
        fit = fit_uma(scores, claimed[: len(scores)], scheme, result.first_dealer) if scheme else None
    except SchemeError:
        fit = None
    if fit is None:
        result.notes.append(
            f"[rank-scheme-unknown] the {result.rules.name} table's rank points are not "
            "checked: no source states its scheme and no uma fits the record's points"
        )
        return
    s = fit.scheme
    result.notes.append(
        f"[rank-scheme-fitted] the {result.rules.name} table's scheme is not stated; the "
        f"record's points fit uma {'/'.join(f'{u:g}' for u in s.uma)} with return "
        f"{s.return_points if s.return_points is not None else 'none'} (not checked)"
    )


def with_progress(items: Iterable[_T]) -> Iterable[_T]:
    """A game counter on standard error for long batches, shown only when it is a terminal."""
    import sys

    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, unit=" games", desc="replaying", file=sys.stderr, leave=False)


def _rule_object_beside(path: str) -> tuple[str, Ruleset] | None:
    """The 電脳麻将 rule object a paipu was played under, where one lies beside it: the one rule object
    in its own folder, else ``../rules/<folder>.json`` (the layout of majiang-ai's self-play output:
    ``dora/17.json`` played under ``rules/dora.json``). None where there is none, or several."""
    from paifu.formats.walk import is_rule_object
    from paifu.rules.majiang_rule import load_majiang_rule

    folder = Path(path).parent
    found = []
    for p in sorted(folder.glob("*.json")):
        try:
            size = p.stat().st_size
            if (
                size <= 65536 and p.is_file() and is_rule_object(p.read_bytes(), size)
            ):  # rule objects are small
                found.append(p)
        except OSError:
            continue
    if not found:
        sibling = folder.parent / "rules" / f"{folder.name}.json"
        found = [sibling] if sibling.is_file() else []
    if len(found) != 1:
        return None
    try:
        return str(found[0]), load_majiang_rule(found[0])
    except (OSError, ValueError):
        return None


def replay_paths(
    paths: Iterable[str],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    skipped: list[Skipped] | None = None,
    **kwargs: Any,
) -> Iterator[GameResult | Unreadable]:
    """Every game under the given files and folders, in order; bad files become ``Unreadable``,
    and files found in folders but not read (a README, an image) go to ``skipped`` with the reason.
    The walk streams (``walk_inputs``) and each file is opened once."""
    from paifu.formats import walk_inputs

    for item in replay_walked(walk_inputs(paths, skipped), rules, fmt, **kwargs):
        if isinstance(item, Skipped):
            if skipped is not None:
                skipped.append(item)
        else:
            yield item


def replay_walked(
    inputs: Iterable[tuple[str, bool]],
    rules: Ruleset | None = None,
    fmt: str | None = None,
    **kwargs: Any,
) -> Iterator[GameResult | Unreadable | Skipped]:
    """``replay_paths`` of the walk's ``(path, found)`` inputs, where a file found in a folder whose
    content is no record comes out as its ``Skipped`` at its place (the same on a worker, which
    reads the file, as in the process that walked)."""
    from paifu.formats import NotARecord, read_input
    from paifu.formats.base import RecordError

    rule_objects: dict[str, tuple[str, Ruleset] | None] = {}  # per folder, for this batch
    last_folder = ""
    for path, found in inputs:
        try:
            records = read_input(path, fmt, found=found)
        except NotARecord as e:
            yield Skipped(path, str(e))
            continue
        except RecordError as e:
            yield Unreadable(path, str(e))
            continue
        except OSError as e:
            yield Unreadable(path, f"{path}: {e.strerror or e}")
            continue
        except Exception as e:  # noqa: BLE001 - a reader bug: report the file, keep the batch going
            yield Unreadable(path, f"{path}: internal error while reading: {type(e).__name__}: {e}")
            continue
        beside = None
        if rules is None and records and records[0].format == "majiang":
            folder = str(Path(path).parent)
            if folder != last_folder:  # the walk gives a folder's files together: one folder kept
                rule_objects.clear()
                last_folder = folder
            if folder not in rule_objects:
                rule_objects[folder] = _rule_object_beside(path)
            beside = rule_objects[folder]
        for i, rec in enumerate(records):
            if not rec.source:
                rec.source = path
            try:
                result = replay_record(rec, rules if beside is None else beside[1], game_index=i, **kwargs)
                if beside is not None:
                    result.notes.append(
                        f"[rules-beside] judged under the 電脳麻将 rule object {beside[0]} beside it"
                    )
            except RulesetError as e:  # the record's own rule object (電脳麻将 ``rule``) is no ruleset
                yield Unreadable(path, f"{path}: game {i}: the rules the record states: {e}")
                continue
            except Exception as e:  # noqa: BLE001 - an engine bug: report the game, keep the batch going
                yield Unreadable(
                    path, f"{path}: game {i}: internal error while replaying: {type(e).__name__}: {e}"
                )
                continue
            yield result
