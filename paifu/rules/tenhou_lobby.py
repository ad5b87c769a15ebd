"""Tenhou's tournament lobbies: the settings a lobby states in ``csrule`` as rules.

A tournament lobby's game names its table type as any Tenhou game does (``paifu.rules.tenhou``) and
its own settings in ``csrule``: two flag words, then start, target and settlement base, payments and
the uma by how many players sink. Rules only: the readers hand over the list as the XML's comma
string; what a ``csrule`` states that no rule applies is named (``csrule_not_applied``), and a lobby
game whose record carries no ``csrule`` says so (``lobby_notes``). docs/rules.md has the table.
"""

from __future__ import annotations

import re

from paifu.rules.presets import preset

__all__ = ["csrule_not_applied", "csrule_rules", "lobby_notes"]

#: Where the meaning of every ``csrule`` bit and field below comes from: no Tenhou document
#: describes ``csrule``; the one field-by-field description is the comments of InjusticeJudge's
#: annotated copy of an ARML lobby game (Longhorn-Riichi/InjusticeJudge, ``example_arml_game.json``,
#: "// [0] rule flags part 1 ... here's how to interpret it"). Each value below quotes it and names
#: the record that shows it, where one does: ARML (lobby 18940, 2023083107gm-000b-18940-79affd70,
#: flags ``4120DF0F``), newattr2023.xml (lobby 1, flags ``0FE0BF0B``) and chips_tonpusen.xml
#: (2021062012gm-0641-11000-af004d79, flags ``4007C004``). docs/rules.md has the whole table and how
#: sure each one is.

