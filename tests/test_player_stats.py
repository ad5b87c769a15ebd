"""The player statistics, each against a count made another way.

Hand-built games (``paifu.analysis.examples``) are counted by hand in the comments; the Tenhou phoenix
games of 2017-01-01 00:00-00:59 (``tenhou_xml/custom_tenhou_client``, 42 named files) are counted
a second time straight from their XML tags (REACH, AGARI, INIT, owari), with no replay.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import unquote

import pytest
from lxml import etree

from paifu.analysis.examples import example_game
from paifu.analysis.frames import outcome
from paifu.analysis.stats import (
    COUNT_COLUMNS,
    PlayerCounters,
    combine,
    count_game,
    rates,
    stats_frame,
    yaku_frame,
)
from tests.conftest import corpus_dir

PHOENIX = ("tenhou_xml", "custom_tenhou_client", "tenhou", "gui", "resources", "replays")
HOUR = "2017010100gm-"


def _counters(game):  # noqa: ANN001, ANN202
    oc = outcome(game)
    return dict(zip(game.players, count_game(game, oc.placements, oc.points), strict=True))


def _tiles(text: str) -> tuple[int, ...]:
    """Tile ids (first copy) of an MPSZ text such as ``123m456p789s1112z``."""
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
            continue
        base = "mpsz".index(ch) * 9
        out += [(base + int(d) - 1) * 4 for d in digits]
        digits = ""
    return tuple(out)


def test_hand_built_game_counted_by_hand() -> None:
    g = example_game()
    h1, h2, h3 = g.hands
    h1.riichi_order = (2,)
    h1.deal = (_tiles("123m456p789s1112z"), _tiles("19m19p19s1234567z"), (), ())  # tenpai; 13 orphans 0
    c = _counters(g)
    a, b, cc, d = c["A"], c["B"], c["C"], c["D"]
    # E1: C riichi on its 7th discard (riichi_turn counts the 6 before), deals 3,900 into B: -4,900 incl. stick
    assert (cc.riichi_first, cc.riichi_chase, cc.riichi_balance.total, cc.riichi_turn.total) == (
        1,
        0,
        -4900,
        7,
    )
    assert (cc.deal_ins_riichi, cc.deal_ins_open, cc.deal_ins_closed) == (1, 0, 0)
    # B called (pon) and won in E1; D called in E2 and neither won nor dealt in
    assert (b.called, b.called_wins, d.called, d.called_wins, d.called_deal_ins) == (1, 1, 1, 0, 0)
    # E3: A tsumo 2,000/4,000, D deals: D pays 4,000 as dealer, B and C 2,000 as non-dealers
    assert (d.tsumo_hit_dealer, d.tsumo_loss_dealer.total, d.tsumo_hit_nondealer) == (1, 4000, 0)
    assert (b.tsumo_hit_nondealer, b.tsumo_loss_nondealer.total, cc.tsumo_loss_nondealer.total) == (
        1,
        2000,
        2000,
    )
    # dealers: E1 A, E2 B, E3 D (hands as dealer), no repeats
    assert [x.dealer_hands for x in (a, b, cc, d)] == [1, 1, 0, 1] and a.dealer_run.value == 0
    # starting shanten, only E1 has deals: A dealer tenpai (0), B non-dealer thirteen orphans tenpai (0)
    assert (a.start_shanten_dealer.n, a.start_shanten_dealer.total, b.start_shanten_nondealer.total) == (
        1,
        0,
        0,
    )
    # win efficiency = value won - value dealt in, per hand: A 8,000 / 3, B 3,900 / 3, C -3,900 / 3
    r = {name: rates(x) for name, x in c.items()}
    assert r["A"]["win_efficiency"].value == pytest.approx(8000 / 3)
    assert r["C"]["win_efficiency"].value == pytest.approx(-3900 / 3)
    for name in "ABCD":
        income, cost = r[name]["win_income"].value, r[name]["deal_in_cost"].value
        assert income is not None and cost is not None
        assert income - cost == pytest.approx(r[name]["win_efficiency"].value)
    assert r["B"]["win_income"].value == pytest.approx(
        r["B"]["avg_win_value"].value * r["B"]["win_rate"].value
    )
    assert r["C"]["deal_in_riichi_share"].value == 1.0 and r["A"]["deal_in_rate"].value == 0.0
    assert r["A"]["ippatsu_rate"].value is None  # A never won after riichi: NA, not 0
    assert all(x.busts == 0 for x in c.values()) and r["C"]["bust_rate"].value == 0.0


def test_dealer_run_and_bust_and_limits() -> None:
    g = example_game()
    h1, h2, h3 = g.hands
    # E1 dealt by A, then E1-1 and E1-2 repeats by A: a run of 2 repeats; E3 by D
    h2.round_wind, h2.hand_number, h2.dealer, h2.honba = 0, 0, 0, 1
    h3.round_wind, h3.hand_number, h3.dealer, h3.honba = 0, 0, 0, 2
    w = h3.wins[0]
    h3.wins = [
        dataclasses.replace(w, limit="yakuman", yaku=(("kokushi", 13),)),
    ]
    g.final_scores = (54500, 29400, -3400, 19500)
    c = _counters(g)
    assert c["A"].dealer_run.value == 2 and c["D"].dealer_run.value == 0
    assert (c["A"].yakuman, c["A"].kazoe_yakuman) == (1, 0)
    assert c["C"].busts == 1 and c["A"].busts == 0
    h3.wins = [dataclasses.replace(w, limit="yakuman", yaku=(("riichi", 1), ("chinitsu", 6), ("dora", 6)))]
    assert _counters(g)["A"].kazoe_yakuman == 1


def test_new_counters_merge_exactly_in_any_grouping() -> None:
    games = [_counters(example_game(f"g{i}")) for i in range(5)]
    games[1]["A"].dealer_run = games[1]["A"].dealer_run + type(games[1]["A"].dealer_run)(3)
    left = combine(combine(games[0], games[1]), combine(games[2], games[3], games[4]))
    right = combine(games[0], combine(games[1], games[2]), games[3], games[4])
    assert left == right
    assert left["A"].dealer_run.value == 3 and left["A"].hand_net.n == 15


def test_stats_frame_types_by_name() -> None:
    df = stats_frame(combine(_counters(example_game())))
    for col in COUNT_COLUMNS:
        assert df[col].dtype == "Int64", col
    for col in (
        "bust_rate",
        "win_efficiency_low",
        "ippatsu_rate",
        "avg_start_shanten_dealer",
        "riichi_balance",
    ):
        assert df[col].dtype == "Float64", col
    assert set(df.columns) >= {f"{k}{s}" for k in rates(PlayerCounters()) for s in ("", "_low", "_high")}
    empty = stats_frame({})
    assert len(empty) == 0 and empty["games"].dtype == "Int64" and list(empty.columns) == list(df.columns)
    y = yaku_frame(combine(_counters(example_game())))
    assert set(y["yaku"][y["player"] == "A"]) == {"menzen-tsumo", "pinfu", "tanyao", "aka-dora"}
    assert y["wins_with"].dtype == "Int64" and (y["share"] <= 1).all()


# ---------------------------------------------------------------------- the XML, counted again
RIICHI_IDS, IPPATSU_ID, URA_ID = {1, 21}, 2, 53


def _opens(m: int) -> bool:
    """A Tenhou meld code that opens the hand: chi, pon, added kan, open kan (not a closed kan or kita)."""
    if m & 0x4 or m & 0x18:
        return True
    return not m & 0x20 and m & 0x3 != 0


def _xml_counts(files: list[Path]) -> dict[str, Counter[str]]:
    """Per player, straight from the tags: riichi declarations (REACH step 1), which came first in
    their hand and on which discard (D/E/F/G tags before it), the riichi hands' score changes (sc,
    less the stick of a REACH step 2), deal-ins after riichi, ippatsu and ura among riichi wins, tsumo
    payments as dealer and non-dealer, hands with a call that opens (N tags) and their wins and deal-ins, busts (owari below zero), yakuman (AGARI yakuman), the longest
    dealer run (INIT seeds)."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for f in files:
        root = etree.fromstring(f.read_bytes())
        un = root.find("UN")
        n = 3 if int(root.find("GO").get("type")) & 0x10 else 4
        names = [unquote(un.get(f"n{i}")) for i in range(n)]
        runs: dict[str, int] = dict.fromkeys(names, 0)
        accepted: set[int] = set()
        opened: set[int] = set()
        reached: list[int] = []
        discards = [0] * n
        oya, key, run = 0, None, 0
        for el in root:
            if el.tag[0] in "DEFG" and el.tag[1:].isdigit():
                discards["DEFG".index(el.tag[0])] += 1
            if el.tag in ("AGARI", "RYUUKYOKU"):  # score changes without the stick (paid before sc)
                sc = [int(x) for x in el.get("sc").split(",")]
                for s in reached:
                    out[names[s]]["riichi_balance"] += sc[2 * s + 1] * 100 - 1000 * (s in accepted)
            if el.tag == "N" and _opens(int(el.get("m"))) and int(el.get("who")) not in opened:
                opened.add(int(el.get("who")))
                out[names[int(el.get("who"))]]["called"] += 1
            if el.tag == "REACH" and el.get("step") == "2":
                accepted.add(int(el.get("who")))
            if el.tag == "INIT":
                seed = el.get("seed").split(",")
                oya, reached, accepted, discards, opened = int(el.get("oya")), [], set(), [0] * n, set()
                run = run + 1 if seed[0] == key else 0
                key = seed[0]
                runs[names[oya]] = max(runs[names[oya]], run)
            elif el.tag == "REACH" and el.get("step") == "1":
                who = int(el.get("who"))
                out[names[who]]["riichi"] += 1
                out[names[who]]["first" if not reached else "chase"] += 1
                out[names[who]]["riichi_turn"] += discards[who] + 1
                reached.append(who)
            elif el.tag == "AGARI":
                who, frm = int(el.get("who")), int(el.get("fromWho"))
                sc = [int(x) for x in el.get("sc").split(",")]
                ids = [int(x) for x in el.get("yaku", "").split(",")[::2] if x]
                hans = [int(x) for x in el.get("yaku", "").split(",")[1::2] if x]
                yaku = {i for i, h in zip(ids, hans, strict=True) if h > 0}
                if yaku & RIICHI_IDS:
                    out[names[who]]["riichi_wins"] += 1
                    out[names[who]]["ippatsu"] += IPPATSU_ID in yaku
                    out[names[who]]["ura"] += URA_ID in yaku
                if el.get("yakuman"):
                    out[names[who]]["yakuman"] += 1
                if frm != who and frm in reached:
                    out[names[frm]]["riichi_deal_ins"] += 1
                elif frm != who and frm in opened:
                    out[names[frm]]["open_deal_ins"] += 1
                out[names[who]]["called_wins"] += who in opened
                if frm == who:
                    for s in range(n):
                        if s != who and sc[2 * s + 1] < 0:
                            as_ = "dealer" if s == oya else "nondealer"
                            out[names[s]][f"tsumo_hit_{as_}"] += 1
                            out[names[s]][f"tsumo_loss_{as_}"] -= sc[2 * s + 1] * 100
            if el.get("owari"):
                scores = el.get("owari").split(",")[::2]
                for s in range(n):
                    out[names[s]]["busts"] += int(scores[s]) < 0
        for name, longest in runs.items():
            out[name]["dealer_run"] = max(out[name]["dealer_run"], longest)
    return out


