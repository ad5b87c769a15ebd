"""Tenhou table knowledge in one place: ``GO type`` bits, log ids, and the rules that
changed over the years.

A Tenhou record names its table by ``GO type`` (and, in special lobbies, ``lobby`` and
``csrule``); its log id (``2009071823gm-0041-0000-ff3a2214``) names the table type again and
the hour the game started. Tenhou publishes no history of its rule changes, so the eras
below are read off the records themselves: each change names the last record seen under
the old rule and the first seen under the new one. A game between the two is judged under
neither for that rule (the check is skipped), never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from paifu.frozen import Frozen, set_field
from paifu.rules.presets import preset
from paifu.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the same, without importing dataclasses (paifu.frozen; start-up, issue 26)
    from paifu.frozen import dataclass

__all__ = [
    "RULE_CHANGES",
    "RuleChange",
    "era_key",
    "log_id_facts",
    "table_go_type",
    "tenhou_date",
    "tenhou_go_type",
    "tenhou_log_type",
    "csrule_not_applied",
    "lobby_notes",
]

#: a Tenhou log id: date and hour, "gm", table type, lobby, then a hex tail
LOG_ID = re.compile(r"(\d{10})gm-([0-9a-f]{4})-([0-9a-f]{4,5})-([0-9a-f]{8})")

# GO type bits (Tenhou's own)
HUMAN, NO_RED, NO_KUITAN, SOUTH, SANMA, JOUKYUU, FAST, TOKUJOU = (
    0x01,
    0x02,
    0x04,
    0x08,
    0x10,
    0x20,
    0x40,
    0x80,
)
CHIP, LOBBY_0X400, RATIO = 0x200, 0x400, 0x800
SPECIAL_BITS = 0x100 | CHIP | LOBBY_0X400 | RATIO

#: the wall seed in a per-hand ``INIT shuffle`` attribute is older than the ``SHUFFLE`` tag:
#: every dated record with it is from 2009-07-18 or before, every ``SHUFFLE`` record from
#: 2009-07-29 on (corpus ``fastmaj``); an undated record with it is dated this early
BEFORE_SHUFFLE_TAG = "2009071823"


@dataclass(init=False, repr=False, eq=False)
class RuleChange(Frozen):
    """One rule Tenhou changed: ``old`` up to ``last_old`` (a log-id date, ``YYYYMMDDHH``),
    ``new`` from ``first_new``; a game in between is unproven either way."""

    rule: str
    old: object
    new: object
    last_old: str
    first_new: str
    applies: str  # which tables: "east" (east-only 4-player), "all"
    evidence: str

    def __init__(
        self, rule: str, old: object, new: object, last_old: str, first_new: str, applies: str, evidence: str
    ) -> None:
        set_field(self, "rule", rule)
        set_field(self, "old", old)
        set_field(self, "new", new)
        set_field(self, "last_old", last_old)
        set_field(self, "first_new", first_new)
        set_field(self, "applies", applies)
        set_field(self, "evidence", evidence)

    def value(self, date: str | None) -> object | None:
        """The rule on that date; ``None`` inside the unproven window."""
        if date is None or date >= self.first_new:
            return self.new
        if date <= self.last_old:
            return self.old
        return None


RULE_CHANGES: tuple[RuleChange, ...] = (
    RuleChange(
        rule="uma",
        old=(10, 5, -5, -10),
        new=(20, 10, -10, -20),
        last_old="2009072918",
        first_new="2009082713",
        applies="east",
        evidence="east-only owari: 2009071823gm-0041 and 2009072918gm-0061 pay uma 10/5, and so do the "
        "undated phoenix east-only bye.xml and shuffle.xml (INIT-shuffle era); 2009082713gm-00e1, "
        "2009082815gm-00e1, 2010030412gm-00e1 and every later east-only game pay 20/10",
    ),
    RuleChange(
        rule="last_dealer_stop",
        old="win",
        new="win_or_tenpai",
        last_old="2010030412",
        first_new="2010060800",
        applies="all",
        evidence="the all-last dealer, top and tenpai at an exhaustive draw, plays on in 2009082713gm-00e1, "
        "2009082815gm-00e1, 2010030412gm-00e1 and bug1.xml (INIT-shuffle era), and ends the game "
        "in 2010060800gm-0061",
    ),
)


def tenhou_date(game_id: object, seed_form: object = None) -> str | None:
    """The ``YYYYMMDDHH`` a Tenhou log id starts with; for an undated record whose wall seed
    sits in ``INIT shuffle`` attributes, the last hour that form is known from."""
    m = LOG_ID.search(str(game_id or ""))
    if m:
        return m.group(1)
    return BEFORE_SHUFFLE_TAG if seed_form == "per-hand" else None


def tenhou_log_type(game_id: object) -> int | None:
    """The table type a Tenhou log id names (``2010091009gm-00a9-...`` -> 0xA9), else None."""
    m = LOG_ID.match(str(game_id or ""))
    return int(m.group(2), 16) if m else None


def log_id_facts(game_id: object) -> tuple[str, int | None] | None:
    """What a ruleset reads from a log id, from one search: ``tenhou_date`` (as ``era_key`` tells
    dates apart) and ``tenhou_log_type`` (a match at the start is also the first match found)."""
    m = LOG_ID.search(str(game_id or ""))
    if m is None:
        return None
    return era_key(m.group(1)), int(m.group(2), 16) if m.start() == 0 else None


def tenhou_go_type(
    go_type: int,
    lobby: int | None = None,
    csrule: str | None = None,
    date: str | None = None,
    era_label: str | None = None,
) -> Ruleset:
    """The ruleset of a Tenhou table from its ``GO type`` bit field (and lobby and ``csrule``),
    as it was on ``date`` (``YYYYMMDDHH``; ``None``: today's rules); ``era_label`` names that
    date in the ruleset's name where it changed a rule (default: the date itself).

    Tenhou publishes no per-lobby rank-point table, so the lobby settlements below are the
    ones the records' own ``owari`` points follow (tests/test_rank_points.py proves each on
    every complete game of the corpus): public chip lobbies pay uma 30/10/-10/-30, ratio
    lobbies (0x800) score against their own start with no uma, and a lobby with a custom
    rule (``csrule``) states start, return and uma itself.
    """
    sanma = bool(go_type & SANMA)
    base = preset("tenhou-sanma" if sanma else "tenhou")
    east = not go_type & SOUTH
    era = tuple(
        (k, v)
        for k, v in _era_rules(date, east=east and not sanma and not go_type & SPECIAL_BITS).items()
        if getattr(base, k) != v
    )
    # the date is named only where it changed a rule (a 2009 east-only table is not today's)
    label = era_label or (f"{date[:4]}-{date[4:6]}-{date[6:8]}" if date else "")
    name = f"{base.name}[type={go_type}]" + (f"@{label}" if era and label else "")
    return _table_rules(go_type, lobby, csrule, era, name)


@lru_cache(maxsize=256)
def _table_rules(
    go_type: int, lobby: int | None, csrule: str | None, era: tuple[tuple[str, object], ...], name: str
) -> Ruleset:
    """``tenhou_go_type``'s ruleset, made once per table type, era and name: every game of a lobby
    asks for the same one, and a ``Ruleset`` of 76 fields is not cheap to build (rulesets are frozen,
    so one is shared)."""
    sanma = bool(go_type & SANMA)
    base = preset("tenhou-sanma" if sanma else "tenhou")
    changes: dict[str, object] = {}
    if go_type & NO_RED:
        changes["red_fives"] = (0, 0, 0)
    if go_type & NO_KUITAN:
        changes["kuitan"] = False
    if not go_type & SOUTH:
        changes["length"] = "east"
    if go_type & CHIP:  # chip (shuugi) lobbies round 4-30 / 3-60 up to mangan (corpus chip.xml_, ratio1.xml_)
        changes["kiriage"] = True
        changes["open_kan_dora_timing"] = "immediate"  # chip.xml_ shows an added kan's dora before its draw
    if (
        go_type & LOBBY_0X400 and not lobby
    ):  # public 0x400 lobbies paid 1,500 per honba (ratio1.xml_; seen once)
        changes["honba_value"] = 1500
    changes.update(era)
    if go_type & CHIP and not lobby and not sanma:
        changes["uma"] = (30, 10, -10, -30)  # public chip lobbies (chip.xml_, ratio1.xml_)
    if go_type & RATIO:
        # ratio lobbies: (score - start) / 1,000, no uma, no oka (ratio.xml, and sanma.xml's one hand)
        changes["return_points"] = None
        changes["uma"] = (0,) * base.num_players
    if go_type & SPECIAL_BITS:
        # special lobbies (chips, ratio, tournament: bits 0x100-0x800) set their own start
        # points, which only the record's first hand states
        changes["start_points"] = 0
    if csrule:
        changes.update(_csrule(csrule, base.num_players))
    return base.replace(name=name, **changes)


def _era_rules(date: str | None, *, east: bool) -> dict[str, object]:
    """The rules of ``RULE_CHANGES`` as they stood on ``date``."""
    out: dict[str, object] = {}
    for change in RULE_CHANGES:
        if change.applies == "east" and not east:
            continue
        value = change.value(date)
        if value is not None:
            out[change.rule] = value
        elif change.rule == "uma":
            out["rank_scheme_known"] = False
        elif change.rule == "last_dealer_stop":
            out["last_dealer_stop"] = "win_tenpai_unproven"
    return out


def era_key(date: str) -> str:
    """What of a log id's date picks its ruleset: ``"today"`` for a date on or after every rule
    change, where today's rules are the presets' own (then neither the rules nor the ruleset's name
    depend on the date), else the date itself."""
    return "today" if date >= _LATEST_CHANGE and _today_is_preset() else date


_LATEST_CHANGE = max(change.first_new for change in RULE_CHANGES)


@lru_cache(maxsize=1)
def _today_is_preset() -> bool:
    """Whether every rule change's new value is already the presets' (so a dated table after them
    is named and ruled as an undated one): as ``tenhou_go_type`` asks, east-only rules for a
    4-player table only."""
    asked = ((preset("tenhou"), True), (preset("tenhou"), False), (preset("tenhou-sanma"), False))
    return all(getattr(base, k) == v for base, east in asked for k, v in _era_rules(None, east=east).items())


def table_go_type(rules: Ruleset) -> int:
    """The GO type of a general-lobby Tenhou table with these rules (the bits a ruleset can say:
    players, length, red fives, open tanyao); ``tenhou_go_type`` reads it back."""
    return (
        HUMAN
        | (SANMA if rules.num_players == 3 else 0)
        | (SOUTH if rules.length != "east" else 0)
        | (NO_RED if not any(rules.red_fives) else 0)
        | (NO_KUITAN if not rules.kuitan else 0)
    )


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


def _csrule(text: str, n: int) -> dict[str, object]:
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
    """What a lobby's ``csrule`` states that ``_csrule`` does not apply (each named with its
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


def tenhou_rules_from_keys(go: int, keys: Mapping[str, object]) -> Ruleset:
    """``tenhou_go_type`` from a record's hint keys; the server's own log id names the table
    type, and a GO tag rewritten by a tool (seen in reformatted test logs) that disagrees
    with it loses."""
    log_type = tenhou_log_type(keys.get("game_id"))
    lobby = keys.get("lobby")
    date = tenhou_date(keys.get("game_id"))
    era_label = None
    if date is None and keys.get("tenhou_seed_form") == "per-hand":  # undated, but its seed form dates it
        date, era_label = BEFORE_SHUFFLE_TAG, "INIT-shuffle era"
    return tenhou_go_type(
        log_type if log_type is not None and log_type != go else go,
        int(lobby) if lobby else None,  # type: ignore[call-overload]
        str(keys.get("csrule") or "") or None,
        date,
        era_label,
    )