#: ``csrule[0]`` bits read as one rule each: (bit, rule, value when set, the annotation's words)
CS_FLAG_RULES: tuple[tuple[int, str, object, str], ...] = (
    # ARML E2: 4 han 30 fu ron by a non-dealer paid 8,000; S4: the dealer's 4 han 30 fu tsumo 4,000 all
    (0x2, "kiriage", True, "set if kiriage mangan enabled"),
    (0x4, "bust", False, "set if tobi disabled (= negative scores don't end the game)"),
    (0x8, "open_kan_dora_timing", "immediate", "set if kan dora immediately flips"),
    (0x20, "kan_dora", False, "set if you have no kan open dora"),
    (0x40, "ura_dora", False, "set if you have no ura dora"),  # ARML S1-1, S4 count ura with it clear
    (0x80, "kan_ura", False, "set if you have no kan ura dora"),
    (0x100, "four_winds", False, "set if 4 wind abortive draw disabled"),
    (0x200, "four_kans", False, "set if 4 kan abortive draw disabled"),
    (0x400, "four_riichi", False, "set if 4 riichi abortive draw disabled"),
    (0x800, "nine_terminals", False, "set if 9 terminal abortive draw disabled"),
    (0x1000, "triple_ron_abort", False, "set if triple ron abortive draw disabled"),
    # the whole numbers of chips_tonpusen.xml's owari (23,800 -> -16.0: -6.2 rounded, then uma -10)
    (
        0x40000,
        "rank_rounding",
        "integer",
        "set if final score should be rounded (= no decimals in final score)",
    ),
    (0x80000, "ippatsu", False, "set if ippatsu disabled"),  # ARML S4 counts 一発 with it clear
    (
        0x2000000,
        "riichi_min_wall",
        1,
        "set if you can riichi without more draws (still can't riichi on haitei)",
    ),
)
#: a 3-player lobby's bits (no 3-player lobby record has been seen)
CS_SANMA_FLAG_RULES: tuple[tuple[int, str, object, str], ...] = (
    (0x400000, "kita", True, "set if kita is enabled (sanma only)"),
    (0x800000, "sanma_tsumo", "split", "set if tsumo payment is split evenly in sanma"),
)
HEAD_BUMP = 0x2000  # "set if head bump enabled (= only closest player wins in case of multiple ron)"
NO_TRIPLE_RON_ABORT = 0x1000
#: ARML S4: the top dealer won at all-last and S4-1 was played (agari-yame off, bit set);
#: "set if agariyame disabled", "set if tenpaiyame disabled"
NO_AGARI_YAME, NO_TENPAI_YAME = 0x4000, 0x8000
#: chips_tonpusen.xml (both set): after the dealer's tsumo in E2 comes E3 at 0 honba, after the
#: dealer's tenpai at E3's draw comes E4-1;
#: "set if agarirenchan disabled", "set if tenpairenchan disabled"
NO_AGARI_RENCHAN, NO_TENPAI_RENCHAN = 0x10000, 0x20000
SUDDEN_DEATH = 0x200000  # "set if sudden death is enabled (= game can go into West round)"
#: bits stated but not applied, with why
CS_FLAGS_NOT_APPLIED: tuple[tuple[int, str], ...] = (
    (
        0x1,
        "nagashi mangan (the annotation says 'set if nagashi mangan disabled', InjusticeJudge's own "
        "code reads the bit as enabled; no record has a nagashi)",
    ),
    (0x10, "no open dora ('set if you have no open dora'; no rule for it)"),
    (0x100000, "double round wind ('E+W for East, S+N for South'; no rule for it)"),
    (0x1000000, "renhou ('set if renhou enabled'; its value is stated nowhere)"),
    (0x4000000, "closed kan after riichi by WRC rules ('can't ankan if it changes wait')"),
    (0x8000000, "a tile melded four times does not count toward a wait"),
)
#: "set if hiding Join button (no effect?)": no rule of the game
CS_JOIN_BUTTON = 0x40000000
#: every ``csrule[0]`` bit the annotation names (a 3-player bit on a 4-player table does nothing)
CS_FLAGS_KNOWN = (
    sum(bit for bit, *_ in CS_FLAG_RULES + CS_SANMA_FLAG_RULES + CS_FLAGS_NOT_APPLIED)
    + HEAD_BUMP
    + NO_AGARI_YAME
    + NO_TENPAI_YAME
    + NO_AGARI_RENCHAN
    + NO_TENPAI_RENCHAN
    + SUDDEN_DEATH
    + CS_JOIN_BUTTON
)
#: ``csrule[1]``: "set if double wind pair counts as 2 fu instead of 4 fu", "set if splitting uma (?)"
#: (newattr2023.xml sets it and its two tied pairs each share their uma; ARML clears it, no ties)
CS2_DOUBLE_WIND_2FU, CS2_SPLIT_UMA = 0x1, 0x2
CS2_SUUKANTSU_PAO = 0x8  # "set if suukantsu pao enabled"
CS2_NO_KAZOE = 0x10  # "set if kazoe yakuman disabled"
#: "set if leftover riichi sticks go to first place at the end"; clear, the lobby may keep them
CS2_STICKS_TO_TOP = 0x4
#: fields stated but not applied (empty in every record seen), by index
CS_FIELDS_NOT_APPLIED: dict[int, str] = {
    2: "rule flags part 3",
    3: "rule flags part 4",
    7: "teppen (the game ends once a player passes it)",
    8: "least number of rounds",
    9: "most number of rounds including sudden death",
    10: "riichi stick value",
    12: "field 12",
    13: "field 13",
    14: "field 14",
    15: "field 15",
    19: "chip value",
    20: "raw points to game points factor",
    36: "field 36",
    37: "field 37",
    38: "field 38",
    39: "field 39",
}
UMA_FIELD = 21  # "[21:23] 2nd/3rd/4th uma (if no-one is below starting score)", then one group per sinker


def _fields(text: str) -> list[str]:
    return [f.strip() for f in text.split(",")]


def _hex(f: list[str], i: int) -> int | None:
    """Flag word ``i``: 0 when empty (an empty field is the default); None when not hex."""
    if i >= len(f) or not f[i]:
        return 0
    try:
        return int(f[i], 16)
    except ValueError:
        return None


_NUMBER = re.compile(r"-?[0-9]{1,9}")


def _int(f: list[str], i: int) -> int | None:
    """Field ``i`` as a whole number; None when empty (the default) or not a number."""
    return int(f[i]) if i < len(f) and _NUMBER.fullmatch(f[i]) else None


def _points(f: list[str], i: int) -> int | None:
    """Field ``i`` as points (start, target, honba, payments): a positive number, else None."""
    v = _int(f, i)
    return v if v is not None and v > 0 else None


