"""mjai as other programs write it: the original protocol with no scores, riichienv's draw
names, a ron on a pulled North (3-player thirteen orphans), akochan's wins (``uradora_marker``,
fu before rounding up) and gimite's server's yaku words (``sangenpai``, ``jikaze``, ``bakaze``)."""

from __future__ import annotations

import json

from paifu.api import write
from paifu.events import Call, CallKind, ClaimedWin, Discard, Draw, GameEnd, GameRecord, Meld, Win
from paifu.formats import read_bytes
from paifu.pipeline import replay_record
from paifu.rules import preset
from paifu.tiles import parse_tiles
from tests.conftest import corpus_dir
from tests.test_sanma import start


def _lines(path: str) -> list[dict]:
    return [json.loads(x) for x in open(path, encoding="utf-8").read().splitlines() if x.strip()]


def _corpus_game() -> list[dict]:
    folder = corpus_dir("mjai_jsonl", "RiichiEnv", "tests", "data")
    return _lines(str(next(folder.glob("*.jsonl"))))


def _replay(lines: list[dict]):  # noqa: ANN202
    (rec,) = read_bytes("\n".join(json.dumps(x) for x in lines).encode(), "game.jsonl", "mjai")
    return rec, replay_record(rec)


def test_original_protocol_without_scores_or_results_carries_scores_from_the_start() -> None:
    lines = _corpus_game()
    _, full = _replay(lines)
    assert full.valid and len(full.hands) > 1
    bare = []
    for x in lines:  # the original protocol: no scores at a hand start, none at the end, no deltas
        x = {k: v for k, v in x.items() if not (k == "scores" and x["type"] in ("start_kyoku", "end_game"))}
        if x["type"] in ("hora", "ryukyoku"):
            x.pop("deltas", None)
        bare.append(x)
    rec, res = _replay(bare)
    assert all(h.scores is None for h in rec.events if type(h).__name__ == "HandStart")
    assert res.valid, [str(f) for f in res.findings]
    assert res.final_scores == full.final_scores  # carried from 25,000 by the engine's own payments
    # with its score changes kept, writers that must state scores carry them from the start points
    no_scores = [
        {k: v for k, v in x.items() if not (k == "scores" and x["type"] == "start_kyoku")} for x in lines
    ]
    rec, _ = _replay(no_scores)
    (xml,) = read_bytes(write(rec, "tenhou-xml"), "game.xml")
    starts = [
        [e.scores for e in r.events if type(e).__name__ == "HandStart"] for r in (xml, _replay(lines)[0])
    ]
    assert starts[0] == starts[1]


def test_riichienv_draw_names_and_an_unknown_word_read() -> None:
    lines = _corpus_game()
    names = {
        "exhaustive_draw",
        "kyushu_kyuhai",
        "suukansansen",
        "sufuurenta",
        "suucha_riichi",
        "sanchaho",
        "suurechi",
        "nagashi_mangan",
        "suufon_renda",
        "kyuushu_kyuuhai",
    }
    draws = [x for x in lines if x["type"] == "ryukyoku"]
    assert draws, "the corpus game has a draw"
    for word in sorted(names):  # each riichienv name reads (a wrong kind would be a finding, not a crash)
        for x in draws:
            x["reason"] = word
        rec, _ = _replay(lines)
        assert not any("not one we know" in i.message for i in rec.issues), word
    for x in draws:
        x["reason"] = "exhaustive_draw"
    _, res = _replay(lines)
    assert res.valid, [str(f) for f in res.findings]
    for x in draws:
        x["reason"] = "some_new_word"
    rec, res = _replay(lines)
    assert res.valid and any("some_new_word" in n for n in res.notes)


def test_ron_on_a_pulled_north_reads_from_mjai() -> None:
    t = parse_tiles
    # seat 1 waits on North alone for thirteen orphans; the dealer pulls a North and seat 1 robs it
    ev = start(("111m999m123p456p7p", "19m19p19s1235677z", "1479s289p135677z"), dora="5z")
    north = t("4z")[0]
    ev += [
        Draw(0, north),
        Call(0, Meld(CallKind.KITA, (north,))),
        Win(1, 0, north, ClaimedWin(deltas=(-32000, 32000, 0))),
        GameEnd(),
    ]
    rec = GameRecord(events=ev, source="kita-ron", partial=True)
    res = replay_record(rec, preset("tenhou-sanma"))
    assert {f.code for f in res.findings} <= {"truncated"}, [str(f) for f in res.findings]
    (back,) = read_bytes(write(rec, "mjai"), "kita-ron.mjson", "mjai")
    win = next(e for e in back.events if isinstance(e, Win))
    assert (win.seat, win.from_seat) == (1, 0)
    again = replay_record(back, preset("tenhou-sanma"))
    game_level = {"truncated", "hand-start-mismatch", "game-end-mismatch"}  # a one-hand excerpt
    assert {f.code for f in again.findings} <= game_level, [str(f) for f in again.findings]
    assert not any(isinstance(e, Discard) for e in back.events)


