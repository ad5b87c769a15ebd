"""mjai as other programs write it: the original protocol with no scores, riichienv's draw
names, and a ron on a pulled North (3-player thirteen orphans)."""

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