def csrule_rules(text: str, n: int) -> dict[str, object]:
    """The rules a custom lobby's ``csrule`` states (sources above ``CS_FLAG_RULES``): the flag words ``[0]`` and
    ``[1]``, start ``[4]``, the target ``[5]``, the settlement base ``[6]`` (else ``[5]``), honba
    ``[11]``, noten payments ``[16:19]`` and the uma by how many players sink ``[21:36]``. A clear
    bit or an empty field is Tenhou's ordinary table; what is stated but not applied is named by
    ``csrule_not_applied``."""
    f = _fields(text)
    base = preset("tenhou-sanma" if n == 3 else "tenhou")
    out: dict[str, object] = {}
    flags, flags2 = _hex(f, 0) or 0, _hex(f, 1) or 0
    for bit, rule, value, _words in CS_FLAG_RULES + (CS_SANMA_FLAG_RULES if n == 3 else ()):
        out[rule] = value if flags & bit else getattr(base, rule)
    if flags & HEAD_BUMP:
        out["max_ron_winners"] = 1
    elif flags & NO_TRIPLE_RON_ABORT:  # three rons are paid when they do not abort the hand
        out["max_ron_winners"] = 3
    else:
        out["max_ron_winners"] = base.max_ron_winners
    stop = {(False, False): "win_or_tenpai", (False, True): "win", (True, True): "none"}
    key = (bool(flags & NO_AGARI_YAME), bool(flags & NO_TENPAI_YAME))
    if key in stop:
        out["last_dealer_stop"] = stop[key]
    renchan = {(False, False): "win_or_tenpai", (False, True): "win", (True, True): "never"}
    key = (bool(flags & NO_AGARI_RENCHAN), bool(flags & NO_TENPAI_RENCHAN))
    if key in renchan:
        out["renchan"] = renchan[key]
    out["extension"] = "sudden-death" if flags & SUDDEN_DEATH else "none"
    out["double_wind_fu"] = 2 if flags2 & CS2_DOUBLE_WIND_2FU else 4
    out["rank_ties"] = "split" if flags2 & CS2_SPLIT_UMA else "seat"
    out["pao"] = base.pao | {"suukantsu"} if flags2 & CS2_SUUKANTSU_PAO else base.pao
    out["kazoe_yakuman"] = not flags2 & CS2_NO_KAZOE
    # "[4:6] starting pts, required points, 清算原点": [4] is every record's first-hand start
    start, target, settle = _points(f, 4), _points(f, 5), _points(f, 6)
    if start:
        out["start_points"] = start
    if target:  # the target of the all-last stop and of the extension
        out["extension_target"] = out["last_dealer_stop_min"] = target
    if settle or target:  # ARML's sc: (final - 30,000) / 1,000 + uma, 30,000 being [4], [5] and [6]
        out["return_points"] = settle or target
    honba = _points(f, 11)  # "points per honba per person (default 100, meaning 300 for yonma ...)"
    if honba is not None:
        out["honba_value"] = honba * (n - 1)
    noten = _noten_total(f, n)
    if noten is not None:
        out["noten_payment"] = noten
    out.update(_uma_groups(f, n))
    return out


def _noten_total(f: list[str], n: int) -> int | None:
    """ "noten penalty for 1/2/3 person tenpai (1000/1500/3000)", each noten player's payment: a
    4-player total when the three agree on one (3,000 by default), else None (not applied)."""
    paid = [_points(f, i) for i in (16, 17, 18)]
    if n != 4 or all(p is None for p in paid):
        return None
    p1, p2, p3 = (p if p is not None else d for p, d in zip(paid, (1000, 1500, 3000), strict=True))
    return p1 * 3 if p1 * 3 == p2 * 2 == p3 else None


