"""Tenhou tournament lobbies: the settings a lobby states in ``csrule`` become the game's rules.

The shared ARML lobby game (Tenhou's own JSON, lobby 18940) replays clean under its ``csrule`` with
its rank points checked, and a twin with one setting changed is flagged where that setting shows:
kiriage (E2 and S4), no agari-yame (S4), the uma by how many players sink, the red fives its table
type turns off. The corpus's two lobby records with a ``csrule`` (newattr2023.xml, chips_tonpusen.xml)
show tie splitting and the lobby's no-dealer-repeat rule the same way.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paifu.cli import main
from paifu.engine.results import GameResult
from paifu.events import GameRecord
from paifu.formats import read_path
from paifu.pipeline import replay_record
from paifu.rules import preset
from paifu.rules.tenhou import tenhou_go_type
from paifu.rules.tenhou_lobby import csrule_not_applied, lobby_notes
from tests.conftest import corpus_dir, platforms_dir

ARML = ("tenhou6_lobby", "InjusticeJudge", "example_arml_game.json")
NEWATTR = ("tenhou_xml", "tenhou", "log", "test_data", "newattr2023.xml")
CHIPS = ("tenhou_xml", "pantheon", "Mimir", "tests", "models", "testdata", "chips_tonpusen.xml")


def _arml(tmp_path: Path, change: Callable[[dict[str, Any]], None] | None = None) -> GameResult:
    """The ARML game replayed under its own rules, its JSON changed first by ``change``."""
    doc = json.loads(platforms_dir(*ARML).read_text(encoding="utf-8"))
    if change is not None:
        change(doc)
    path = tmp_path / "arml.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    (record,) = read_path(path)
    return replay_record(record)


def _clear_flags(bits: int) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["csrule"][0] = f"{int(doc['csrule'][0], 16) & ~bits:08X}"

    return change


def _found(result: GameResult) -> list[tuple[str, str]]:
    return [(str(f.code), f.hand) for f in result.findings]


def test_the_lobby_game_replays_clean_with_its_rank_points_checked(tmp_path: Path) -> None:
    r = _arml(tmp_path)
    assert not r.findings, [str(f) for f in r.findings]
    assert r.complete and len(r.hands) == 13
    assert r.rank_points_checked  # checked against the lobby's uma, not fitted to the record
    assert not [n for n in r.notes if "rank-scheme" in n]
    rules = r.rules
    assert (rules.start_points, rules.return_points, rules.kiriage, rules.last_dealer_stop) == (
        30000,
        30000,
        True,
        "none",  # 0x4000 and 0x8000: neither a win nor tenpai stops the all-last dealer
    )
    assert rules.rank_ties == "seat" and rules.double_wind_fu == 2 and len(rules.uma_sinking) == 5
    # the settings it states that no rule applies are named, never silently dropped
    assert any("renhou" in n for n in r.notes)


def test_the_lobby_game_through_the_command_line() -> None:
    out = io.StringIO()
    assert main(["validate", str(platforms_dir(*ARML))], out=out) == 0
    assert "rank points of 1 game checked" in out.getvalue()


def test_the_kiriage_bit_decides_two_wins(tmp_path: Path) -> None:
    """E2: 4 han 30 fu ron by a non-dealer paid 8,000; S4: the dealer's 4 han 30 fu tsumo 4,000 all."""
    found = _found(_arml(tmp_path, _clear_flags(0x2)))
    assert found == [
        ("points-mismatch", "E2-0"),
        ("score-delta-mismatch", "E2-0"),
        ("points-mismatch", "S4-0"),
        ("score-delta-mismatch", "S4-0"),
    ]


def test_the_agari_yame_bit_lets_the_top_dealer_play_on(tmp_path: Path) -> None:
    """S4: the dealer won and was top with 49,600, and S4-1 was played."""
    assert _found(_arml(tmp_path, _clear_flags(0x4000))) == [("game-end-mismatch", "S4-0")]


