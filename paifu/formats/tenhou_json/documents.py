"""Reading tenhou.net/6: the documents of a file grouped into games, each game's header (names,
table, rules hint) and result; the hands are replayed by ``hands._HandReader``."""

from __future__ import annotations

import json
import math
from typing import Any

from paifu.events import (
    Event,
    GameEnd,
    GameRecord,
    GameStart,
)
from paifu.formats.base import RecordError, freeze, seats
from paifu.formats.sniff import NOT_PARSED, take_parsed
from paifu.formats.tenhou_json.hands import _HandReader
from paifu.formats.tenhou_json.names import _MAJSOUL_REF, FORMAT, disp_go_type


def _load_docs(text: str, source: str, parsed: object = NOT_PARSED) -> list[tuple[int, dict[str, Any]]]:
    """The documents of a file with their 1-based line numbers (one document: line 1); ``parsed``
    is ``json.loads(text)`` when detection parsed it already."""
    try:
        doc = json.loads(text) if parsed is NOT_PARSED else parsed
    except json.JSONDecodeError as e:
        if "Extra data" not in e.msg:
            raise RecordError(f"not valid JSON: {e}", file=source) from e
        docs = []
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                docs.append((no, json.loads(line)))
            except json.JSONDecodeError as e2:
                raise RecordError(f"line {no} is not valid JSON: {e2}", file=source) from e2
    else:
        docs = [(1, d) for d in doc] if isinstance(doc, list) else [(1, doc)]
    for no, d in docs:
        if not isinstance(d, dict) or not isinstance(d.get("log"), list):
            raise RecordError(f"line {no}: not a tenhou.net/6 document (no 'log' list)", file=source)
    return docs


def _fresh_start(doc: dict[str, Any]) -> bool:
    """Whether a document's first hand is the first hand of a game."""
    log = doc["log"]
    if not log or not isinstance(log[0], list) or len(log[0]) < 2:
        return False
    head, scores = log[0][0], log[0][1]
    try:
        return list(head[:3]) == [0, 0, 0] and len({s for s in scores if s}) == 1
    except TypeError:
        return False


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in ("title", "name", "rule", "ref")) and not _fresh_start(b)


def read_tenhou_json(data: bytes, source: str = "") -> list[GameRecord]:
    """Every game in a tenhou.net/6 file (one document, a list, or JSON Lines)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    docs = _load_docs(text, source, take_parsed(data))
    groups: list[list[tuple[int, dict[str, Any]]]] = []
    for item in docs:
        if groups and len(docs) > 1 and _same_game(groups[-1][-1][1], item[1]):
            groups[-1].append(item)
        else:
            groups.append([item])
    return [_read_game(g, source, gi) for gi, g in enumerate(groups)]


def _num_players(doc: dict[str, Any]) -> int:
    rule = doc.get("rule") or {}
    go = _lobby_go_type(rule) if isinstance(rule, list) else None
    disp = "" if isinstance(rule, list) else str(rule.get("disp", ""))
    names = doc.get("name") or []
    if go is not None:
        return 3 if go & 0x10 else 4
    if "三" in disp or "3-Player" in disp or "3P" in disp:
        return 3
    if len(names) == 3 or (len(names) == 4 and names[3] == "" and all(names[:3])):
        return 3
    return 4


def _lobby_go_type(rule: list[Any]) -> int | None:
    """A lobby game's table type: Tenhou writes a lobby's ``rule`` as its settings list (period start,
    period end, the GO type in hex, ...), as its XML's ``GO rule`` attribute, not as ``{disp, aka}``."""
    if len(rule) > 2 and isinstance(rule[2], str):
        try:
            return int(rule[2], 16)
        except ValueError:
            return None
    return None


