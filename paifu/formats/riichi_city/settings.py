"""What a Riichi City record states of its room's rules: its settings read into the ruleset, the
local rules the engine lacks (each named in a note), and what a room leaves unstated."""

from __future__ import annotations

from typing import Any

#: the record's flags for local rules (``true`` when the room plays them), in its words, to what
#: they are; none is a rule the engine has yet, so each is named in a note when set
LOCAL_RULES = {
    "isShaoJi": "yakitori (a player without a win pays at the end: rank points only)",
    "isLuck": "luck points",
    "isGangPay": "kan payments (isGangPay)",
    "isNotShowHand": "hands not shown at a draw (isNotShowHand)",
}
#: the room's settings a record may state, in the API's words, to the rule each sets (its value's
#: truth, or its opposite where the name says "not"). The names are the fields of the game's own
#: settings objects (a tournament's ``matchInfo`` from ``lobbys/enterSelfBuild``, an official match's
#: ``rule``: Badtaro/RiichiCityTournamentBot ``requests/requests.js``, slqy123/riichicitymax's response
#: models), read in pinyin: 切上 kiriage, 一发 ippatsu, 里 ura, 杠 kan, 吃断 open tanyao, 累计役满
#: counted yakuman, 流局满贯 nagashi mangan, 开立直 open riichi, 割目 wareme. Only ``isKaiLiZhi`` and
#: ``isGeMu`` are in the shared records (a friend room's numbers show both: ``tests/test_riichi_city.py``);
#: each is read wherever the game's ``data`` holds it, in either case of its first letter.
STATED: dict[str, tuple[str, bool]] = {
    "isKaiLiZhi": ("open_riichi", True),
    "isGeMu": ("wareme", True),
    "isQieShang": ("kiriage", True),
    "isYiFa": ("ippatsu", True),
    "isLiDora": ("ura_dora", True),
    "isGangDora": ("kan_dora", True),
    "isGangLiDora": ("kan_ura", True),
    "isChiDuan": ("kuitan", True),
    "isAddUpYakuman": ("kazoe_yakuman", True),
    "isNotLuJvManGuan": ("nagashi_mangan", False),
}
#: the all-last stop: 最后和了结束 (a top last dealer's win ends the game), 最后听牌结束 (tenpai too)
STOP_ON_WIN, STOP_ON_TENPAI = "isLastHeEnd", "isLastTingEnd"
#: the room's 3-player tsumo setting, in either case of its first letter: a field of the API's room
#: rules (a friend match's ``rule``, an official match's), which the game records we know do not carry
THREE_TSUMO = ("threeZiMoType", "ThreeZiMoType")
#: ``gamePlay`` 1002 with three players: the organiser's settings, as the tournament records show them
TOURNAMENT_SANMA = "riichicity-sanma-tournament"
#: ``gamePlay`` of a tournament room: the organiser's settings, not all of them in the record
TOURNAMENT = 1002


def preset_for(doc: dict[str, Any], n: int) -> str:
    """The preset of a game with ``n`` seats (the seats the reader found, whatever ``playerCount``
    says or leaves out): a tournament room's three-player table has its own."""
    if n == 3:
        return TOURNAMENT_SANMA if doc.get("gamePlay") == TOURNAMENT else "riichicity-sanma"
    return "riichicity"


def _flag(doc: dict[str, Any], key: str) -> bool | None:
    """A setting ``key`` as the record states it (either case of its first letter), None if not."""
    for k in (key, key[0].upper() + key[1:]):
        if type(doc.get(k)) is bool:
            return bool(doc[k])
    return None


def stated(doc: dict[str, Any]) -> list[tuple[str, object]]:
    """The rules the record's settings state (``STATED`` and the all-last stop), as hint pairs."""
    out: list[tuple[str, object]] = []
    for key, (rule, truth) in STATED.items():
        said = _flag(doc, key)
        if said is not None:
            out.append((rule, said == truth))
    on_win, on_tenpai = _flag(doc, STOP_ON_WIN), _flag(doc, STOP_ON_TENPAI)
    if on_win is not None:
        out.append(("last_dealer_stop", ("win_or_tenpai" if on_tenpai else "win") if on_win else "none"))
    return out


def unchecked(doc: dict[str, Any], n: int) -> list[str]:
    """What the record of a game with ``n`` seats states of its rules that the replay does not
    check, each said in words."""
    out = [f"the room plays {word}: not checked" for key, word in LOCAL_RULES.items() if doc.get(key) is True]
    if doc.get("gamePlay") == TOURNAMENT:
        out.append(
            "a tournament room (gamePlay 1002): the organiser's settings the record does not state "
            "(kiriage, noten payments, the all-last stop, uma) are taken as "
            + f"{preset_for(doc, n)}'s"
            + "; give the room's own with --rules"
        )
    if _flag(doc, "isKaiLiZhi"):
        out.append(
            "open riichi: a ron by an open riichi on the discard of a seat not in riichi is a yakuman "
            "here (fan 54, open riichi deal-in), which the engine does not value: such a win is flagged"
        )
    three = next((doc[k] for k in THREE_TSUMO if k in doc), None)
    if three is not None:
        out.append(
            f"ThreeZiMoType {three!r} (the room's 3-player tsumo payment): what its values mean is not "
            "established, so it is not read; the payment is read from the record's tsumos (sanma_tsumo)"
        )
    if _flag(doc, STOP_ON_TENPAI) and _flag(doc, STOP_ON_WIN) is not True:
        out.append("isLastTingEnd without isLastHeEnd: a stop on tenpai alone is no rule the engine has")
    if doc.get("round") not in (1, 2, None):
        out.append(f"round {doc.get('round')!r} (1 is an east game, 2 a half game): the length is not known")
    for key in ("fangFu", "northOperateType"):
        if doc.get(key) not in (0, None):
            out.append(f"{key} {doc.get(key)!r}: a setting whose meaning is not established, not checked")
    return out
