"""Rank points: hand-computed tables, and every record's own claimed points."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import corpus_dir

from paifu.analysis.rank_points import (
    SCHEMES,
    Scheme,
    SchemeError,
    apply_leftover_sticks,
    fit_uma,
    format_points,
    get_scheme,
    load_scheme,
    placements,
    rank_points,
    scheme_for_rules,
)
from paifu.rules import preset, tenhou_go_type
from paifu.rules.ruleset import Ruleset
from paifu.rules.tenhou import tenhou_date

TENHOU_SPLIT = SCHEMES["tenhou"].replace(ties="split")


# ---------------------------------------------------------------------- worked examples
def test_ron2_worked_example() -> None:
    pts = rank_points([50600, 37300, 32100], "ron2-sanma")
    assert pts == (206, -27, -179)
    assert [format_points(p, "ron2-sanma") for p in pts] == ["+206", "-27", "-179"]


def test_tenhou_formula_top_takes_rest() -> None:
    # 2nd..4th: (score - 30,000)/1,000 + uma; the top gets minus their sum (= +20 uma + 20 oka here)
    assert rank_points([42300, 26800, 18900, 12000], "tenhou") == (52.3, 6.8, -21.1, -38.0)


def test_qdan_settlement_and_ranking_formulas() -> None:
    scores = [40000, 30000, 20000, 10000]
    assert rank_points(scores, "qdan") == (45, 5, -15, -35)
    assert rank_points(scores, "qdan-ranking") == (30, 10, -10, -30)


def test_mleague_and_majiang() -> None:
    assert rank_points([48100, 31200, 15900, 4800], "mleague") == (68.1, 11.2, -24.1, -55.2)
    assert rank_points([21500, 14300, 25700, 38500], SCHEMES["majiang"].replace(uma=(15, 5, -5, -15))) == (
        -13.5,
        -30.7,
        0.7,
        43.5,
    )


def test_sanma_scheme() -> None:
    # 3-player: 35,000 start, 40,000 return, oka 15 to the top, uma +20/0/-20
    assert rank_points([50000, 35000, 20000], "tenhou-sanma") == (45, -5, -40)


# ---------------------------------------------------------------------- ties
#: two players level on 30,000, first dealer seat 0 (Tenhou's 25k/30k, uma 20/10, oka 20)
#:   seat policy: seat 0 is nearer the first dealer -> 1st (0+20+20=40), seat 1 2nd (0+10=10)
#:   split policy: both share (20+10)/2 uma and half the oka each -> 0+15+10 = 25
TIE_TABLE = [
    # scheme, first_dealer, placements, points
    ("tenhou", 0, (1, 2, 3, 4), (40.0, 10.0, -15.0, -35.0)),
    ("tenhou", 1, (2, 1, 3, 4), (10.0, 40.0, -15.0, -35.0)),
    ("split", 0, (1, 1, 3, 4), (25.0, 25.0, -15.0, -35.0)),
    ("split", 3, (1, 1, 3, 4), (25.0, 25.0, -15.0, -35.0)),
]


@pytest.mark.parametrize(("scheme", "dealer", "places", "points"), TIE_TABLE)
def test_tie_for_top(scheme: str, dealer: int, places: tuple[int, ...], points: tuple[float, ...]) -> None:
    s = TENHOU_SPLIT if scheme == "split" else get_scheme(scheme)
    scores = [30000, 30000, 25000, 15000]
    assert placements(scores, dealer, s.ties) == places
    assert rank_points(scores, s, dealer) == points


def test_tie_in_the_middle_mleague() -> None:
    scores = [40000, 25000, 25000, 10000]
    # split: seats 1, 2 share (10 + -10)/2 = 0 uma -> -5 each
    assert placements(scores, 0, "split") == (1, 2, 2, 4)
    assert rank_points(scores, "mleague") == (60, -5, -5, -50)
    # seat: seat 1 (nearer the first dealer) is 2nd with +10, seat 2 3rd with -10
    assert rank_points(scores, SCHEMES["mleague"].replace(ties="seat")) == (60, 5, -15, -50)
    # first dealer seat 2: seat 2 is now nearer than seat 1
    assert rank_points(scores, SCHEMES["mleague"].replace(ties="seat"), first_dealer=2) == (60, -15, 5, -50)


def test_split_uma_but_oka_to_one() -> None:
    s = SCHEMES["mleague"].replace(oka_ties="seat")
    # uma (30+10)/2 = 20 each; the oka 20 goes to seat 0 only
    assert rank_points([30000, 30000, 25000, 15000], s) == (40, 20, -15, -45)


def test_all_level() -> None:
    assert placements([25000] * 4, 0, "split") == (1, 1, 1, 1)
    assert rank_points([25000] * 4, TENHOU_SPLIT) == (0.0, 0.0, 0.0, 0.0)
    assert placements([25000] * 4, 2, "seat") == (3, 4, 1, 2)


# ---------------------------------------------------------------------- leftover sticks
LEFTOVER_TABLE = [
    # scores, sticks, policy, first dealer, ties, owners, final
    ((30000, 30000, 25000, 13000), 2, "top", 0, "seat", None, (32000, 30000, 25000, 13000)),
    ((30000, 30000, 25000, 13000), 2, "top", 1, "seat", None, (30000, 32000, 25000, 13000)),
    ((30000, 30000, 25000, 13000), 2, "top", 0, "split", None, (31000, 31000, 25000, 13000)),
    ((30000, 30000, 25000, 13000), 3, "top", 1, "split", None, (31500, 31500, 25000, 13000)),
    ((33000, 33000, 33000, 0), 1, "top", 2, "split", None, (33300, 33300, 33400, 0)),
    ((30000, 30000, 25000, 13000), 2, "lost", 0, "seat", None, (30000, 30000, 25000, 13000)),
    ((30000, 30000, 25000, 13000), 2, "kept", 0, "seat", (0, 0, 1, 1), (30000, 30000, 26000, 14000)),
]


@pytest.mark.parametrize(("scores", "sticks", "policy", "dealer", "ties", "owners", "final"), LEFTOVER_TABLE)
def test_leftover_sticks(scores, sticks, policy, dealer, ties, owners, final) -> None:  # noqa: ANN001
    assert apply_leftover_sticks(scores, sticks, policy, dealer, ties, owners) == final


def test_lost_sticks_and_the_top() -> None:
    scores = (30000, 30000, 25000, 13000)  # two sticks lost: the scores sum to 98,000
    # Tenhou's top takes minus the others' sum, so the lost 2,000 show up in the top's points
    assert rank_points(scores, "tenhou") == (42.0, 10.0, -15.0, -37.0)
    # a direct formula (Qdan) leaves the table 2 short
    assert rank_points(scores, "qdan") == (35.0, 5.0, -10.0, -32.0)


def test_kept_needs_owners() -> None:
    with pytest.raises(SchemeError):
        apply_leftover_sticks((30000, 30000, 25000, 13000), 2, "kept")


# ---------------------------------------------------------------------- rounding and options
def test_whole_number_rounding_rounds_the_score() -> None:
    scores = [45500, 25500, 19500, 9500]
    assert rank_points(scores, "tenhou") == (55.5, 5.5, -20.5, -40.5)
    # 25,500 -> 26,000; 19,500 -> 20,000; 9,500 -> 10,000 (half away from zero)
    assert rank_points(scores, "tenhou-integer") == (54, 6, -20, -40)
    # a negative score rounds away from zero too: -5,500 -> -6,000
    assert rank_points([71000, 34500, -5500], SCHEMES["tenhou-sanma"].replace(rounding="half-away")) == (
        71,
        -5,
        -66,
    )
    assert format_points(-20.0, "tenhou-integer") == "-20"
    assert format_points(5.5, "tenhou") == "+5.5"


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("half-up", -4), ("half-even", -4), ("half-away", -5), ("half-down", -4), ("floor", -5), ("ceil", -4)],
)
def test_rounding_modes_on_the_result(mode: str, expected: int) -> None:
    s = Scheme(return_points=None, start_points=25000, uma=(0, 0, 0, 0), rounding=mode, round_stage="result")
    assert rank_points([20500, 29500, 25000, 25000], s)[0] == expected


def test_uma_by_players_below_return() -> None:
    s = SCHEMES["tenhou"].replace(
        uma_sinking=((1, (12, -1, -3, -8)), (3, (8, 3, 1, -12))), top_takes_rest=False, oka="none"
    )
    # one player below 30,000: the sinking table for 1
    assert rank_points([40000, 35000, 32000, -7000], s) == (22, 4, -1, -45)
    # two below: the plain uma
    assert rank_points([40000, 35000, 20000, 5000], s) == (30, 15, -20, -45)
    # three below
    assert rank_points([60000, 20000, 15000, 5000], s) == (38, -7, -14, -37)


def test_scheme_validation() -> None:
    with pytest.raises(SchemeError):
        Scheme(uma=(1, 2, 3))
    with pytest.raises(SchemeError):
        Scheme(ties="random")
    with pytest.raises(SchemeError):
        rank_points([1, 2, 3], "tenhou")
    with pytest.raises(SchemeError):
        get_scheme("no-such-scheme")


# ---------------------------------------------------------------------- TOML
def test_scheme_from_toml(tmp_path: Path) -> None:
    p = tmp_path / "club.toml"
    p.write_text(
        'base = "tenhou"\numa = [30, 10, -10, -30]\nties = "split"\nrounding = "half-away"\n'
        "[uma_sinking]\n1 = [12, -1, -3, -8]\n",
        encoding="utf-8",
    )
    s = load_scheme(p)
    assert s.name == "club" and s.uma == (30, 10, -10, -30) and s.ties == "split"
    assert s.top_takes_rest and s.uma_sinking == ((1, (12, -1, -3, -8)),)
    assert get_scheme(str(p)) == s
    assert Scheme.from_toml(s.to_toml()) == s
    bad = tmp_path / "bad.toml"
    bad.write_text("umaa = [1]\n", encoding="utf-8")
    with pytest.raises(SchemeError, match="umaa"):
        load_scheme(bad)


# ---------------------------------------------------------------------- rules -> scheme
def test_scheme_for_rules() -> None:
    assert scheme_for_rules(preset("tenhou")) == SCHEMES["tenhou"]
    assert scheme_for_rules(tenhou_go_type(169)).name == "tenhou"
    sanma = scheme_for_rules(tenhou_go_type(185))
    assert sanma.name == "tenhou-sanma" and sanma.uma == (20, 0, -20) and sanma.top_takes_rest
    assert scheme_for_rules(preset("ron2-sanma")).unit == 100
    assert scheme_for_rules(preset("qdan")) == SCHEMES["qdan"]
    # a user's uma wins over the named scheme's
    assert scheme_for_rules(preset("tenhou").replace(uma=(30, 10, -10, -30))).uma == (30, 10, -10, -30)
    integer = scheme_for_rules(preset("tenhou").replace(rank_rounding="integer", rank_ties="split"))
    assert integer.rounding == "half-away" and integer.round_stage == "score" and integer.ties == "split"
    # no return points: the score difference from the start, no oka
    dora = scheme_for_rules(preset("dora"))
    assert rank_points([40000, 30000, 20000, 10000], dora) == (15, 5, -5, -15)
    custom = scheme_for_rules(
        Ruleset(name="club", start_points=30000, return_points=30000, uma=(15, 5, -5, -15))
    )
    assert rank_points([40000, 30000, 30000, 20000], custom) == (25, 5, -5, -25)


def test_rank_point_facts_live_on_the_preset() -> None:
    """Every named scheme a preset names is that preset's fields (nothing to reconcile), and every
    such fact a preset sets carries its source, which ``paifu rules NAME --sources`` prints."""
    import io

    from paifu.cli import main
    from paifu.rules.presets import PRESETS, SOURCES

    facts = ("start_points", "return_points", "uma", "uma_sinking", "rank_ties", "leftover_sticks")
    facts += ("rank_top_takes_rest", "rank_unit", "rank_decimals", "rank_rounding", "rank_rounding_mode")
    named = {r.rank_scheme: r for r in PRESETS.values() if r.rank_scheme}
    assert {"tenhou", "tenhou-sanma", "qdan", "ron2-sanma", "mahjongsoul", "jpml", "mleague"} <= set(named)
    for name, rules in named.items():
        assert SCHEMES[name] == scheme_for_rules(rules), name
        changed = rules.replace(
            uma=tuple(u + 1 for u in rules.uma[:-1]) + (rules.uma[-1] - len(rules.uma) + 1,)
        )
        assert scheme_for_rules(changed).uma != SCHEMES[name].uma  # a changed preset is its own scheme
    for key in ("uma_sinking", "rank_top_takes_rest"):
        assert SOURCES["jpml"][key].startswith("[JPML]")
    assert SOURCES["ron2-sanma"]["rank_unit"].startswith("002")
    out = io.StringIO()
    assert main(["rules", "jpml", "--sources"], out) == 0
    text = out.getvalue()
    for key in facts:
        line = next(x for x in text.splitlines() if x.startswith(f"{key} = "))
        assert "  # " in line and line.split("  # ", 1)[1], line
    assert "uma_sinking = [[1, [8, 3, 1, -12]]" in text
    # the TOML the sources print loads back to the same settlement
    body = "\n".join(x.split("  # ")[0] for x in text.splitlines())
    assert scheme_for_rules(Ruleset.from_toml(body)).replace(name="jpml", description="") == SCHEMES[
        "jpml"
    ].replace(description="")


def test_fit_uma_finds_a_lobby_uma() -> None:
    scores = [36000, 32000, 25000, 7000]
    claimed = rank_points(scores, SCHEMES["tenhou-integer"].replace(uma=(10, 5, -5, -10)))
    fit = fit_uma(scores, claimed, "tenhou-integer")
    assert fit is not None and fit.scheme.uma == (10, 5, -5, -10) and fit.changed == ("uma",)
    assert fit_uma(scores, rank_points(scores, "tenhou-integer"), "tenhou-integer").changed == ()
    assert fit_uma(scores, (1, 2, 3, 4), "tenhou") is None


# ---------------------------------------------------------------------- the corpus: Tenhou owari
def _tenhou_owari_games() -> list[dict]:
    from lxml import etree

    root_dir = corpus_dir("tenhou_xml")
    games = []
    for path in sorted(p for p in root_dir.rglob("*") if p.is_file()):
        root = etree.parse(str(path), etree.XMLParser(recover=True)).getroot()
        owari = None
        for el in root.iter("AGARI", "RYUUKYOKU"):
            owari = el.get("owari") or owari
        if owari is None:  # not a complete game
            continue
        go = root.find("GO")
        go_type = int(go.get("type")) if go is not None else 0
        lobby = int(go.get("lobby") or 0) if go is not None else 0
        csrule = go.get("csrule") if go is not None else None
        n = 3 if go_type & 0x10 else 4
        head = path.name + "".join(c.text or "" for c in root.itersiblings(preceding=True))
        seed_form = "per-hand" if any(el.get("shuffle") for el in root.iter("INIT")) else None
        taikyoku = root.find("TAIKYOKU")
        dealer = int(taikyoku.get("oya", 0)) if taikyoku is not None else 0
        values = owari.split(",")[: 2 * n]  # chip lobbies append chips after
        texts = values[1::2]
        games.append(
            {
                "path": path.relative_to(root_dir).as_posix(),
                "go_type": go_type,
                "lobby": lobby,
                "csrule": csrule,
                "scores": [int(v) * 100 for v in values[0::2]],
                "points": [float(t) for t in texts],
                # a lobby that writes whole numbers (-108, or 48.0 everywhere) rounds
                "integer": all(Decimal(t) == Decimal(t).to_integral_value() for t in texts),
                "first_dealer": dealer,
                "date": tenhou_date(head, seed_form),  # the table's rules on that date
            }
        )
    return games


def test_tenhou_owari_points_reproduced() -> None:
    """Every complete Tenhou game's owari points, from the raw XML, under its lobby's scheme."""
    games = _tenhou_owari_games()
    assert len(games) >= 70
    wrong = []
    for g in games:
        rules = tenhou_go_type(g["go_type"], g["lobby"] or None, g["csrule"], g["date"])
        if g["integer"]:
            rules = rules.replace(rank_rounding="integer")
        scheme = scheme_for_rules(rules)
        if rules.start_points <= 0:  # a special lobby: its start is what its players hold
            scheme = scheme.replace(start_points=sum(g["scores"]) // len(g["scores"]))
        got = rank_points(g["scores"], scheme, g["first_dealer"])
        if any(abs(a - b) > 1e-9 for a, b in zip(got, g["points"], strict=True)):
            wrong.append((g["path"], g["go_type"], g["scores"], g["points"], got))
    assert not wrong, wrong
    # lobbies beyond the default are really exercised (phoenix east-only, chips, ratio, custom rule)
    assert {161, 553, 2113, 257} <= {g["go_type"] for g in games}


def test_validate_checks_claimed_rank_points_and_catches_a_changed_one() -> None:
    from paifu.events import GameEnd
    from paifu.formats import read_path
    from paifu.pipeline import replay_record

    checked = 0
    for path in sorted(p for p in corpus_dir("tenhou_xml").rglob("*") if p.is_file()):
        for rec in read_path(path):
            res = replay_record(rec, check_wall=False)
            assert "rank-points-mismatch" not in {f.code for f in res.findings}, path
            checked += res.rank_points_checked
            end = rec.events[-1]
            if not res.rank_points_checked or not isinstance(end, GameEnd) or res.findings:
                continue
            bad = list(end.rank_points)
            bad[1] += 1.0
            rec.events[-1] = dataclasses.replace(end, rank_points=tuple(bad))
            found = [f for f in replay_record(rec, check_wall=False).findings]
            assert [(f.code, f.event_index) for f in found] == [("rank-points-mismatch", len(rec.events) - 1)]
            assert found[0].actual == tuple(bad)[: len(res.players)]
    assert checked >= 70


# ---------------------------------------------------------------------- the corpus: 電脳麻将
def _majiang_games() -> list[tuple[Scheme, dict]]:
    out = []
    script = corpus_dir("majiang_paipu") / "majiang-core" / "test" / "data" / "script.json"
    for game in json.loads(script.read_text(encoding="utf-8")):
        out.append((SCHEMES["majiang"], game))
    selfplay = corpus_dir("majiang_selfplay")
    for rule_file in sorted((selfplay / "rules").glob("*.json")):
        rule = json.loads(rule_file.read_text(encoding="utf-8"))
        config, r = rule["config"], rule["rule"]
        scheme = SCHEMES["majiang"].replace(
            start_points=int(r.get("配給原点", 25000)), uma=tuple(float(x) for x in r["順位点"])
        )
        for f in sorted((selfplay / config).glob("*.json")):
            out.append((scheme, json.loads(f.read_text(encoding="utf-8"))))
    return out


def test_majiang_points_reproduced() -> None:
    games = _majiang_games()
    assert len(games) >= 400
    bad = []
    for scheme, game in games:
        texts = [str(p) for p in game["point"]]
        if all(Decimal(t) == Decimal(t).to_integral_value() for t in texts):
            scheme = scheme.replace(rounding=SCHEMES["majiang-integer"].rounding)
        got = rank_points(game["defen"], scheme, game["qijia"])
        places = placements(game["defen"], game["qijia"], scheme.ties)
        if [float(t) for t in texts] != list(got) or list(places) != game["rank"]:
            bad.append((game.get("title"), game["defen"], texts, got))
    assert not bad, bad[:5]


def _csrule(*groups: tuple[int, int, int]) -> str:
    return ",".join(
        [
            "0FE0BF0B",
            "0000001F",
            "",
            "",
            "30000",
            "30000",
            "30000",
            *[""] * 14,
            *(str(u) for g in groups for u in g),
        ]
    )


def test_csrule_lobby_scheme_and_when_it_is_unknown() -> None:
    same = tenhou_go_type(257, 1, _csrule(*[(5, -5, -15)] * 5))
    assert (same.start_points, same.return_points, same.uma, same.rank_ties) == (
        30000,
        30000,
        (15, 5, -5, -15),
        "split",
    )
    assert same.rank_scheme_known
    # groups that differ: the uma by how many sink (group k for k players below the return points)
    by_sinkers = tenhou_go_type(257, 1, _csrule((5, -5, -15), (10, -10, -20), *[(5, -5, -15)] * 3))
    assert by_sinkers.rank_scheme_known and dict(by_sinkers.uma_sinking)[1] == (20, 10, -10, -20)
    # a group left partly empty: no reading of it is proven
    assert not tenhou_go_type(257, 1, _csrule((5, -5, -15)).replace(",5,-5,-15", ",5,,-15")).rank_scheme_known
    assert preset("mahjongsoul-sanma").rank_scheme_known  # its published rules (tests/test_table_settings.py)


def test_an_unknown_scheme_is_not_checked_but_a_known_one_is() -> None:
    """Each custom-rule lobby game: a changed point is caught, under uma groups by sinkers too; under
    a group its lobby leaves partly empty it is not checked."""
    from paifu.formats import read_path

    paths = [p for p in corpus_dir("tenhou_xml").rglob("*") if p.is_file() and b"csrule=" in p.read_bytes()]
    assert len(paths) >= 2
    for path in paths:
        _unknown_is_not_checked(read_path(path)[0])


def _with_csrule(rec, csrule: str):  # noqa: ANN001, ANN202
    meta = dict(rec.start.meta)
    meta["csrule"] = csrule
    rec.events[0] = dataclasses.replace(rec.start, meta=tuple(meta.items()))
    return rec


def _unknown_is_not_checked(rec) -> None:  # noqa: ANN001
    from paifu.pipeline import replay_record

    end = rec.events[-1]
    bad = dataclasses.replace(end, rank_points=tuple(x + 1 for x in end.rank_points))
    rec.events[-1] = bad
    res = replay_record(rec, check_wall=False)
    assert res.rank_points_checked and "rank-points-mismatch" in {f.code for f in res.findings}
    res = replay_record(
        _with_csrule(rec, _csrule((5, -5, -15), (10, -10, -20), *[(5, -5, -15)] * 3)), check_wall=False
    )
    assert res.rank_points_checked and "rank-points-mismatch" in {f.code for f in res.findings}
    res = replay_record(
        _with_csrule(rec, _csrule((5, -5, -15)).replace(",5,-5,-15", ",5,,-15")), check_wall=False
    )
    assert not res.rank_points_checked and "rank-points-mismatch" not in {f.code for f in res.findings}


def test_a_changed_majiang_rank_is_caught() -> None:
    """電脳麻将 states placements (`rank`) beside `point`: both are recomputed."""
    from paifu.formats import read_path
    from paifu.pipeline import replay_record

    script = corpus_dir("majiang_paipu") / "majiang-core" / "test" / "data" / "script.json"
    rec = read_path(script)[0]
    end = rec.events[-1]
    assert end.placements is not None and sorted(end.placements) == [1, 2, 3, 4]
    res = replay_record(rec, check_wall=False)
    assert res.rank_points_checked and not res.findings
    swapped = tuple(3 - p if p in (1, 2) else p for p in end.placements)  # first and second trade places
    rec.events[-1] = dataclasses.replace(end, placements=swapped)
    found = [f for f in replay_record(rec, check_wall=False).findings]
    assert [(f.code, f.event_index, f.actual) for f in found] == [
        ("rank-points-mismatch", len(rec.events) - 1, swapped)
    ]
    assert found[0].message.startswith("placements differ")


def test_rank_point_fields_refuse_bad_values() -> None:
    """The settlement's fields on a ruleset: a one-line RulesetError, never a traceback."""
    from paifu.rules import RulesetError

    jpml = preset("jpml")
    assert Ruleset.from_dict({"uma_sinking": [[1, [8, 3, 1, -12]]]}, jpml).uma_sinking == (
        (1, (8, 3, 1, -12)),
    )
    for bad in (
        {"uma_sinking": [[1, [1, 2]]]},
        {"uma_sinking": "x"},
        {"uma_sinking": [["a"]]},
        {"rank_unit": 0},
    ):
        with pytest.raises(RulesetError):
            Ruleset.from_dict(bad, jpml)
    with pytest.raises(RulesetError, match="rank_rounding_mode"):
        Ruleset.from_dict({"rank_rounding_mode": "nearest"})


def test_a_schemes_constants_are_its_own_and_kept_bounded() -> None:
    """``rank_points`` keeps each scheme's constants (uma as decimals, the unit) by the scheme
    object: schemes that differ in one value never share them, in whatever order they are asked,
    and a batch of many custom schemes keeps at most 256."""
    from paifu.rank_points import compute

    scores = [40000, 30000, 20000, 10000]
    base = SCHEMES["tenhou"]
    other = base.replace(uma=(30, 10, -10, -30))
    for _ in range(2):
        assert rank_points(scores, base) == (50.0, 10.0, -20.0, -40.0)
        assert rank_points(scores, other) == (60.0, 10.0, -20.0, -50.0)
    for i in range(300):
        s = base.replace(uma=(i, 0, 0, -i), oka="none", top_takes_rest=False)
        assert rank_points(scores, s)[0] == 10 + i
    assert len(compute._PREPARED) <= 256