def _rules_hint(doc: dict[str, Any], n: int) -> tuple[tuple[str, object], ...]:
    rule = doc.get("rule") or {}
    if isinstance(rule, list):
        go_type = _lobby_go_type(rule)
        rule = {} if go_type is None else {"type": go_type}
    disp = str(rule.get("disp", ""))
    # Mahjong Soul as its converters write it: a ranked room ("玉の間南喰", "Jade Room"), or a
    # contest or friendly table ("大会戦南喰", "友人戦") whose log id is Mahjong Soul's
    # ("240302-<uuid>"); such tables set their own start points and rank points
    contest = bool(_MAJSOUL_REF.match(str(doc.get("ref", "")))) and "の間" not in disp and "Room" not in disp
    majsoul = "の間" in disp or "Room" in disp or contest
    go = rule.get("type") if isinstance(rule.get("type"), int) else disp_go_type(disp)
    if go is not None and not majsoul and (3 if go & 0x10 else 4) != n:
        raise ValueError(
            f"the table {disp or go!r} is for {3 if go & 0x10 else 4} players, but the record has {n}"
        )
    table: tuple[str, object] = (
        ("tenhou_go_type", go)
        if go is not None and not majsoul
        else (
            "preset",
            (
                "mahjongsoul"
                if majsoul and n == 4
                else "mahjongsoul-sanma"
                if majsoul
                else "tenhou-sanma"
                if n == 3
                else "tenhou"
            ),
        )
    )
    hint: list[tuple[str, object]] = [table, ("num_players", n)]
    if contest:  # the record's first hand states the start; the scheme is the contest's own
        hint += [("start_points", 0), ("rank_scheme_known", False)]
    if isinstance(rule.get("tenhou_seed_form"), str):  # paifu's own: the era of an undated Tenhou log
        hint.append(("tenhou_seed_form", rule["tenhou_seed_form"]))
    if any(k in rule for k in ("aka51", "aka52", "aka53")):
        hint.append(("red_fives", tuple(int(rule.get(k, 0)) for k in ("aka51", "aka52", "aka53"))))
    elif "aka" in rule:
        a = int(rule["aka"])
        hint.append(("red_fives", (0, a, a) if n == 3 else (a, a, a)))
    if "東" in disp or "East" in disp:
        hint.append(("length", "east"))
    elif "南" in disp or "South" in disp:
        hint.append(("length", "south"))
    if "喰" in disp:
        hint.append(("kuitan", True))
    elif ("東" in disp or "南" in disp) and not majsoul:
        hint.append(("kuitan", False))
    return tuple(hint)


def _read_game(group: list[tuple[int, dict[str, Any]]], source: str, gi: int) -> GameRecord:
    first_line, doc = group[0]
    game_no = gi if len(group) == 1 and first_line == 1 else first_line
    try:  # the header: a wrong type here (a 'rule' that is no object, an 'aka' that is no number)
        n = _num_players(doc)
        names = [str(x) for x in seats(doc.get("name") or [], "names")][:n]
        names += [""] * (n - len(names))
        meta = tuple(
            (k, freeze(_lobby_text(doc[k]) if k == "csrule" else doc[k]))
            for k in ("title", "lobby", "csrule", "dan", "rate", "sx", "ratingc", "ver", "ref")
            if k in doc
        )
        events: list[Event] = [
            GameStart(
                players=tuple(names),
                game_id=str(doc.get("ref", "")),
                first_dealer=0,
                rules_hint=_rules_hint(doc, n),
                meta=meta,
            )
        ]
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError) as e:
        raise RecordError(f"bad header: {type(e).__name__}: {e}", file=source, game=game_no) from e
    hands = [(line, h) for line, d in group for h in d["log"]]
    for hi, (line, hand) in enumerate(hands):
        label = f"{hi + 1}" + (f" (line {line})" if len(group) > 1 else "")
        reader: _HandReader | None = None
        try:
            reader = _HandReader(hand, n)
            events.extend(reader.read())
        except RecordError as e:
            raise RecordError(e.reason, file=source, game=game_no, hand=label, event=e.event) from e
        except (ValueError, TypeError, IndexError, KeyError, OverflowError) as e:
            at = len(reader.events) if reader is not None else 0  # the event being built when it failed
            raise RecordError(
                f"{type(e).__name__}: {e}", file=source, game=game_no, hand=label, event=at
            ) from e
    last_doc = group[-1][1]
    partial = not _fresh_start(doc) or (len(hands) == 1 and "sc" not in last_doc)
    if not partial:
        events.append(_game_end(last_doc.get("sc"), n, source, game_no))
    return GameRecord(events=events, source=source, format=FORMAT, partial=partial)


def _lobby_text(value: object) -> object:
    """A lobby's settings (``csrule``) as its XML states them, a comma list: Tenhou's JSON writes the
    same fields as a list of strings."""
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ",".join(str(v) for v in value)
    return value


def _game_end(sc: object, n: int, source: str, game: int) -> GameEnd:
    if sc is None:
        return GameEnd()
    if not isinstance(sc, list) or len(sc) < 2 * n:
        raise RecordError(f"'sc' should hold {2 * n} numbers, got {sc!r}", file=source, game=game)
    if not all(
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in sc[: 2 * n]
    ):
        raise RecordError(f"'sc' should hold {2 * n} numbers, got {sc!r}", file=source, game=game)
    finals = tuple(int(round(float(x))) for x in sc[0 : 2 * n : 2])
    points = sc[1 : 2 * n : 2]
    return GameEnd(
        final_scores=finals,
        rank_points=tuple(float(p) for p in points),
        rank_points_text=tuple(_num_text(p) for p in points),
    )


def _num_text(v: object) -> str:
    if isinstance(v, float) and v.is_integer() and not isinstance(v, bool):
        return repr(v)
    return str(v)
