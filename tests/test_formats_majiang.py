"""電脳麻将 paipu: every corpus game reads with the structure and seats it states, and the
writer's output reads back to the same events."""

from __future__ import annotations

import json
import warnings

import pytest
from conftest import corpus_dir
from test_formats_json import comparable

import paifu
from paifu import formats as F
from paifu.events import Discard, GameEnd, HandStart, RiichiAccepted, RiichiDeclared, Ryuukyoku, Win
from paifu.formats.base import RecordError
from paifu.formats.majiang import parse_meld, parse_shoupai


def _files():
    out = [corpus_dir("majiang_paipu") / "majiang-core" / "test" / "data" / "script.json"]
    out += sorted(p for p in corpus_dir("majiang_selfplay").rglob("*.json") if p.parent.name != "rules")
    return out


@pytest.mark.slow
def test_every_corpus_game_reads_with_its_structure_and_seats() -> None:
    games = 0
    for p in _files():
        doc = json.loads(p.read_text(encoding="utf-8"))
        docs = doc if isinstance(doc, list) else [doc]
        recs = F.read_path(p)
        assert len(recs) == len(docs)
        for g, rec in zip(docs, recs, strict=True):
            games += 1
            ev = rec.events
            assert rec.start.first_dealer == g["qijia"]
            starts = [e for e in ev if isinstance(e, HandStart)]
            assert len(starts) == len(g["log"])
            for hs, hand in zip(starts, g["log"], strict=True):
                q = hand[0]["qipai"]
                # l is relative to the hand's dealer: seat = (qijia + jushu + l) % 4
                assert hs.dealer == (g["qijia"] + q["jushu"]) % 4
                assert [hs.scores[(hs.dealer + l_) % 4] for l_ in range(4)] == q["defen"]
            kinds = [next(iter(x)) for hand in g["log"] for x in hand]
            assert sum(isinstance(e, Win) for e in ev) == kinds.count("hule")
            assert sum(isinstance(e, Ryuukyoku) for e in ev) == kinds.count("pingju")
            assert sum(isinstance(e, Discard) for e in ev) == kinds.count("dapai")
            stars = sum(x["dapai"]["p"].endswith("*") for hand in g["log"] for x in hand if "dapai" in x)
            assert sum(isinstance(e, RiichiDeclared) for e in ev) == stars
            assert sum(isinstance(e, RiichiAccepted) for e in ev) <= stars
            end = ev[-1]
            assert isinstance(end, GameEnd)
            assert end.final_scores == tuple(g["defen"])
            assert end.rank_points_text == tuple(g["point"])
    assert games >= 37


def test_fenpei_and_riichi_sticks_reproduce_next_hand_scores() -> None:
    """Start + deltas - 1,000 per accepted riichi = next start (formats.md 4.4), checked on events."""
    p = _files()[0]
    checked = agree = 0
    for rec in F.read_path(p):
        scores: list[int] | None = None
        for e in rec.events:
            if isinstance(e, HandStart):
                if scores is not None:
                    checked += 1
                    agree += list(e.scores) == scores
                scores = list(e.scores)
            elif isinstance(e, RiichiAccepted):
                assert scores is not None
                scores[e.seat] -= 1000
            elif isinstance(e, (Win, Ryuukyoku)):
                d = e.claimed.deltas if isinstance(e, Win) else e.deltas
                assert scores is not None and d is not None
                scores = [s + x for s, x in zip(scores, d, strict=True)]
    assert checked > 300 and agree >= 0.99 * checked


def test_round_trip_through_the_writer() -> None:
    for p in _files()[:1] + _files()[1::40]:
        for rec in F.read_path(p):
            back = F.read_bytes(paifu.write(rec, "majiang"), "x.json", "majiang")[0]
            assert comparable(back, abort_detail=True) == comparable(rec, abort_detail=True), p
            assert back.start.first_dealer == rec.start.first_dealer


def test_hand_and_meld_strings() -> None:
    tiles, melds = parse_shoupai("m777p23468s34577p7*,z444-")
    assert len(tiles) == 14 and melds == ["z444-"]
    assert parse_meld("m7-89", 0).kind.value == "chi" and parse_meld("m7-89", 0).from_seat == 3
    assert parse_meld("z444=", 1).from_seat == 3
    assert parse_meld("s5505+", 2).kind.value == "daiminkan"
    k = parse_meld("m333-3", 0)
    assert k.kind.value == "kakan" and k.from_seat == 3
    assert parse_meld("m9999", 0).kind.value == "ankan"
    with pytest.raises(ValueError):
        parse_shoupai("m12_")


def test_bad_event_names_game_and_hand() -> None:
    g = {
        "player": ["a", "b", "c", "d"],
        "qijia": 0,
        "log": [
            [
                {
                    "qipai": {
                        "zhuangfeng": 0,
                        "jushu": 0,
                        "changbang": 0,
                        "lizhibang": 0,
                        "defen": [25000] * 4,
                        "baopai": "m1",
                        "shoupai": ["m123456789p1234"] * 4,
                    }
                },
                {"zimo": {"l": 0, "p": "x9"}},
            ]
        ],
    }
    with pytest.raises(RecordError, match=r"bad\.json, game 0, hand 1, event 1: zimo"):
        F.read_bytes(json.dumps([g]).encode(), "bad.json")


