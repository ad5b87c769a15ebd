"""Rulesets, presets, and picking the rules a record was played under."""

from __future__ import annotations

import re
from collections.abc import Iterable

from paifu.rules.presets import PRESETS, load_rules, preset
from paifu.rules.ruleset import Ruleset, RulesetError

__all__ = ["PRESETS", "Ruleset", "RulesetError", "load_rules", "preset", "rules_from_hint", "table_go_type",
           "tenhou_go_type", "tenhou_log_type"]


def tenhou_go_type(go_type: int, lobby: int | None = None, csrule: str | None = None) -> Ruleset:
    """The ruleset of a Tenhou table from its ``GO type`` bit field (and lobby and ``csrule``).

    Tenhou publishes no per-lobby rank-point table, so the lobby settlements below are the
    ones the records' own ``owari`` points follow (tests/test_rank_points.py proves each on
    every complete game of the corpus): phoenix east-only games pay uma 10/5/-5/-10, public
    chip lobbies 30/10/-10/-30, ratio lobbies (0x800) score against their own start with no
    uma, and a lobby with a custom rule (``csrule``) states start, return and uma itself.
    """
    sanma = bool(go_type & 0x10)
    base = preset("tenhou-sanma" if sanma else "tenhou")
    changes: dict[str, object] = {}
    if go_type & 0x02:
        changes["red_fives"] = (0, 0, 0)
    if go_type & 0x04:
        changes["kuitan"] = False
    if not go_type & 0x08:
        changes["length"] = "east"
    if go_type & 0x200:  # chip (shuugi) lobbies round 4-30 / 3-60 up to mangan (corpus chip.xml_, ratio1.xml_)
        changes["kiriage"] = True
        changes["open_kan_dora_timing"] = "immediate"  # chip.xml_ shows an added kan's dora before its draw
    if go_type & 0x400 and not lobby:  # public 0x400 lobbies paid 1,500 per honba (ratio1.xml_; seen once)
        changes["honba_value"] = 1500
    if (go_type & 0xA0) == 0xA0 and not go_type & 0x08 and not sanma and not go_type & ~0x10FF:
        changes["uma"] = (10, 5, -5, -10)  # phoenix east-only (bye.xml, shuffle.xml: both games)
    if go_type & 0x200 and not lobby and not sanma:
        changes["uma"] = (30, 10, -10, -30)  # public chip lobbies (chip.xml_, ratio1.xml_)
    if go_type & 0x800:
        # ratio lobbies: (score - start) / 1,000, no uma, no oka (ratio.xml, and sanma.xml's one hand)
        changes["return_points"] = None
        changes["uma"] = (0,) * base.num_players
    if go_type & ~0x10FF:
        # special lobbies (chips, ratio, tournament: bits 0x100-0x800) set their own start
        # points, which only the record's first hand states
        changes["start_points"] = 0
    if csrule:
        changes.update(_csrule(csrule, base.num_players))
    name = f"{base.name}[type={go_type}]"
    return base.replace(name=name, **changes)


def table_go_type(rules: Ruleset) -> int:
    """The GO type of a general-lobby Tenhou table with these rules (the bits a ruleset can say:
    players, length, red fives, open tanyao); ``tenhou_go_type`` reads it back."""
    return 0x01 | (0x10 if rules.num_players == 3 else 0) | (0x08 if rules.length != "east" else 0) \
        | (0x02 if not any(rules.red_fives) else 0) | (0x04 if not rules.kuitan else 0)


def _csrule(text: str, n: int) -> dict[str, object]:
    """A custom lobby's ``csrule``, read from the one record that has one (newattr2023.xml):
    fields 4-6 are all 30,000 there and its game started and settled at 30,000, so 4 and 5 are
    taken as start and return points (a guess between the three); fields 21 on hold groups of
    the uma of 2nd..last (the top takes minus their sum), five equal groups there, so equal
    groups are read as one uma and unequal ones leave the scheme unknown; with no groups the
    default uma applies (chips_tonpusen.xml). The lobby splits tied placements (two pairs tied
    in newattr2023.xml, each pair sharing its uma)."""
    f = text.split(",")

    def num(i: int) -> int | None:
        return int(f[i]) if i < len(f) and f[i].strip().lstrip("-").isdigit() else None

    out: dict[str, object] = {"rank_ties": "split"}
    start, ret = num(4), num(5)
    if start:
        out["start_points"] = start
    if ret:
        out["return_points"] = ret
    groups = []
    i = 21
    while all(num(j) is not None for j in range(i, i + n - 1)):
        groups.append(tuple(num(j) for j in range(i, i + n - 1)))
        i += n - 1
    if groups and len(set(groups)) == 1:
        rest = groups[0]
        out["uma"] = (-sum(rest), *rest)  # type: ignore[arg-type]
    elif groups:  # uma by how many sink: which group applies is unproven, so not checked
        out["rank_scheme_known"] = False
    return out


_LOG_ID = re.compile(r"^\d{10}gm-([0-9a-f]{4})-[0-9a-f]{4,5}-[0-9a-f]{8}")


def tenhou_log_type(game_id: object) -> int | None:
    """The table type a Tenhou log id names (``2010091009gm-00a9-...`` -> 0xA9), else None."""
    m = _LOG_ID.match(str(game_id or ""))
    return int(m.group(1), 16) if m else None


def rules_from_hint(hint: Iterable[tuple[str, object]], default: Ruleset | None = None) -> Ruleset:
    """Pick a ruleset from what a record says about itself (reader-neutral keys).

    Known keys: ``tenhou_go_type`` (int), ``preset`` (a preset name),
    ``num_players``, ``red_fives`` (per-suit tuple), ``kuitan``, ``length``,
    ``start_points``; later keys adjust what earlier keys chose.
    """
    rules = default
    adjust: dict[str, object] = {}
    hint = list(hint)
    keys = dict(hint)
    log_type = tenhou_log_type(keys.get("game_id"))
    if log_type is not None and "tenhou_go_type" not in keys and keys.get("preset") in ("tenhou", "tenhou-sanma"):
        # a record that names no table (a tenhou.net/6 JSON without a Tenhou disp) but whose
        # log id does: the id is the server's own statement of the table type
        hint = [("tenhou_go_type", log_type) if k == "preset" else (k, v) for k, v in hint]
    for key, value in hint:
        if key == "tenhou_go_type":
            go = int(value)  # type: ignore[call-overload]
            # the server's own log id names the table type; a GO tag rewritten by a tool
            # (seen in reformatted test logs) disagrees with it, and the id wins
            lobby = keys.get("lobby")
            rules = tenhou_go_type(log_type if log_type is not None and log_type != go else go,
                                   int(lobby) if lobby else None,  # type: ignore[call-overload]
                                   str(keys.get("csrule") or "") or None)
        elif key == "majiang_rule":
            from paifu.rules.majiang_rule import ruleset_from_majiang

            rules = ruleset_from_majiang(dict(value) if value else {})  # type: ignore[call-overload]
        elif key == "preset":
            rules = preset(str(value))
        elif key in Ruleset.__dataclass_fields__:
            adjust[key] = value
    if rules is None:
        n = adjust.get("num_players", 4)
        rules = preset("tenhou-sanma" if n == 3 else "tenhou")
    return rules.replace(**adjust) if adjust else rules
