"""The statistics stats sites such as amae-koromo show, each against a count made another way: the
42 phoenix games of 2017-01-01 00:00-00:59 (``tenhou_xml/custom_tenhou_client``) counted a second
time straight from their XML tags, with no replay: hands and melds followed tile by tile, waits and
shanten by the ``mahjong`` package, and each definition of ``docs/statistics.md`` applied to them.
Then hand-built games for what the day does not hold, and the convention switch."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path
from urllib.parse import unquote

import pytest
from lxml import etree
from mahjong.shanten import Shanten

from paifu.analysis.counters import PlayerCounters
from paifu.analysis.examples import example_game
from paifu.analysis.stats import rates
from tests.conftest import corpus_dir
from tests.test_player_stats import HOUR, PHOENIX

SHANTEN = Shanten()
RIICHI_IDS = {1, 21}
SANMA_GONE = set(range(1, 8))  # 2m..8m: not in a three-player set


def _meld(m: int) -> tuple[str, list[int], int | None]:
    """A Tenhou meld code: its kind, its tiles (ids) and the one called from a discard (None)."""
    if m & 0x4:  # chi
        t, called = divmod(m >> 10, 3)
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", tiles, tiles[called]
    if m & 0x8:  # pon
        t, called = divmod(m >> 9, 3)
        unused = (m >> 5) & 3
        tiles = [t * 4 + i for i in range(4) if i != unused]
        return "pon", tiles, tiles[called]
    if m & 0x10:  # added kan: one tile from the hand
        t = (m >> 9) // 3
        return "kakan", [t * 4 + ((m >> 5) & 3)], None
    if m & 0x20:  # kita
        return "kita", [m >> 8], None
    hai = m >> 8
    tiles = [hai // 4 * 4 + i for i in range(4)]
    return ("ankan", tiles, None) if m & 3 == 0 else ("daiminkan", tiles, hai)


def _waits(counts: list[int], sanma: bool) -> list[int]:
    """Kinds a 13-tile closed hand wins on (never a fifth copy, never a kind missing from the set)."""
    out = []
    for k in range(34):
        if counts[k] >= 4 or (sanma and k in SANMA_GONE):
            continue
        counts[k] += 1
        if SHANTEN.calculate_shanten(counts) == -1:
            out.append(k)
        counts[k] -= 1
    return out


def _xml_counts(files: list[Path]) -> dict[str, Counter]:
    """Per player name, every new statistic's numerator and denominator, from the tags alone."""
    out: dict[str, Counter] = defaultdict(Counter)
    for f in files:
        root = etree.fromstring(f.read_bytes())
        sanma = bool(int(root.find("GO").get("type")) & 0x10)
        n = 3 if sanma else 4
        un = root.find("UN")
        names = [unquote(un.get(f"n{i}")) for i in range(n)]
        for s in range(n):
            for o in range(n):
                if o != s and names[o] != "NoName":
                    out[names[s]][f"opp:{names[o]}"] += 1
        for el in root:
            tag = el.tag
            if tag == "INIT":
                oya = int(el.get("oya"))
                hands = [[0] * 34 for _ in range(n)]
                for s in range(n):
                    for t in (int(x) for x in el.get(f"hai{s}").split(",")):
                        hands[s][t // 4] += 1
                seen = [0] * 34  # every discard, every meld's tiles from a hand, every indicator
                seen[int(el.get("seed").split(",")[5]) // 4] += 1
                rivers: list[set[int]] = [set() for _ in range(n)]
                table_discards, opened, reached, accepted = 0, set(), [], set()
                declaring: set[int] = set()
                delta = [0] * n
                dealer_drawn = False
                dealt_in: dict[int, int] = defaultdict(int)
                paid: dict[int, int] = defaultdict(int)
                recv: dict[int, int] = defaultdict(int)
                for s in range(n):
                    out[names[s]]["hands"] += 1
                continue
            if tag[0] in "TUVW" and tag[1:].isdigit():
                s, t = "TUVW".index(tag[0]), int(tag[1:])
                if s == oya and not dealer_drawn:
                    dealer_drawn = True
                    out[names[s]]["dealer14_n"] += 1
                    out[names[s]]["dealer14"] += SHANTEN.calculate_shanten(
                        [c + (k == t // 4) for k, c in enumerate(hands[s])]
                    )
                hands[s][t // 4] += 1
            elif tag[0] in "DEFG" and tag[1:].isdigit():
                s, t = "DEFG".index(tag[0]), int(tag[1:])
                hands[s][t // 4] -= 1
                rivers[s].add(t // 4)
                seen[t // 4] += 1
                if s in declaring:  # the declaration's discard: what its hand waits on
                    declaring.discard(s)
                    name = names[s]
                    waits = _waits(hands[s], sanma)
                    visible = [hands[s][k] + seen[k] for k in range(34)]
                    out[name]["riichi_turn_table"] += Fraction(table_discards, n) + 1
                    out[name]["noted"] += 1
                    out[name]["furiten"] += any(k in rivers[s] for k in waits)
                    out[name]["multi"] += len(waits) >= 2
                    out[name]["good"] += sum(4 - visible[k] for k in waits) >= 6
                table_discards += 1
            elif tag == "N":
                who = int(el.get("who"))
                kind, tiles, called = _meld(int(el.get("m")))
                for t in tiles:
                    if t != called:
                        hands[who][t // 4] -= 1
                        seen[t // 4] += 1
                if kind in ("chi", "pon", "daiminkan"):
                    opened.add(who)
            elif tag == "DORA":
                seen[int(el.get("hai")) // 4] += 1
            elif tag == "REACH":
                who = int(el.get("who"))
                if el.get("step") == "1":
                    reached.append(who)
                    declaring.add(who)
                else:
                    accepted.add(who)
                    delta[who] -= 1000
            elif tag == "AGARI":
                who, frm = int(el.get("who")), int(el.get("fromWho"))
                fu, points, limit = (int(x) for x in el.get("ten").split(","))
                sc = [int(x) for x in el.get("sc").split(",")]
                for s in range(n):
                    delta[s] += sc[2 * s + 1] * 100
                received = sc[2 * who + 1] * 100 - (1000 if who in reached else 0)
                yaku = [int(x) for x in (el.get("yaku") or "").split(",") if x]
                riichi_win = bool(set(yaku[::2]) & RIICHI_IDS)
                name = names[who]
                recv[who] += received
                out[name]["win_received"] += received
                out[name]["win_turn_table"] += Fraction(table_discards, n) + 1
                out[name]["biggest_win"] = max(out[name]["biggest_win"], points)
                if not el.get("yakuman"):
                    out[name]["max_han"] = max(out[name]["max_han"], sum(yaku[1::2]))
                if who in reached:
                    out[name]["riichi_income"] += points
                    out[name]["riichi_income_received"] += received
                    assert riichi_win
                if frm == who:
                    for s in range(n):
                        if s == who:
                            continue
                        out[names[s]]["tsumo_hit"] += 1
                        if s == oya and limit >= 1:
                            out[names[s]]["bombed"] += 1
                            out[names[s]]["bomb_value"] += points
                        if s == oya and received >= 8000:
                            out[names[s]]["bombed_received"] += 1
                else:
                    dealt_in[frm] += points
                    paid[frm] += -sc[2 * frm + 1] * 100
                    out[names[frm]]["deal_in_winners"] += 1
                    key = "to_riichi" if who in reached else "to_open" if who in opened else "to_dama"
                    out[names[frm]][key] += 1
            elif tag == "RYUUKYOKU":
                kind = el.get("type")
                sc = [int(x) for x in el.get("sc").split(",")]
                for s in range(n):
                    delta[s] += sc[2 * s + 1] * 100
                if kind in (None, "nm"):
                    for s in range(n):
                        out[names[s]]["draws"] += 1
                        out[names[s]]["called_draws"] += s in opened
                        out[names[s]]["nagashi"] += kind == "nm" and sc[2 * s + 1] > 0
            if tag in ("AGARI", "RYUUKYOKU") and (el.getnext() is None or el.getnext().tag != "AGARI"):
                for s in range(n):  # the hand is over (a double ron is two AGARI tags)
                    name = names[s]
                    out[name]["hand_delta"] += delta[s]
                    if s in dealt_in:
                        out[name]["deal_in_paid"] += paid[s]
                        out[name]["biggest_deal_in"] = max(out[name]["biggest_deal_in"], dealt_in[s])
                    if s in reached:
                        at = reached.index(s)
                        out[name]["chased"] += at < len(reached) - 1
                        if s in dealt_in:
                            out[name]["immediate"] += s not in accepted
                            out[name]["riichi_expense"] += dealt_in[s] + 1000 * (s in accepted)
                            out[name]["riichi_expense_paid"] += paid[s] + 1000 * (s in accepted)
                    out[name]["net_paid"] += recv[s] - paid[s]
    return out


def _got(c: PlayerCounters) -> Counter:
    """The same numbers from a player's counters."""
    got = Counter(
        {
            "hands": c.hands,
            "draws": c.draws,
            "called_draws": c.called_draws,
            "nagashi": c.nagashi,
            "chased": c.riichi_chased,
            "immediate": c.riichi_immediate_deal_ins,
            "noted": c.riichi_noted,
            "furiten": c.riichi_furiten,
            "multi": c.riichi_multi_wait,
            "good": c.riichi_good_wait,
            "riichi_income": c.riichi_income.exact_total,
            "riichi_income_received": c.riichi_income_received.exact_total,
            "riichi_expense": c.riichi_expense.exact_total,
            "riichi_expense_paid": c.riichi_expense_paid.exact_total,
            "deal_in_winners": c.deal_in_winners,
            "to_riichi": c.deal_ins_to_riichi,
            "to_open": c.deal_ins_to_open,
            "to_dama": c.deal_ins_to_dama,
            "hand_delta": c.hand_delta.exact_total,
            "max_han": c.max_han.value,
            "tsumo_hit": c.tsumo_hit,
            "bombed": c.dealer_bombed,
            "bomb_value": c.dealer_bomb_value.exact_total,
            "bombed_received": c.dealer_bombed_received,
            "win_received": c.win_received.exact_total,
            "net_paid": c.hand_net_paid.exact_total,
            "deal_in_paid": c.deal_in_paid.exact_total,
            "win_turn_table": c.win_table_turn.exact_total,
            "riichi_turn_table": c.riichi_table_turn.exact_total,
            "dealer14": c.start_shanten_dealer14.exact_total,
            "dealer14_n": c.start_shanten_dealer14.n,
            "biggest_win": c.biggest_win.value or 0,
            "biggest_deal_in": c.biggest_deal_in.value or 0,
            **{f"opp:{o}": k for o, k in c.opponents.items()},
        }
    )
    return +got  # zeros dropped, as the XML count has none


@pytest.fixture(scope="module")
def hour() -> tuple[list[Path], object]:
    from paifu.analysis.report import build_report
    from paifu.pipeline import replay_paths

    files = sorted(p for p in corpus_dir(*PHOENIX).iterdir() if p.name.startswith(HOUR))
    assert len(files) == 42
    return files, build_report(replay_paths([str(f) for f in files]))


def test_every_new_statistic_against_the_xml(hour) -> None:  # noqa: ANN001
    files, report = hour
    expected = _xml_counts(files)
    by_name: dict[str, PlayerCounters] = {}
    for (_, name), c in report.counters.items():
        by_name[name] = by_name[name] + c if name in by_name else c
    assert set(by_name) == set(expected) - {"NoName"}
    checked = Counter()
    for name, c in by_name.items():
        want = +expected[name]
        assert _got(c) == want, name
        checked.update(k for k in want if not k.startswith("opp:"))
    # the day's first hour has every kind of event these count, each more than once
    for key in ("chased", "immediate", "furiten", "multi", "good", "to_riichi", "to_open", "to_dama",
                "bombed", "bombed_received", "called_draws", "riichi_expense"):  # fmt: skip
        assert checked[key] >= 2, key


def test_rates_divide_by_the_stated_denominators(hour) -> None:  # noqa: ANN001
    _, report = hour
    for (key, _), c in report.counters.items():
        r = rates(c, key.players)
        assert r["draw_rate"].denominator == c.hands and r["called_draw_rate"].denominator == c.called
        assert r["riichi_chased_rate"].denominator == c.riichi
        assert r["riichi_furiten_rate"].denominator == c.riichi_noted == c.riichi
        assert r["dealer_bomb_rate"].denominator == c.tsumo_hit
        assert r["deal_in_to_riichi_share"].denominator == c.deal_in_winners
        later = r["riichi_dealt_in_later"]
        assert later.numerator == c.riichi_dealt_in - c.riichi_immediate_deal_ins
        assert r["hand_balance"].denominator == c.hands
        amae = rates(c, key.players, "amae-koromo")
        assert amae["avg_win_value"].value == c.win_received.mean
        assert amae["avg_win_turn"].value == c.win_table_turn.mean
        assert amae["avg_start_shanten_dealer"].value == c.start_shanten_dealer14.mean
        assert r["avg_win_value"].value == c.win_value.mean and r["avg_win_turn"].value == c.win_turn.mean


def test_hand_built_game_counted_by_hand() -> None:
    """``example_game``: E1 C riichi (accepted: C's stick paid) deals 3,900 into B's open hand; E2 an
    exhaustive draw, D had called; E3 A tsumo mangan 2,000/4,000 with D dealer."""
    from paifu.analysis.frames import outcome
    from paifu.analysis.stats import count_game

    g = example_game()
    g.hands[0].riichi_accepted = (False, False, True, False)
    g.hands[0].riichi_order = (2,)
    oc = outcome(g)
    a, b, c, d = count_game(g, oc.placements, oc.points, label="ex")
    assert (c.riichi_expense.total, c.riichi_expense_paid.total) == (3900 + 1000, 3900 + 1000)
    assert (c.deal_in_winners, c.deal_ins_to_open, c.deal_ins_to_riichi) == (1, 1, 0)
    assert (d.draws, d.called_draws, a.draws, a.called_draws) == (1, 1, 1, 0)
    assert (d.tsumo_hit, d.dealer_bombed, d.dealer_bomb_value.total, b.tsumo_hit) == (1, 1, 8000, 1)
    assert d.dealer_bombed_received == 1 and a.tsumo_hit == 0  # A won: no hit
    assert (a.biggest_win.value, a.biggest_win.hand, c.biggest_deal_in.value) == (8000, "E3-0", 3900)
    assert a.max_han.value == 4 and b.max_han.value == 2
    assert [x.hand_delta.total for x in (a, b, c, d)] == [9500, 4400, -8400, -5500]
    assert a.opponents == Counter({"B": 1, "C": 1, "D": 1})
    g.hands[0].riichi_accepted = (False, False, False, False)  # ronned on the declaration's own discard
    c = count_game(g, oc.placements, oc.points)[2]
    assert c.riichi_immediate_deal_ins == 1 and c.riichi_expense.total == 3900  # no stick paid
    assert rates(c)["riichi_dealt_in_later"].value == 0.0
    from paifu.events import RyuukyokuKind

    h2 = g.hands[1]  # E2 as B's (the dealer's) nagashi mangan instead: 4,000 from each
    h2.ryuukyoku, h2.deltas, h2.tenpai = RyuukyokuKind.NAGASHI_MANGAN, (-4000, 12000, -4000, -4000), None
    counted = count_game(g, oc.placements, oc.points)
    assert [x.nagashi for x in counted] == [0, 1, 0, 0] and [x.draws for x in counted] == [1] * 4


def test_the_convention_is_named_after_the_site_and_checked() -> None:
    from paifu.analysis.stats import CONVENTIONS, stats_frame

    assert set(CONVENTIONS) == {"paifu", "amae-koromo"}
    with pytest.raises(ValueError, match="amae-koromo"):
        rates(PlayerCounters(), 4, "nodocchi")
    from paifu.analysis.frames import outcome
    from paifu.analysis.stats import combine, count_game

    g = example_game()
    oc = outcome(g)
    counters = combine(dict(zip(g.players, count_game(g, oc.placements, oc.points), strict=True)))
    ours, amae = stats_frame(counters), stats_frame(counters, convention="amae-koromo")
    b = ours["player"] == "B"
    # B's ron: 3,900 the hand's value, 4,900 received with C's stick... less no stick of B's own
    assert (
        float(ours.loc[b, "avg_win_value"].iloc[0]) == 3900
        and float(amae.loc[b, "avg_win_value"].iloc[0]) == 4900
    )