def _kyoku(tehais: list[str], dora: str, bakaze: str = "E") -> dict:
    """East 1 (or ``bakaze`` 1), dealer seat 0, everyone at 25,000; ``tehais`` in mjai words."""
    return {
        "type": "start_kyoku",
        "bakaze": bakaze,
        "kyoku": 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": 0,
        "dora_marker": dora,
        "scores": [25000] * 4,
        "tehais": [h.split() for h in tehais],
    }


def _turns(draws: list[list[str]]) -> list[dict]:
    """Each seat in turn draws its next tile and lets it go."""
    out: list[dict] = []
    for turn in zip(*draws, strict=True):
        for seat, pai in enumerate(turn):
            out += [
                {"type": "tsumo", "actor": seat, "pai": pai},
                {"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": True},
            ]
    return out


def _akochan_riichi_tsumo(**hora: object) -> list[dict]:
    """The dealer's riichi on its second turn, a tsumo of 5m on its fourth, as akochan's own
    match log writes a win (mjai_manager.cpp, share/make_move.cpp ``make_hora``): ``fan`` and ``fu``
    (before rounding up), ``hora_tehais`` without the winning tile even on a tsumo, the scores
    after, and the ura indicators as ``uradora_marker``.

    111m 234p 678s 46m 99p: riichi, menzen tsumo and one ura dora (1p shows 2p) = 3 han;
    20 + 2 (tsumo) + 8 (closed terminal triplet) + 2 (closed wait) = 32 -> 40 fu; a dealer's
    3 han 40 fu tsumo: 2,600 all, and the riichi stick back: 24,000 + 8,800."""
    dealer = "1m 1m 1m 2p 3p 4p 6s 7s 8s 4m 6m 9p 9p"
    ev = [
        _kyoku(
            [
                dealer,
                "2m 3m 7m 8m 5p 6p 7p 2s 3s 4s E E S",
                "2m 3m 7m 8m 5p 6p 7p 2s 3s 4s E S S",
                "2m 3m 7m 8m 5p 6p 7p 1s 1s 9s 9s P P",
            ],
            dora="E",
        )
    ]
    others = [["C", "C", "9m", "9m"], ["C", "1p", "1p", "8p"], ["8p", "8p", "5s", "5s"]]
    rounds = _turns([["W", "N", "F"], *(d[:3] for d in others)])
    # the dealer's second turn (events 8 and 9, after a round of 4 draws and 4 discards): reach
    # between its tsumo and its dahai, reach_accepted after the dahai
    rounds.insert(9, {"type": "reach", "actor": 0})
    rounds.insert(11, {"type": "reach_accepted", "actor": 0, "scores": [24000, 25000, 25000, 25000]})
    win = {
        "type": "hora",
        "actor": 0,
        "target": 0,
        "pai": "5m",
        "hora_tehais": dealer.split(),
        "fan": 3,
        "fu": 32,
        "scores": [32800, 22400, 22400, 22400],
        "uradora_marker": ["1p"],
        **hora,
    }
    return [*ev, *rounds, {"type": "tsumo", "actor": 0, "pai": "5m"}, win, {"type": "end_kyoku"}]


def test_akochans_hora_reads_its_ura_indicators_and_rounds_its_fu() -> None:
    rec, res = _replay(_akochan_riichi_tsumo())
    assert res.valid, [str(f) for f in res.findings]
    (win,) = [e for e in rec.events if isinstance(e, Win)]
    assert win.claimed is not None and win.claimed.fu == 40 and win.claimed.ura_indicators is not None
    assert win.claimed.hand is not None and len(win.claimed.hand) == 14  # the tsumo tile added
    assert res.hands[0].wins[0].han == 3
    # the fu of another hand, or no ura indicator at all, is still a finding
    _, wrong_fu = _replay(_akochan_riichi_tsumo(fu=52))
    assert "fu-mismatch" in {f.code for f in wrong_fu.findings}
    no_ura = _akochan_riichi_tsumo()
    del no_ura[-2]["uradora_marker"]
    _, no_ura_res = _replay(no_ura)
    assert "han-mismatch" in {f.code for f in no_ura_res.findings}


