"""Every draw kind, call kind and yaku has a word in each format's tables, or is listed here as one the
format cannot say, with the reason.

Adding a ``RyuukyokuKind``, ``CallKind`` or ``Yaku`` used to fail only when a writer met it; this test
fails at once, naming the format and the member, until its word is added to that format's ``names.py``
(or the member is listed below with what the format's own definition says).
"""

from __future__ import annotations

import pytest

from paifu.events import CallKind, Meld, RyuukyokuKind
from paifu.formats import WRITABLE as FORMATS  # the formats paifu writes
from paifu.formats.majiang.names import _PINGJU_WRITE, CALL_KEYS, HUPAI_NAME
from paifu.formats.mjai.names import CALL_TYPES
from paifu.formats.riichi_city import names as riichi_city
from paifu.formats.tenhou_json.names import _DRAW_WRITE, CALL_LETTERS, YAKU_JA
from paifu.formats.tenhou_meld import MeldCodeError, decode_meld, encode_meld
from paifu.formats.tenhou_xml.names import _RYUU_TYPE, _YAKU_NAME_TO_ID
from paifu.yaku import Yaku

_KITA_AS_DORA = "Tenhou XML counts pulled Norths among the dora (id 52): it has no id of their own"
_NORTH_NO_VALUE = (
    "Tenhou's three-player table pulls every North (抜きドラ): a North kept is no value tile there"
)
_NAGASHI_A_DRAW = "nagashi mangan is a draw in this format (its own draw word), never a yaku"
_MORTAL_NO_YAKU = "Mortal's hora states no yaku (written as the warned loss 'claimed yaku, fu, han, points and limit names')"
_MORTAL_NO_REASON = "Mortal's ryukyoku names no reason (written as the warned loss 'the kind of a draw')"
_MAJIANG_4P = "電脳麻将 plays four-player only: no North is pulled or kept as a value tile"

Member = RyuukyokuKind | CallKind | Yaku


def _k(member: Member) -> tuple[str, str]:
    """A member by kind and value: the three are str enums, so ``CallKind.KITA == Yaku.KITA``."""
    return type(member).__name__, member.value


#: (format, member) -> why the format has no word for it
_LISTED: list[tuple[str, Member, str]] = [
    ("tenhou-xml", Yaku.KITA, _KITA_AS_DORA),
    ("tenhou-xml", Yaku.KITA_YAKUHAI, _NORTH_NO_VALUE),
    ("tenhou-xml", Yaku.NAGASHI_MANGAN, _NAGASHI_A_DRAW + " (RYUUKYOKU type nm)"),
    ("majiang", Yaku.NAGASHI_MANGAN, _NAGASHI_A_DRAW + " (pingju 流し満貫)"),
    ("majiang", Yaku.RENHOU, "majiang-core's lib/hule.js has no 人和"),
    ("majiang", Yaku.KITA, _MAJIANG_4P),
    ("majiang", Yaku.KITA_YAKUHAI, _MAJIANG_4P),
    ("majiang", CallKind.KITA, _MAJIANG_4P),
    *(("mjai", y, _MORTAL_NO_YAKU) for y in Yaku),
    *(("mjai", k, _MORTAL_NO_REASON) for k in RyuukyokuKind if k is not RyuukyokuKind.EXHAUSTIVE),
]
NOT_EXPRESSIBLE = {(fmt, _k(m)): reason for fmt, m, reason in _LISTED}


def _xml_calls() -> set[CallKind]:
    """The call kinds Tenhou XML's meld code says: each sample encodes and decodes as its own kind."""
    samples = {
        CallKind.CHI: Meld(CallKind.CHI, (0, 4, 8), 0, 3),
        CallKind.PON: Meld(CallKind.PON, (0, 1, 2), 0, 2),
        CallKind.DAIMINKAN: Meld(CallKind.DAIMINKAN, (0, 1, 2, 3), 0, 1),
        CallKind.KAKAN: Meld(CallKind.KAKAN, (0, 1, 2, 3), 0, 2),
        CallKind.ANKAN: Meld(CallKind.ANKAN, (0, 1, 2, 3)),
        CallKind.KITA: Meld(CallKind.KITA, (120,)),
    }
    out = set()
    for kind, meld in samples.items():
        try:
            if decode_meld(encode_meld(meld, 0), 0).kind is kind:
                out.add(kind)
        except MeldCodeError:
            pass
    return out


def _spelt(fmt: str) -> set[tuple[str, str]]:
    """Every member the format's writer has a word for."""
    return {_k(m) for m in _words(fmt)}


def _words(fmt: str) -> list[Member]:  # a list: a set would take CallKind.KITA for Yaku.KITA
    if fmt == "tenhou-xml":
        return [*_RYUU_TYPE, *_xml_calls(), *(Yaku(name) for name in _YAKU_NAME_TO_ID)]
    if fmt == "tenhou-json":
        return [*_DRAW_WRITE, *CALL_LETTERS, *YAKU_JA]
    if fmt == "majiang":
        return [*_PINGJU_WRITE, *CALL_KEYS, *(Yaku(name) for name in HUPAI_NAME)]
    if fmt == "riichi-city":  # read only: the words its reader knows (fan ids, actions, end types)
        winds = [y for y in Yaku if y.value.startswith(("jikaze", "bakaze"))]  # fans 10 and 11
        fans = [Yaku(v) for v in riichi_city.FANS.values() if v is not None and v not in ("bakaze", "jikaze")]
        draws = [RyuukyokuKind.EXHAUSTIVE, RyuukyokuKind.NAGASHI_MANGAN, *riichi_city.ABORTIVE.values()]
        return [*draws, *CallKind, *fans, *winds]  # every call: chi, pon, the three kans, kita
    assert fmt == "mjai"
    return [RyuukyokuKind.EXHAUSTIVE, *CALL_TYPES]  # ``ryukyoku`` without a reason: the wall ran out


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_draw_call_and_yaku_has_a_word_or_a_reason(fmt: str) -> None:
    spelt = _spelt(fmt)
    missing, stale = [], []
    for member in (*RyuukyokuKind, *CallKind, *Yaku):
        listed = (fmt, _k(member)) in NOT_EXPRESSIBLE
        if _k(member) not in spelt and not listed:
            missing.append(f"{type(member).__name__}.{member.name}")
        elif _k(member) in spelt and listed:
            stale.append(f"{type(member).__name__}.{member.name}")
    assert not missing, f"{fmt} has no word for {missing}: add it to its names.py or list it with the reason"
    assert not stale, f"{fmt} now has a word for {stale}: take them off NOT_EXPRESSIBLE"


def test_every_listed_member_has_a_reason() -> None:
    assert all(reason.strip() for reason in NOT_EXPRESSIBLE.values())
    assert {fmt for fmt, _ in NOT_EXPRESSIBLE} <= set(FORMATS)


def test_a_forgotten_word_is_caught() -> None:
    """The check itself: a table missing one member is reported (the test can fail)."""
    spelt = _spelt("tenhou-json") - {_k(RyuukyokuKind.FOUR_KANS)}
    missing = [
        m for m in RyuukyokuKind if _k(m) not in spelt and ("tenhou-json", _k(m)) not in NOT_EXPRESSIBLE
    ]
    assert missing == [RyuukyokuKind.FOUR_KANS]
