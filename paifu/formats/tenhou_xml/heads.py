"""Tenhou XML's header tags as a writer gives them: GO (the table) and UN (the players)."""

from __future__ import annotations

import warnings
from typing import Any

from paifu.events import GameStart
from paifu.formats.base import TableFacts
from paifu.formats.tenhou_ranks import dan_numbers


def _join(vals: object) -> str:
    return ",".join(str(v) for v in vals)  # type: ignore[attr-defined]


def _encode_name(name: str) -> str:
    return "".join(f"%{b:02X}" for b in name.encode("utf-8"))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(float(x))


def _go(gs: GameStart, table: TableFacts) -> list[tuple[str, object]]:
    """The GO tag: the Tenhou table, which is all Tenhou XML says of its rules."""
    n = gs.num_players
    meta: dict[str, Any] = dict(gs.meta)
    hints = dict(gs.rules_hint)
    go_type = hints.get("tenhou_go_type")
    if go_type is None:  # the table the record's own rules describe, in a general lobby
        go_type = table.go_type if table.go_type is not None else 0x01 | (0x10 if n == 3 else 0)
        if table.go_type_differs:  # XML says its rules only as a Tenhou table: name what it judges otherwise
            warnings.warn(
                f"Tenhou XML carries rules only as a Tenhou table: read back as {table.go_type_name}, "
                f"which differs in {'; '.join(table.go_type_differs)}",
                stacklevel=2,
            )
    elif isinstance(go_type, int) and bool(go_type & 0x02) == any(table.red_fives):
        # the record's table name and its red-five flag disagree (tenhou.net/6 "般東喰" with aka 1): its rules
        # follow the flag, and GO type's bit 0x02 (no red fives) is XML's only word for them
        fixed = go_type ^ 0x02
        warnings.warn(
            f"Tenhou XML cannot carry red fives apart from the table (GO type {go_type} written as {fixed})",
            stacklevel=2,
        )
        go_type = fixed
    go: list[tuple[str, object]] = [("type", go_type)]
    for key in ("lobby", "title", "rule", "ranking", "csrule"):
        if key not in meta or (
            key == "lobby" and not isinstance(meta[key], int)
        ):  # Tenhou's lobby is a number
            continue
        value = meta[key]
        if key == "title" and isinstance(value, tuple):  # tenhou.net/6's title in parts
            if not any(str(p) for p in value):
                continue  # says nothing
            if len(value) > 1:
                warnings.warn(
                    "Tenhou XML carries the game's title (title) as one text: its parts are joined by a "
                    "line break",
                    stacklevel=2,
                )
            value = "\n".join(str(p) for p in value)
        go.append((key, value))
    return go


def _un(gs: GameStart, fmt: str) -> list[tuple[str, object]]:
    """The UN tag: names, and the dan, rate and sex Tenhou serves for every player."""
    n = gs.num_players
    pad = 4 - n
    meta: dict[str, Any] = dict(gs.meta)
    un: list[tuple[str, object]] = [(f"n{i}", _encode_name(gs.players[i]) if i < n else "") for i in range(4)]
    stated = meta.get("dan")
    # Tenhou's ranks, as numbers or as tenhou.net/6 names them (its empty fourth seat's left out)
    dan = dan_numbers(tuple(stated)[:n]) if isinstance(stated, tuple) else None
    if dan is not None:
        un.append(("dan", _join(dan + [0] * pad)))
    elif fmt != "tenhou-xml":  # every mjlog Tenhou serves has them (kobalab's tenhou-log needs
        # them): for a record from elsewhere, a new player's, and said so (a Tenhou XML record without
        # them is written as it was)
        if "dan" in meta or "rank_level_name" in meta:  # another platform's rank names ("雀豪★2")
            warnings.warn("Tenhou XML cannot carry rank names that are not Tenhou dan numbers", stacklevel=2)
        warnings.warn(
            "Tenhou XML cannot carry players without a Tenhou rank (written as dan 0)", stacklevel=2
        )
        un.append(("dan", _join([0] * 4)))
    if isinstance(meta.get("rate"), tuple) and all(isinstance(r, (int, float)) for r in meta["rate"]):
        un.append(("rate", ",".join([_num(r) for r in meta["rate"]] + ["1500.00"] * pad)))
    elif fmt != "tenhou-xml":
        warnings.warn("Tenhou XML cannot carry players without a Tenhou rate (written as 1500)", stacklevel=2)
        un.append(("rate", ",".join(["1500.00"] * 4)))
    for key, filler in (("sx", "C"), ("rc", "0"), ("gold", "0")):
        if isinstance(meta.get(key), tuple):
            un.append((key, _join(list(meta[key]) + [filler] * pad)))
        elif key == "sx" and fmt != "tenhou-xml":
            un.append(("sx", _join(["C"] * 4)))  # Tenhou's word for a player of no stated sex
    return un
