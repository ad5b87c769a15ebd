"""電脳麻将 (kobalab majiang-core) rule objects as our ``Ruleset``.

Every key of majiang-core's ``Majiang.rule()`` maps onto a Ruleset field; a key we
do not know, or a value we cannot express, is a ``RulesetError`` (silently
dropping a rule would let a record replay under the wrong rules). Keys missing
from the object take majiang-core's defaults, as the engine itself does.

Behaviour fixed in the engine (majiang-core 1.4, see corpus majiang_selfplay
README) rather than set by a key: return points 30,000; west-in and
last-dealer-stop threshold 30,000 and the dealer must be sole top; on multiple
ron, honba and sticks go to the first winner in turn order; pao only for
daisangen/daisuushii; a triple ron aborts the hand exactly when at most two
winners are allowed; after an abortive draw the dealer repeats with +1 honba
whatever 連荘方式 says; with トビ終了あり off a player below 1,000 may riichi.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paifu.limits import read_settings
from paifu.rules.presets import TENHOU
from paifu.rules.ruleset import Ruleset, RulesetError

#: majiang-core's defaults (``Majiang.rule()`` with no argument)
MAJIANG_DEFAULTS: dict[str, Any] = {
    "配給原点": 25000,
    "順位点": ["20.0", "10.0", "-10.0", "-20.0"],
    "連風牌は2符": False,
    "赤牌": {"m": 1, "p": 1, "s": 1},
    "クイタンあり": True,
    "喰い替え許可レベル": 0,
    "場数": 2,
    "途中流局あり": True,
    "流し満貫あり": True,
    "ノーテン宣言あり": False,
    "ノーテン罰あり": True,
    "最大同時和了数": 2,
    "連荘方式": 2,
    "トビ終了あり": True,
    "オーラス止めあり": True,
    "延長戦方式": 1,
    "一発あり": True,
    "裏ドラあり": True,
    "カンドラあり": True,
    "カン裏あり": True,
    "カンドラ後乗せ": True,
    "ツモ番なしリーチあり": False,
    "リーチ後暗槓許可レベル": 2,
    "役満の複合あり": True,
    "ダブル役満あり": True,
    "数え役満あり": True,
    "役満パオあり": True,
    "切り上げ満貫あり": False,
}

#: keys of a rule *file* that describe the players or the file, not the rules
_WRAPPER_KEYS = {"config", "no_jiuzhongjiupai", "prefer_kuikae", "rule", "name", "description"}

_KUIKAE = {0: "forbidden", 1: "suji", 2: "allowed"}  # 0 none, 1 suji swap allowed, 2 same tile too
_LENGTH = {0: "one-hand", 1: "east", 2: "south"}  # 4 (一荘戦, all four winds) has no Ruleset value
_RENCHAN = {0: "never", 1: "win", 2: "win_or_tenpai", 3: "always"}
_EXTENSION = {0: "none", 1: "sudden-death", 3: "full-round"}  # 2 (連荘優先サドンデス) not expressible
_RIICHI_KAN = {0: "none", 1: "shape-unchanged", 2: "wait-unchanged"}
_DOUBLE_YAKUMAN = frozenset({"suuankou-tanki", "junsei-chuuren", "kokushi-13", "daisuushii"})
#: riichi_min_points when the engine lets anyone riichi (no bust end): no minimum at all
NO_MINIMUM = -(10**9)


def _bool(key: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise RulesetError(f"{key} = {v!r}; expected true or false")
    return v


def _choice(key: str, v: Any, table: dict[int, str]) -> str:
    if isinstance(v, bool) or not isinstance(v, int) or v not in table:
        raise RulesetError(f"{key} = {v!r} cannot be expressed; supported: {sorted(table)}")
    return table[v]


def _uma(v: Any) -> tuple[tuple[int, ...], str]:
    if not isinstance(v, list) or len(v) != 4:
        raise RulesetError(f"順位点 = {v!r}; expected four strings")
    out = []
    for x in v:
        try:
            f = float(x)
        except (TypeError, ValueError):
            raise RulesetError(f"順位点 entry {x!r} is not a number") from None
        if not f.is_integer():
            raise RulesetError(f"順位点 entry {x!r}: fractional placement points cannot be expressed")
        out.append(int(f))
    # majiang-core rounds points to integers when the placement points are written without decimals
    rounding = "integer" if all("." not in str(x) for x in v) else "none"
    return tuple(out), rounding


def ruleset_from_majiang(rule: dict[str, Any], name: str = "majiang") -> Ruleset:
    """A majiang-core rule object -> Ruleset (RulesetError for anything we cannot express)."""
    if not isinstance(rule, dict):
        raise RulesetError(f"a 電脳麻将 rule object must be a JSON object, got {type(rule).__name__}")
    unknown = sorted(set(rule) - set(MAJIANG_DEFAULTS))
    if unknown:
        raise RulesetError(f"unknown 電脳麻将 rule key(s): {', '.join(unknown)}")
    r = {**MAJIANG_DEFAULTS, **rule}
    start = r["配給原点"]
    if isinstance(start, bool) or not isinstance(start, int) or start <= 0:
        raise RulesetError(f"配給原点 = {start!r}; expected a positive integer")
    uma, rounding = _uma(r["順位点"])
    red = r["赤牌"]
    if (
        not isinstance(red, dict)
        or set(red) != {"m", "p", "s"}
        or not all(isinstance(red[s], int) and 0 <= red[s] <= 4 for s in "mps")
    ):
        raise RulesetError(f"赤牌 = {red!r}; expected {{m, p, s}} counts 0..4")
    max_ron = r["最大同時和了数"]
    if isinstance(max_ron, bool) or max_ron not in (1, 2, 3):
        raise RulesetError(f"最大同時和了数 = {max_ron!r}; expected 1, 2 or 3")
    aborts = _bool("途中流局あり", r["途中流局あり"])
    bust = _bool("トビ終了あり", r["トビ終了あり"])
    changes: dict[str, Any] = dict(
        name=name,
        description="電脳麻将 (majiang-core) rule object",
        rank_scheme="majiang",
        num_players=4,
        chi=True,
        start_points=start,
        return_points=30000,  # fixed in the engine
        uma=uma,
        rank_rounding=rounding,
        rank_rounding_mode="half-up",  # majiang-core: .5 toward +infinity (-1,500 -> -1,000)
        rank_top_takes_rest=True,  # majiang-core gives the top minus the others' sum
        rank_ties="seat",
        double_wind_fu=2 if _bool("連風牌は2符", r["連風牌は2符"]) else 4,
        red_fives=(red["m"], red["p"], red["s"]),
        kuitan=_bool("クイタンあり", r["クイタンあり"]),
        kuikae=_choice("喰い替え許可レベル", r["喰い替え許可レベル"], _KUIKAE),
        length=_choice("場数", r["場数"], _LENGTH),
        nine_terminals=aborts,
        four_winds=aborts,
        four_riichi=aborts,
        four_kans=aborts,
        abort_renchan=True,  # the engine repeats the hand after any abortive draw
        nagashi_mangan=_bool("流し満貫あり", r["流し満貫あり"]),
        noten_declaration=_bool("ノーテン宣言あり", r["ノーテン宣言あり"]),
        noten_payment=3000 if _bool("ノーテン罰あり", r["ノーテン罰あり"]) else 0,
        max_ron_winners=max_ron,
        triple_ron_abort=max_ron == 2,
        multi_ron_bonus="nearest",
        # a one-hand game (場数 0) ends after a win whoever won (lib/game.js: 「if (this._rule['場数'] == 0)
        # this._lianzhuang = false;」 after hule), which a dealer never keeping the deal says
        renchan="never" if r["場数"] == 0 else _choice("連荘方式", r["連荘方式"], _RENCHAN),
        bust=bust,
        bust_at_zero=False,
        riichi_min_points=1000 if bust else NO_MINIMUM,
        last_dealer_stop="win_or_tenpai" if _bool("オーラス止めあり", r["オーラス止めあり"]) else "none",
        last_dealer_stop_min=30000,
        extension=_choice("延長戦方式", r["延長戦方式"], _EXTENSION),
        extension_target=30000,
        # the extension ends after any hand where someone has 30,000, a dealer's repeat or not
        # (corpus majiang_selfplay/dora 3, 17, 22, 53: the game ends at a West hand the dealer kept)
        extension_dealer_plays_on=False,
        ippatsu=_bool("一発あり", r["一発あり"]),
        ura_dora=_bool("裏ドラあり", r["裏ドラあり"]),
        kan_dora=_bool("カンドラあり", r["カンドラあり"]),
        kan_ura=_bool("カン裏あり", r["カン裏あり"]),
        open_kan_dora_timing="after-discard" if _bool("カンドラ後乗せ", r["カンドラ後乗せ"]) else "immediate",
        riichi_min_wall=0 if _bool("ツモ番なしリーチあり", r["ツモ番なしリーチあり"]) else 4,
        riichi_kan=_choice("リーチ後暗槓許可レベル", r["リーチ後暗槓許可レベル"], _RIICHI_KAN),
        multiple_yakuman=_bool("役満の複合あり", r["役満の複合あり"]),
        double_yakuman=_DOUBLE_YAKUMAN if _bool("ダブル役満あり", r["ダブル役満あり"]) else frozenset(),
        kazoe_yakuman=_bool("数え役満あり", r["数え役満あり"]),
        pao=frozenset({"daisangen", "daisuushii"})
        if _bool("役満パオあり", r["役満パオあり"])
        else frozenset(),
        # a pao tsumo with other yakuman: the liable seat pays only the liable yakuman
        # (majiang-core lib/hule.js: base2 = 8000 * min(liable yakuman, all yakuman))
        pao_tsumo="liable-yakuman",
        kiriage=_bool("切り上げ満貫あり", r["切り上げ満貫あり"]),
        kita=False,
    )
    return TENHOU.replace(**changes)


def load_majiang_rule(path: str | Path) -> Ruleset:
    """A rule JSON file: a bare rule object, or one wrapped under ``"rule"`` (selfplay files)."""
    p = Path(path)
    try:
        data = json.loads(read_settings(p))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        why = "nested too deeply" if isinstance(e, RecursionError) else e
        raise RulesetError(f"{p}: cannot read a 電脳麻将 rule object: {why}") from e
    if isinstance(data, dict) and isinstance(data.get("rule"), dict):
        extra = sorted(set(data) - _WRAPPER_KEYS)
        if extra:
            raise RulesetError(f"{p}: unknown key(s) beside 'rule': {', '.join(extra)}")
        name = f"majiang[{data['config']}]" if "config" in data else f"majiang[{p.stem}]"
        rule = data["rule"]
    else:
        name, rule = f"majiang[{p.stem}]", data
    try:
        return ruleset_from_majiang(rule, name=name)
    except RulesetError as e:
        raise RulesetError(f"{p}: {e}") from e