def _gimite_triplets_ron(yakus: list[list[object]]) -> list[dict]:
    """The dealer's closed East, 白 and 發 triplets with 234m, waiting on 9p alone; seat 1 lets
    9p go. As gimite's mjai server writes the yaku (lib/mjai/hora.rb; the self-play log in
    Apricot-S/mjai-manue-go docs/ has ``sangenpai``, ``jikaze`` and ``bakaze``): round and seat
    wind 1 each, ``sangenpai`` 2 for the two dragon triplets, three concealed triplets 2 = 6 han,
    a dealer's haneman of 18,000."""
    dealer = "E E E P P P F F F 2m 3m 4m 9p"
    ev = [
        _kyoku(
            [
                dealer,
                "1m 9m 1p 1s 9s S W N C C 5m 5p 5s",
                "1m 9m 1p 9s S W N C 6m 6p 6s 7m 7p",
                "2m 3m 4m 2p 3p 4p 2s 3s 4s 8m 8p 8s W",
            ],
            dora="9s",
        ),
        {"type": "tsumo", "actor": 0, "pai": "1s"},
        {"type": "dahai", "actor": 0, "pai": "1s", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "9p"},
        {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True},
    ]
    win = {
        "type": "hora",
        "actor": 0,
        "target": 1,
        "pai": "9p",
        "uradora_markers": [],
        "hora_tehais": dealer.split(),
        "yakus": yakus,
        "fu": 60,
        "fan": 6,
        "hora_points": 18000,
        "deltas": [18000, -18000, 0, 0],
        "scores": [43000, 7000, 25000, 25000],
    }
    return [*ev, win, {"type": "end_kyoku"}]


def test_gimites_yaku_that_name_no_tile_take_the_hands_winds_and_dragons() -> None:
    rec, res = _replay(_gimite_triplets_ron([["bakaze", 1], ["jikaze", 1], ["sangenpai", 2], ["sananko", 2]]))
    assert res.valid, [str(f) for f in res.findings]
    (win,) = [e for e in rec.events if isinstance(e, Win)]
    assert win.claimed is not None and win.claimed.yaku is not None
    assert sorted(y.name for y in win.claimed.yaku) == [
        "bakaze-east",
        "jikaze-east",
        "sanankou",
        "yakuhai-haku",
        "yakuhai-hatsu",
    ]
    # three dragons claimed where the hand holds two: kept as the record's word, and flagged
    _, wrong = _replay(_gimite_triplets_ron([["bakaze", 1], ["jikaze", 1], ["sangenpai", 3], ["sananko", 2]]))
    assert "yaku-mismatch" in {f.code for f in wrong.findings}


def test_every_yaku_word_of_gimites_server_is_one_of_ours() -> None:
    from paifu.formats.mjai.names import _yaku_name

    # gimite/mjai lib/mjai/hora.rb add_yaku (and game_stats.rb's renho); sangenpai needs the hand
    words = [
        "tenho",
        "chiho",
        "kokushimuso",
        "daisangen",
        "suanko",
        "tsuiso",
        "ryuiso",
        "chinroto",
        "daisushi",
        "shosushi",
        "sukantsu",
        "churenpoton",
        "dora",
        "uradora",
        "akadora",
        "reach",
        "ippatsu",
        "menzenchin_tsumoho",
        "tanyaochu",
        "pinfu",
        "ipeko",
        "rinshankaiho",
        "chankan",
        "haiteiraoyue",
        "hoteiraoyui",
        "sanshokudojun",
        "ikkitsukan",
        "honchantaiyao",
        "chitoitsu",
        "toitoiho",
        "sananko",
        "honroto",
        "sanshokudoko",
        "sankantsu",
        "shosangen",
        "double_reach",
        "honiso",
        "junchantaiyao",
        "ryanpeko",
        "chiniso",
        "renho",
    ]
    unknown = [w for w in words if _yaku_name(w).startswith("unknown:")]
    assert unknown == []
    assert (_yaku_name("bakaze", 1, 0), _yaku_name("jikaze", 1, 3)) == ("bakaze-south", "jikaze-north")