def test_the_uma_group_of_three_sinkers_is_the_one_checked(tmp_path: Path) -> None:
    """Three players end below 30,000: group 3 (0, -5, -15) gives the record's sc, and a change to
    that group, or one uma for every count of sinkers (group 0's), is a rank-point finding."""

    def group3(doc: dict[str, Any]) -> None:
        doc["csrule"][31] = "-4"

    def group0_everywhere(doc: dict[str, Any]) -> None:
        doc["csrule"][21:36] = doc["csrule"][21:24] * 5

    def group1(doc: dict[str, Any]) -> None:  # not the group that applies: no finding
        doc["csrule"][24:27] = ["10", "-10", "-30"]

    assert _found(_arml(tmp_path, group3)) == [("rank-points-mismatch", "")]
    assert _found(_arml(tmp_path, group0_everywhere)) == [("rank-points-mismatch", "")]
    r = _arml(tmp_path, group1)
    assert not r.findings and r.rank_points_checked


def _set(index: int, value: str) -> Callable[[dict[str, Any]], None]:
    """Field ``index`` set to ``value``; in a flag word (0, 1), ``value``'s hex bits set."""

    def change(doc: dict[str, Any]) -> None:
        cs = doc["csrule"]
        cs[index] = f"{int(cs[index] or '0', 16) | int(value, 16):08X}" if index < 2 else value

    return change


def _noten(doc: dict[str, Any]) -> None:
    doc["csrule"][16:19] = ["2000", "3000", "6000"]  # one total, 6,000


@pytest.mark.parametrize(
    ("change", "where"),
    [
        # no ippatsu: S4's riichi-ippatsu-tsumo-ura loses a han
        (_set(0, "80000"), {("han-mismatch", "S4-0")}),
        # no ura: S1-1 and S4 count 裏ドラ
        (_set(0, "40"), {("han-mismatch", "S1-1"), ("han-mismatch", "S4-0")}),
        # 200 per payer per honba: every win with honba on the table
        (_set(11, "200"), {("score-delta-mismatch", h) for h in ("E4-1", "S1-1", "S2-3", "S4-1")}),
        # noten payments 6,000 in all: the three draws with noten players
        (_noten, {("score-delta-mismatch", h) for h in ("E3-0", "S2-1", "S2-2")}),
        (_set(4, "25000"), {("hand-start-mismatch", "E1-0")}),  # the start
        (_set(5, "50000"), {("game-end-mismatch", "S4-1")}),  # the target: nobody reached it
        (_set(6, "31000"), {("rank-points-mismatch", "")}),  # the base: an oka of 4,000
    ],
)
def test_each_stated_setting_is_judged(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], where: set[tuple[str, str]]
) -> None:
    found = set(_found(_arml(tmp_path, change)))
    assert where <= found and {h for _, h in found} == {h for _, h in where}


def test_fives_written_51_53_are_plain_where_the_type_has_no_red(tmp_path: Path) -> None:
    """ARML's type 0x0b has the no-red bit: the 51/52/53 its hands hold are plain fives (S3, S4 and
    E4-1 win with them and count no 赤ドラ). The same game at type 0x09 counts them red."""
    r = _arml(tmp_path)
    assert r.rules.red_fives == (0, 0, 0) and not r.findings

    def red_table(doc: dict[str, Any]) -> None:
        doc["rule"][2] = "0009"
        doc["ref"] = doc["ref"].replace("-000b-", "-0009-")  # the log id names the type too

    red = _arml(tmp_path, red_table)
    assert red.rules.red_fives == (1, 1, 1)
    hands = {f.hand for f in red.findings if str(f.code) == "han-mismatch"}
    assert hands == {"E4-1", "S3-0", "S4-0"}


def _xml(parts: tuple[str, ...], csrule: str | None = None) -> GameRecord:
    (record,) = read_path(corpus_dir(*parts))
    if csrule is not None:
        meta = dict(record.start.meta)
        meta["csrule"] = csrule
        record.events[0] = dataclasses.replace(record.start, meta=tuple(meta.items()))
    return record


def test_tied_players_split_their_uma_where_the_lobby_says_so() -> None:
    """newattr2023.xml sets csrule[1] 0x02 and its two tied pairs each share their uma (+10.7 and
    -10.7); with the bit clear the tie is broken by seat and the record's points are flagged."""
    record = _xml(NEWATTR)
    r = replay_record(record, check_wall=False)
    assert not r.findings and r.rank_points_checked and r.rules.rank_ties == "split"
    fields = str(dict(record.start.meta)["csrule"]).split(",")
    fields[1] = f"{int(fields[1], 16) & ~0x2:08X}"
    r = replay_record(_xml(NEWATTR, ",".join(fields)), check_wall=False)
    assert r.rules.rank_ties == "seat"
    assert [str(f.code) for f in r.findings] == ["rank-points-mismatch"]


