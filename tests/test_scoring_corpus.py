"""Every 4-player Tenhou AGARI in the corpus, valued from the tag itself, must match the tag.

The record is the referee: yaku (with han), fu, han, points, limit, and the score
deltas (``sc``) recomputed by ``paifu.scoring.payments`` from our valuation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from conftest import corpus_dir
from lxml import etree

from paifu.formats import tenhou_meld
from paifu.rules import tenhou_go_type
from paifu.scoring.payments import liable_seat, ron_deltas, tsumo_deltas
from paifu.scoring.valuation import LIMIT_NAMES, Valuation, WinContext, value_win
from paifu.yaku import TENHOU_YAKU_IDS, Yaku

#: Tenhou yaku ids that are situations the tag tells us, not shapes we can see
FLAG_IDS = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
}


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


@dataclass
class Agari:
    file: str
    index: int
    attrs: dict[str, str]
    go_type: int
    lobby: int
    oya: int
    round: int
    first: bool  # the first AGARI after its INIT (double ron: takes honba and sticks)
    #: the tag's own "before" scores follow from its INIT (ten minus riichi sticks paid)
    consistent: bool


def iter_agari(path: Path) -> Iterator[Agari]:
    parser = etree.XMLParser(recover=True)
    root = etree.parse(str(path), parser).getroot()
    go_type, lobby, oya, rnd, n, first = 0, 0, 0, 0, 0, True
    scores: list[int] = []
    for el in root.iter():
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag == "GO":
            go_type = int(el.get("type", "0"))
            lobby = int(el.get("lobby", "0") or 0)
        elif tag == "INIT":
            oya = int(el.get("oya", "0"))
            rnd = _ints(el.get("seed"))[0]
            scores = _ints(el.get("ten"))
            first = True
        elif tag == "REACH" and el.get("step") == "2" and scores:
            scores[int(el.get("who", "0"))] -= 10
        elif tag == "AGARI":
            sc = _ints(el.get("sc"))
            yield Agari(
                str(path), n, dict(el.attrib), go_type, lobby, oya, rnd, first, sc[0:8:2] == scores[:4]
            )
            scores = [b + d for b, d in zip(sc[0:8:2], sc[1:8:2], strict=True)]
            n += 1
            first = False


def corpus_files() -> list[Path]:
    root = corpus_dir("tenhou_xml")
    return sorted(p for p in root.rglob("*") if p.is_file())


def context_of(a: Agari) -> WinContext:
    at = a.attrs
    who, from_who = int(at["who"]), int(at["fromWho"])
    rules = tenhou_go_type(a.go_type, a.lobby)
    ids = _ints(at.get("yaku"))[0::2] + _ints(at.get("yakuman"))
    flags = {FLAG_IDS[i]: True for i in ids if i in FLAG_IDS}
    if flags.pop("double_riichi", False):
        flags["double_riichi"] = True
    # AGARI m lists the melds newest first; WinContext wants call order (pao needs it)
    melds = tuple(tenhou_meld.decode_meld(m, who) for m in reversed(_ints(at.get("m"))))
    return WinContext(
        rules=rules,
        concealed=tuple(_ints(at["hai"])),
        melds=melds,
        win_tile=int(at["machi"]),
        tsumo=who == from_who,
        seat_wind=(who - a.oya) % 4,
        round_wind=a.round // 4,
        is_dealer=who == a.oya,
        dora_indicators=tuple(_ints(at.get("doraHai"))),
        ura_indicators=tuple(_ints(at.get("doraHaiUra"))),
        **flags,
    )


def claimed_yaku(at: dict[str, str]) -> set[tuple[str, int]]:
    y = _ints(at.get("yaku"))
    out = {(TENHOU_YAKU_IDS[i].value, h) for i, h in zip(y[0::2], y[1::2], strict=True) if h}
    out |= {(TENHOU_YAKU_IDS[i].value, 13) for i in _ints(at.get("yakuman"))}
    return out


def our_yaku(v: Valuation) -> set[tuple[str, int]]:
    return {(n, h) for n, h in v.yaku if h}


def expected_deltas(a: Agari, v: Valuation) -> list[int]:
    at = a.attrs
    who, from_who = int(at["who"]), int(at["fromWho"])
    honba, sticks = _ints(at["ba"])
    ctx = context_of(a)
    pao = int(at["paoWho"]) if "paoWho" in at else None
    if who == from_who:
        return tsumo_deltas(who, a.oya, v, honba=honba, sticks=sticks, rules=ctx.rules, pao_seat=pao)
    return ron_deltas(
        who, from_who, v, honba=honba, sticks=sticks, rules=ctx.rules, take_bonus=a.first, pao_seat=pao
    )


def check(a: Agari) -> list[str]:
    """Differences between the tag and our computation (empty when all agree)."""
    at = a.attrs
    v = value_win(context_of(a))
    if not v.ok:
        return [f"not ok: {v.error}"]
    fu, points, limit = _ints(at["ten"])[:3]
    out = []
    want = claimed_yaku(at)
    if our_yaku(v) != want:
        out.append(f"yaku {sorted(our_yaku(v))} != {sorted(want)}")
    if "yaku" in at:
        han = sum(_ints(at["yaku"])[1::2])
        if v.han != han:
            out.append(f"han {v.han} != {han}")
        if v.fu != fu:
            out.append(f"fu {v.fu} != {fu} {v.fu_breakdown}")
    if v.points != points:
        out.append(f"points {v.points} != {points}")
    if v.limit != LIMIT_NAMES[limit]:
        out.append(f"limit {v.limit!r} != {LIMIT_NAMES[limit]!r}")
    sc = _ints(at["sc"])
    deltas = [d * 100 for d in sc[1:8:2]]
    mine = expected_deltas(a, v)
    if mine != deltas:
        out.append(f"deltas {mine} != {deltas}")
    pao = liable_seat(context_of(a).melds, int(at["who"]), context_of(a).rules, v)
    if "paoWho" in at and pao != int(at["paoWho"]):
        out.append(f"pao {pao} != {at['paoWho']}")
    return out


def all_agari() -> list[Agari]:
    return [a for p in corpus_files() for a in iter_agari(p) if not a.go_type & 0x10]


def test_every_tenhou_agari_matches_the_record() -> None:
    tags = [a for a in all_agari() if a.consistent]
    assert len(tags) > 600
    bad = [(Path(a.file).name, a.index, d) for a in tags if (d := check(a))]
    assert not bad, f"{len(bad)} of {len(tags)} AGARI differ, first: {bad[:5]}"


def test_inconsistent_excerpts_are_rare() -> None:
    """An AGARI whose "before" scores do not follow from its INIT was spliced from another
    hand (its dealer and round are unknown), so it cannot be valued from the tag; only the
    one-hand excerpt ``hanchan_with_noname.xml`` is like that."""
    spliced = [Path(a.file).name for a in all_agari() if not a.consistent]
    assert len(spliced) <= 1, spliced


def test_corpus_has_the_rare_cases() -> None:
    """The corpus run above is only meaningful if it saw pao, yakuman and double ron."""
    tags = all_agari()
    assert any("paoWho" in a.attrs for a in tags)
    assert any(len(_ints(a.attrs.get("yakuman"))) >= 2 for a in tags)
    assert any(not a.first for a in tags)
    assert any(Yaku.URA_DORA.value in {n for n, _ in claimed_yaku(a.attrs)} for a in tags)
