"""The ruleset of a Mahjong Soul game from what its record says of its table.

A record's header names its category (``config.category``: 1 friend room, 2 ranked, 4 contest), its
mode (``config.mode.mode``: 1 / 2 four-player east / south, 11 / 12 three-player), its ranked room
(``config.meta.mode_id``, ``paifu.rank_points.majsoul.ROOMS``) and, for a friend room or a contest,
its settings (``detail_rule``). Ranked records carry an empty ``detail_rule``: their rules are the
ranked presets (``mahjongsoul``, ``mahjongsoul-sanma``), the length the mode's. Where a friend room
or contest states settings, each is read as the field's name says (the game's definitions; their
meanings as InjusticeJudge and majsoul-replay-editor read them: docs/rules.md lists which are
proved by a record); proto3 writes no false and no zero, so a stated ``detail_rule``'s missing
switches are off and its missing numbers are the ranked table's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paifu.rules.presets import preset
from paifu.rules.ruleset import Ruleset

RANKED = 2

#: detail_rule switch -> (Ruleset field, the value when the switch is on, when it is off)
_SWITCHES: dict[str, tuple[str, object, object]] = {
    "have_qieshangmanguan": ("kiriage", True, False),
    "have_liujumanguan": ("nagashi_mangan", True, False),
    "can_jifei": ("bust", True, False),
    "have_yifa": ("ippatsu", True, False),
    "have_li_dora": ("ura_dora", True, False),
    "have_gang_biao_dora": ("kan_dora", True, False),
    "have_gang_li_dora": ("kan_ura", True, False),
    "have_sifenglianda": ("four_winds", True, False),
    "have_sigangsanle": ("four_kans", True, False),
    "have_sijializhi": ("four_riichi", True, False),
    "have_jiuzhongjiupai": ("nine_terminals", True, False),
    "have_sanjiahele": ("triple_ron_abort", True, False),
    "ming_dora_immediately_open": ("open_kan_dora_timing", "immediate", "after-discard"),
    "have_nanruxiru": ("extension", "sudden-death", "none"),
}


def majsoul_rules(hint: Mapping[str, object]) -> Ruleset:
    """The ruleset of a Mahjong Soul table from its record's hint keys (``majsoul_*``)."""
    n = int(hint.get("num_players", 4))  # type: ignore[call-overload]
    mode = int(hint.get("majsoul_mode", 0))  # type: ignore[call-overload]
    category = int(hint.get("majsoul_category", 0))  # type: ignore[call-overload]
    rules = preset("mahjongsoul-sanma" if n == 3 else "mahjongsoul")
    changes: dict[str, object] = {}
    if mode % 10 == 1:
        changes["length"] = "east"
    elif mode % 10 == 2:
        changes["length"] = "south"
    if category == RANKED:
        changes["rank_ladder"] = "mahjongsoul"
    detail = dict(hint.get("majsoul_detail_rule") or ())  # type: ignore[call-overload]
    if detail:
        changes.update(_detail(detail, n, rules))
        if category != RANKED:
            # a room's own settlement: its start and uma are read below; no source proves the rest
            changes.setdefault("rank_scheme_known", False)
    name = rules.name + (f"[{_room(hint)}]" if _room(hint) else "")
    return rules.replace(name=name, **changes)


def _room(hint: Mapping[str, object]) -> str:
    from paifu.rank_points.majsoul import ROOM_NAMES

    mode_id = hint.get("majsoul_mode_id")
    category = hint.get("majsoul_category")
    if category == RANKED and isinstance(mode_id, int) and mode_id in ROOM_NAMES:
        return ROOM_NAMES[mode_id]
    return {1: "友人戦", 4: "大会戦"}.get(category if isinstance(category, int) else -1, "")


def _detail(detail: dict[str, Any], n: int, base: Ruleset) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, (field, on, off) in _SWITCHES.items():
        out[field] = on if detail.get(key) else off
    if detail.get("have_toutiao"):
        out["max_ron_winners"] = 1
    if detail.get("init_point"):
        out["start_points"] = int(detail["init_point"])
    if detail.get("fandian"):
        out["extension_target"] = int(detail["fandian"])
        out["last_dealer_stop_min"] = int(detail["fandian"])
    if "dora_count" in detail:
        count = int(detail["dora_count"])
        out["red_fives"] = (0, count // 2, count - count // 2) if n == 3 else _reds(count)
    if detail.get("shiduan") is not None:
        out["kuitan"] = bool(detail.get("shiduan"))
    if detail.get("changbang_value"):
        out["honba_value"] = int(detail["changbang_value"])
    uma = [int(detail.get(f"shunweima_{i}", 0)) for i in range(2, n + 1)]
    if any(uma):
        out["uma"] = (-sum(uma), *uma)
    stop_on_win, stop_on_tenpai = detail.get("have_helezhongju"), detail.get("have_tingpaizhongju")
    out["last_dealer_stop"] = (
        "win_or_tenpai" if stop_on_win and stop_on_tenpai else "win" if stop_on_win else "none"
    )
    return out


def _reds(count: int) -> tuple[int, int, int]:
    """A red-five count over the three suits, one each first (the game's 3 = one per suit)."""
    per = [count // 3] * 3
    for i in range(count % 3):
        per[i] += 1
    return (per[0], per[1], per[2])