def test_phoenix_hour_against_its_xml() -> None:
    """Every counter the XML states directly, player by player, on the 42 games of the first hour."""
    from paifu.analysis.report import build_report
    from paifu.pipeline import replay_paths

    files = sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name.startswith(HOUR))
    assert len(files) == 42
    report = build_report(replay_paths([str(f) for f in files]))
    expected = _xml_counts(files)
    assert set(expected) == set(report.players())
    # the XML is counted per name: each name's tables summed here (a report never pools sizes)
    by_name: dict[str, PlayerCounters] = {}
    for (_, name), c in report.counters.items():
        by_name[name] = by_name[name] + c if name in by_name else c
    got: dict[str, Counter[str]] = {}
    for name, c in by_name.items():
        got[name] = Counter(
            {
                "riichi": c.riichi,
                "first": c.riichi_first,
                "chase": c.riichi_chase,
                "riichi_wins": c.riichi_won,
                "ippatsu": c.ippatsu_wins,
                "ura": c.ura_wins,
                "yakuman": c.yakuman,
                "riichi_deal_ins": c.deal_ins_riichi,
                "tsumo_hit_dealer": c.tsumo_hit_dealer,
                "tsumo_loss_dealer": int(c.tsumo_loss_dealer.total),
                "tsumo_hit_nondealer": c.tsumo_hit_nondealer,
                "tsumo_loss_nondealer": int(c.tsumo_loss_nondealer.total),
                "riichi_balance": int(c.riichi_balance.total),
                "riichi_turn": int(c.riichi_turn.total),
                "called": c.called,
                "called_wins": c.called_wins,
                "open_deal_ins": c.deal_ins_open,
                "busts": c.busts,
                "dealer_run": c.dealer_run.value,
            }
        )
        keys = set(got[name]) | set(expected[name])
        assert {k: got[name][k] for k in keys} == {k: expected[name][k] for k in keys}, name
    field = sum(got.values(), Counter())
    assert field["riichi"] > 100 and field["ippatsu"] > 5 and field["ura"] > 10 and field["busts"] > 0
    assert any(c["riichi_balance"] < 0 for c in got.values()) and field["tsumo_hit_nondealer"] > 50


def test_stable_dan_from_the_lobby_played() -> None:
    """A phoenix game (GO type 169) puts its placements under "houou"; 3/4/3/3 there keep 8 dan."""
    g = example_game()
    g.meta = (("tenhou_go_type", 169),)
    c = _counters(g)
    assert c["A"].lobby_placements == {"houou:1": 1} and c["D"].lobby_placements == {"houou:3": 1}
    d = PlayerCounters(lobby_placements=Counter({"houou:1": 3, "houou:2": 4, "houou:3": 3, "houou:4": 3}))
    d.lobby_placements["tokujou:1"] += 2  # fewer games there: the phoenix lobby decides
    assert rates(d)["stable_dan"].value == pytest.approx(8)
    frame = stats_frame({"d": d})
    assert frame.loc[0, "stable_dan_lobby"] == "houou" and frame["stable_dan"].dtype == "Float64"
    assert rates(c["A"])["stable_dan"].value is None  # never 4th: no finite stable dan
