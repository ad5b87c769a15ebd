"""A Mahjong Soul record's header: who sat where with what rank level, the table, and the result."""

from __future__ import annotations

from typing import Any

from paifu.events import GameEnd, GameStart
from paifu.formats.base import freeze
from paifu.formats.majsoul.layouts import Records
from paifu.formats.majsoul.names import level_name


def players(head: dict[str, Any] | None, records: Records) -> int:
    for name, rec in records:
        if name == "RecordNewRound":
            return 3 if not rec["tiles3"] else 4
    if head is not None and head["config"] is not None and head["config"]["mode"] is not None:
        return 3 if head["config"]["mode"]["mode"] >= 10 else 4
    return 4


def start(head: dict[str, Any] | None, n: int) -> GameStart:
    if head is None:
        return GameStart(
            players=("",) * n,
            rules_hint=(("preset", "mahjongsoul-sanma" if n == 3 else "mahjongsoul"), ("num_players", n)),
            meta=(("majsoul_header", "none"),),
        )
    names = [""] * n
    levels: list[object] = [None] * n
    for a in [*head["accounts"], *head["robots"]]:
        if 0 <= a["seat"] < n:
            names[a["seat"]] = a["nickname"]
            level = a["level3"] if n == 3 else a["level"]
            levels[a["seat"]] = (level["id"], level["score"]) if level else None
    config = head["config"] or {}
    mode = config.get("mode") or {}
    meta_data = config.get("meta") or {}
    detail = mode.get("detail_rule") or {}
    hint: list[tuple[str, object]] = [
        ("majsoul_category", config.get("category", 0)),
        ("majsoul_mode", mode.get("mode", 0)),
        ("majsoul_mode_id", meta_data.get("mode_id", 0)),
        ("num_players", n),
    ]
    stated = tuple((k, v) for k, v in detail.items() if v not in (0, False, "", None, []))
    if stated:
        hint.append(("majsoul_detail_rule", stated))
    meta: list[tuple[str, object]] = [
        ("uuid", head["uuid"]),
        ("start_time", head["start_time"]),
        ("end_time", head["end_time"]),
        ("majsoul_level", freeze(levels)),
        # the platform's rank before the game, per seat, in the keys every reader states it by (its
        # change is the game end's, GameEnd.rank_change)
        ("rank_level", tuple(lv[0] if isinstance(lv, tuple) else None for lv in levels)),
        ("rank_level_name", tuple(level_name(lv[0]) if isinstance(lv, tuple) else "" for lv in levels)),
        ("rank_points", tuple(lv[1] if isinstance(lv, tuple) else None for lv in levels)),
    ]
    if meta_data.get("contest_uid"):
        meta.append(("contest_uid", meta_data["contest_uid"]))
    if meta_data.get("room_id"):
        meta.append(("room_id", meta_data["room_id"]))
    return GameStart(
        players=tuple(names),
        game_id=head["uuid"],
        rules_hint=tuple(hint),
        meta=tuple(meta),
    )


def end(head: dict[str, Any] | None, n: int) -> GameEnd | None:
    if head is None or head["result"] is None or not head["result"]["players"]:
        return None
    finals = [0] * n
    points = [0.0] * n
    change = [0] * n
    places = [0] * n
    for place, p in enumerate(head["result"]["players"], 1):
        s = p["seat"]
        if 0 <= s < n:
            finals[s] = p["part_point_1"]
            points[s] = p["total_point"] / 1000
            change[s] = p["grading_score"]
            places[s] = place
    return GameEnd(
        final_scores=tuple(finals),
        rank_points=tuple(points),
        rank_points_text=tuple(f"{p:g}" for p in points),
        placements=tuple(places),
        rank_change=tuple(change),
    )