def test_a_lobby_without_dealer_repeats_says_so_in_its_csrule() -> None:
    """chips_tonpusen.xml's csrule 4007C004 sets 0x10000 and 0x20000: the deal passes after the
    dealer's tsumo in E2 and after the dealer's tenpai at E3's draw, as the record plays it."""
    record = _xml(CHIPS)
    r = replay_record(record, check_wall=False)
    assert not r.findings and r.rules.renchan == "never" and r.rank_points_checked
    fields = str(dict(record.start.meta)["csrule"]).split(",")
    fields[0] = f"{int(fields[0], 16) & ~0x30000:08X}"
    r = replay_record(_xml(CHIPS, ",".join(fields)), check_wall=False)
    assert {(str(f.code), f.hand) for f in r.findings} == {
        ("hand-start-mismatch", "E3-0"),
        ("hand-start-mismatch", "E4-1"),
    }


def _cs(flags: int = 0, flags2: int = 0, **fields: str) -> str:
    """A 40-field csrule: flag words, then fields by index (``f4="30000"``)."""
    out = [f"{flags:08X}", f"{flags2:08X}"] + [""] * 38
    for k, v in fields.items():
        out[int(k[1:])] = v
    return ",".join(out)


@pytest.mark.parametrize(
    ("bit", "rule", "value"),
    [
        (0x2, "kiriage", True),
        (0x4, "bust", False),
        (0x8, "open_kan_dora_timing", "immediate"),
        (0x20, "kan_dora", False),
        (0x40, "ura_dora", False),
        (0x80, "kan_ura", False),
        (0x100, "four_winds", False),
        (0x200, "four_kans", False),
        (0x400, "four_riichi", False),
        (0x800, "nine_terminals", False),
        (0x1000, "triple_ron_abort", False),
        (0x1000, "max_ron_winners", 3),
        (0x2000, "max_ron_winners", 1),
        (0x4000 | 0x8000, "last_dealer_stop", "none"),
        (0x8000, "last_dealer_stop", "win"),
        (0x10000 | 0x20000, "renchan", "never"),
        (0x20000, "renchan", "win"),
        (0x40000, "rank_rounding", "integer"),
        (0x80000, "ippatsu", False),
        (0x2000000, "riichi_min_wall", 1),
    ],
)
def test_each_flag_bit_sets_its_rule(bit: int, rule: str, value: object) -> None:
    plain = tenhou_go_type(0x09, 7, _cs(SUDDEN))
    ruled = tenhou_go_type(0x09, 7, _cs(SUDDEN | bit))
    assert getattr(ruled, rule) == value != getattr(plain, rule)
    assert getattr(plain, rule) == getattr(preset("tenhou"), rule)  # a clear bit: Tenhou's own table


SUDDEN = 0x200000


def test_the_second_flag_word_and_the_fields() -> None:
    ordinary = preset("tenhou")
    rules = tenhou_go_type(
        0x09, 7, _cs(0, 0x1 | 0x2 | 0x8 | 0x10, f4="25000", f5="32000", f6="30000", f11="200")
    )
    assert (rules.double_wind_fu, rules.rank_ties, rules.kazoe_yakuman) == (2, "split", False)
    assert "suukantsu" in rules.pao and rules.extension == "none"  # sudden death not set
    assert (rules.start_points, rules.extension_target, rules.last_dealer_stop_min, rules.return_points) == (
        25000,
        32000,
        32000,
        30000,
    )
    assert rules.honba_value == 600  # per person, from each of three
    assert tenhou_go_type(0x09, 7, _cs(f4="30000", f5="31000")).return_points == 31000  # [6] empty: [5]
    empty = tenhou_go_type(0x09, 7, _cs(SUDDEN, 0x4))
    for rule in ("start_points", "return_points", "honba_value", "noten_payment", "uma", "rank_ties"):
        assert getattr(empty, rule) == getattr(ordinary, rule), rule
    assert tenhou_go_type(0x09, 7, _cs(f16="2000", f17="3000", f18="6000")).noten_payment == 6000
    assert tenhou_go_type(0x09, 7, _cs(f16="2000")).noten_payment == 3000  # no single total: not applied
    assert any("noten" in n for n in csrule_not_applied(_cs(f16="2000"), 4))


