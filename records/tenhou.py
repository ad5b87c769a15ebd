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

from paifu.frozen import Frozen, dataclass
from paifu.rules.presets import preset
from paifu.rules.ruleset import Ruleset
from paifu.rules.tenhou_lobby import csrule_rules

__all__ = [
    "RULE_CHANGES",
    "RuleChange",
    "era_key",
    "log_id_facts",
    "table_go_type",
    "tenhou_date",
    "tenhou_go_type",
    "tenhou_log_type",
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
        changes.update(csrule_rules(csrule, base.num_players))
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