def test_liability_survives_mjai_and_majiang() -> None:
    """A pao win written as mjai (a `pao` key) or 電脳麻将 (`baojia` on the yakuman) reads back with its
    liable player; a Mortal hora that names none leaves liability unknown, never 'nobody'."""
    import warnings

    from paifu.events import Win
    from paifu.pipeline import replay_record

    games = [rec for p in sorted(corpus_dir("tenhou_xml").rglob("*pao*")) for rec in F.read_path(p)]
    pao_wins = 0
    for rec in games:
        for fmt in ("mjai", "majiang"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                (back,) = F.read_bytes(paifu.write(rec, fmt), f"{rec.source}.{fmt}", fmt)
            assert [w.claimed.pao_seat for w in back.events if isinstance(w, Win)] == [
                w.claimed.pao_seat for w in rec.events if isinstance(w, Win)
            ]
            assert "pao-mismatch" not in {f.code for f in replay_record(back, check_wall=False).findings}
        pao_wins += sum(1 for w in rec.events if isinstance(w, Win) and w.claimed.pao_seat is not None)
    assert pao_wins >= 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mortal = [json.loads(x) for x in paifu.write(games[0], "mjai").decode().splitlines()]
    for x in mortal:
        x.pop("pao", None)
    (back,) = F.read_bytes("\n".join(json.dumps(x) for x in mortal).encode(), "mortal.mjson", "mjai")
    assert all(not w.claimed.pao_stated for w in back.events if isinstance(w, Win))


def test_baojia_on_a_yakuman_is_a_direction_from_the_winner() -> None:
    """majiang-core writes the liable player of a pao yakuman as '+' (next seat), '=' or '-' (its tests:
    大三元 with baojia '+'); we read and write it so."""
    script = corpus_dir("majiang_paipu") / "majiang-core" / "test" / "data" / "script.json"
    game = json.loads(script.read_text(encoding="utf-8"))[0]
    hule = next(e["hule"] for h in game["log"] for e in h if "hule" in e)
    for mark, offset in (("+", 1), ("=", 2), ("-", 3)):
        hule["hupai"] = [{"name": "大三元", "fanshu": "*", "baojia": mark}]
        (rec,) = F.read_bytes(json.dumps(game, ensure_ascii=False).encode(), "pao.json", "majiang")
        win = next(e for e in rec.events if isinstance(e, Win))
        assert win.claimed.pao_seat == (win.seat + offset) % 4
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            back = json.loads(paifu.write(rec, "majiang"))
        written = next(e["hule"] for h in back["log"] for e in h if "hule" in e)
        assert [y.get("baojia") for y in written["hupai"]] == [mark]


def _paipu_with_rule(rule: dict) -> bytes:
    """Our own sample game written as a paipu that carries ``rule`` (as some producers' do)."""
    from conftest import SAMPLES

    (rec,) = F.read_path(str(SAMPLES / "tenhou-xml" / "exhaustive-draw-tenpai.xml"))
    with pytest.warns(UserWarning):
        game = json.loads(F.write(rec, "majiang"))
    game["rule"] = rule
    return json.dumps(game, ensure_ascii=False).encode("utf-8")


def test_a_paipus_own_rule_is_read_whole() -> None:
    """A ``rule`` object's nested values (``赤牌`` an object, ``順位点`` a list) reach the ruleset as
    written: frozen into tuples, both were once refused as no rule at all."""
    from paifu.pipeline import record_rules

    rule = {"赤牌": {"m": 0, "p": 2, "s": 1}, "順位点": ["30.0", "10.0", "-10.0", "-30.0"]}
    (rec,) = F.read_bytes(_paipu_with_rule(rule), "own-rule.json")
    rules = record_rules(rec)
    assert rules.red_fives == (0, 2, 1) and rules.uma == (30, 10, -10, -30)


def test_a_rule_the_engine_refuses_is_refused_after_its_twin_was_taken() -> None:
    """``True`` and ``1`` are equal as keys; a kept ruleset is never handed to a rule object that
    differs only in such a value (``クイタンあり`` must be a JSON boolean)."""
    from paifu.pipeline import record_rules
    from paifu.rules import RulesetError

    (good,) = F.read_bytes(_paipu_with_rule({"クイタンあり": True}), "good.json")
    (bad,) = F.read_bytes(_paipu_with_rule({"クイタンあり": 1}), "bad.json")
    assert record_rules(good).kuitan is True
    with pytest.raises(RulesetError, match="クイタンあり"):
        record_rules(bad)


@pytest.mark.parametrize(
    "fmt",
    ["majiang", *(pytest.param(f, marks=pytest.mark.slow) for f in ("tenhou-xml", "tenhou-json", "mjai"))],
)
def test_writing_a_game_leaves_no_cycle(fmt: str) -> None:
    """A writer keeps no bound method of its own (each written game was a cycle for the collector:
    ``paifu convert`` over a season grew its garbage by a game's table each file). The fast tier checks
    one writer, the slow tier the others."""
    from conftest import SAMPLES, cyclic_garbage

    records = {
        path.name: F.read_path(str(path))[0] for path in sorted((SAMPLES / "tenhou-xml").glob("*.xml"))
    }
    assert records

    def write(names: list[str]) -> list[bytes]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return [F.write(records[name], fmt) for name in names]

    # one collection for every sample (each walks the session's whole heap); a record at a time only
    # to name the one whose writing leaves a cycle
    found = cyclic_garbage(lambda: write(list(records)))
    if found:
        for name in records:
            assert cyclic_garbage(lambda n=name: write([n])) == [], (name, fmt, found)
    assert found == []