def test_uma_by_sinkers_reads_five_groups() -> None:
    groups = ["5", "-5", "-15", "5", "0", "-20", "5", "-5", "-15", "0", "-5", "-15", "5", "-5", "-15"]
    text = ",".join([_cs().split(",")[i] for i in range(21)] + groups + [""] * 4)
    rules = tenhou_go_type(0x09, 7, text)
    assert rules.rank_scheme_known
    assert dict(rules.uma_sinking) == {
        0: (15, 5, -5, -15),
        1: (15, 5, 0, -20),
        2: (15, 5, -5, -15),
        3: (20, 0, -5, -15),
        4: (15, 5, -5, -15),
    }
    same = tenhou_go_type(0x09, 7, ",".join(text.split(",")[:21] + groups[:3] * 5 + [""] * 4))
    assert same.uma == (15, 5, -5, -15) and not same.uma_sinking
    partly = ",".join(text.split(",")[:21] + ["5", "", "-15"] + groups[3:] + [""] * 4)
    assert not tenhou_go_type(0x09, 7, partly).rank_scheme_known
    # a 3-player lobby's layout of the groups is unknown: its points are not checked, and it says so
    sanma = tenhou_go_type(0x19, 7, text)
    assert not sanma.rank_scheme_known
    assert any("3-player" in n for n in csrule_not_applied(text, 3))


def test_what_is_not_applied_is_named() -> None:
    notes = csrule_not_applied(
        _cs(0x1 | 0x10 | 0x100000 | 0x1000000 | 0x10000000 | 0x4000, 0x20, f7="50000"), 4
    )
    text = "\n".join(notes)
    for part in (
        "0x1:",
        "0x10:",
        "0x100000",
        "renhou",
        "0x10000000: meaning unknown",
        "tenpai only",
        "csrule[7]",
    ):
        assert part in text, part
    assert "csrule[1] bits 0x20" in text
    # every rule-bearing bit of ARML's and newattr2023's flag words is read or named
    assert not [n for n in csrule_not_applied(_cs(0x4120DF0F & ~0x1 & ~0x1000000, 0x5), 4)]


def test_a_lobby_game_whose_record_has_no_csrule_says_so(tmp_path: Path) -> None:
    """Tenhou XML before 2023 writes a lobby game's GO lobby but not its settings: the summary says
    the game is judged as the ordinary table of its type, and --rules supplies the lobby's own."""
    assert lobby_notes("1111", None, 4) and "--rules" in lobby_notes("1111", None, 4)[0]
    assert lobby_notes("0", None, 4) == () and lobby_notes(None, None, 4) == ()
    path = corpus_dir("tenhou_xml", "pantheon", "Mimir", "tests", "models", "testdata", "full_hanchan.xml")
    (record,) = read_path(path)
    r = replay_record(record, check_wall=False)
    assert not r.findings and any(n.startswith("[lobby-rules-unstated] lobby 1111") for n in r.notes)
    given = replay_record(record, preset("tenhou"), check_wall=False)
    assert not any("lobby-rules-unstated" in n for n in given.notes)
    out = io.StringIO()
    assert main(["validate", str(path)], out=out) == 0
    assert "lobby-rules-unstated" in out.getvalue()


def test_a_csrule_that_makes_no_sense_is_named_not_fatal() -> None:
    """Words, negative or outsized numbers and a short list: the ordinary table, with notes."""
    for text in ("zz,!!,,,-5,abc,\u00b2,,,,,-1", "", ",", "4120DF0F", "0,0,,,999999999999,30000"):
        rules = tenhou_go_type(0x09, 7, text or None)
        assert rules.start_points == 25000  # none of them states a start paifu can read
        assert rules.return_points == (30000 if text.endswith("30000") else preset("tenhou").return_points)
    notes = "\n".join(csrule_not_applied("zz,!!,,,-5,abc", 4))
    assert "not hex" in notes and "csrule[4] = '-5'" in notes and "csrule[5] = 'abc'" in notes