def _uma_groups(f: list[str], n: int) -> dict[str, object]:
    """The uma from ``csrule[21]`` on: five groups of the uma of 2nd, 3rd and 4th, group k for k
    players ending below the base (ARML's sc: 3 below, group 3 (0, -5, -15), and only group 3
    reproduces it); the top takes minus their sum (InjusticeJudge ``apply_placement_bonus``:
    ``[oka-sum(uma)] + uma``). Five equal groups are one uma (newattr2023.xml); none at all, the
    ordinary uma (chips_tonpusen.xml). A 3-player lobby's layout is unknown (no record): not checked."""
    cells = f[UMA_FIELD : UMA_FIELD + 15]
    if not any(cells):
        return {}
    if n == 3:
        return {"rank_scheme_known": False}
    values = [_int(f, UMA_FIELD + i) for i in range(15)]
    groups: list[tuple[int, ...]] = []
    for k in range(n + 1):
        g = values[3 * k : 3 * k + 3]
        if any(v is None for v in g):
            return {"rank_scheme_known": False}  # a group left partly empty: no reading of it is proven
        groups.append(tuple(v for v in g if v is not None))
    ladders = [(-sum(g), *g) for g in groups]
    if len(set(ladders)) == 1:
        return {"uma": ladders[0], "uma_sinking": ()}
    return {"uma": ladders[0], "uma_sinking": tuple(enumerate(ladders))}


def csrule_not_applied(text: str, n: int) -> tuple[str, ...]:
    """What a lobby's ``csrule`` states that ``csrule_rules`` does not apply (each named with its
    index or bit), so a summary can say it; empty when nothing is left out."""
    f = _fields(text)
    out: list[str] = []
    flags, flags2 = _hex(f, 0), _hex(f, 1)
    if flags is None or flags2 is None:
        out.append(f"csrule flag words {f[0]!r}, {f[1] if len(f) > 1 else ''!r} are not hex")
    flags, flags2 = flags or 0, flags2 or 0
    for bit, what in CS_FLAGS_NOT_APPLIED:
        if flags & bit:
            out.append(f"csrule[0] 0x{bit:x}: {what}")
    if flags & NO_AGARI_YAME and not flags & NO_TENPAI_YAME:
        out.append("csrule[0] 0x4000 without 0x8000: an all-last stop on tenpai only (no rule for it)")
    if flags & NO_AGARI_RENCHAN and not flags & NO_TENPAI_RENCHAN:
        out.append("csrule[0] 0x10000 without 0x20000: dealer repeats on tenpai only (no rule for it)")
    unknown = flags & ~CS_FLAGS_KNOWN
    if unknown:
        out.append(f"csrule[0] bits 0x{unknown:x}: meaning unknown")
    if not flags2 & CS2_STICKS_TO_TOP:
        out.append(
            "csrule[1] 0x4 clear: riichi sticks left at the end may not go to the top "
            "('set if leftover riichi sticks go to first place'); given to the top"
        )
    unknown2 = flags2 & ~(
        CS2_DOUBLE_WIND_2FU | CS2_SPLIT_UMA | CS2_STICKS_TO_TOP | CS2_SUUKANTSU_PAO | CS2_NO_KAZOE
    )
    if unknown2:
        out.append(f"csrule[1] bits 0x{unknown2:x}: meaning unknown")
    for i in (4, 5, 6, 11, 16, 17, 18):
        if i < len(f) and f[i] and _points(f, i) is None:
            out.append(f"csrule[{i}] = {f[i]!r}: not a number of points, not applied")
    for i, what in CS_FIELDS_NOT_APPLIED.items():
        if i < len(f) and f[i]:
            out.append(f"csrule[{i}] = {f[i]}: {what}")
    for i in (16, 17, 18):
        if i < len(f) and f[i] and _noten_total(f, n) is None:
            out.append(f"csrule[16:19] = {','.join(f[16:19])}: noten payments with no single total")
            break
    if n == 3 and any(f[UMA_FIELD : UMA_FIELD + 15]):
        out.append("csrule[21:36]: a 3-player lobby's uma layout is unknown (rank points not checked)")
    return tuple(out)


def lobby_notes(lobby: object, csrule: object, n: int) -> tuple[str, ...]:
    """Notes for a Tenhou lobby game's summary: a lobby whose settings the record does not carry
    (Tenhou's XML before 2023 writes no ``csrule``) is judged as the ordinary table of its type,
    and ``--rules`` may give its own; a ``csrule``'s settings not applied are named."""
    if csrule:
        return tuple(f"[lobby-rule-not-applied] {what}" for what in csrule_not_applied(str(csrule), n))
    if str(lobby or "0").strip() not in ("", "0"):
        return (
            f"[lobby-rules-unstated] lobby {lobby}'s own settings are not in this record: judged as "
            "the ordinary table of its type (give the lobby's rules with --rules)",
        )
    return ()
