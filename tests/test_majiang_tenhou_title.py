"""電脳麻将 paipu converted from Tenhou by kobalab's tenhou-log: ``流局`` for an exhaustive
draw, the Tenhou table's name (and log id) as ``title``, rank points as text."""

from __future__ import annotations

import json
import warnings

from paifu.api import write
from paifu.formats import read_bytes, read_path
from paifu.pipeline import replay_record
from tests.conftest import corpus_dir

FASTMAJ = ("tenhou_xml", "fastmaj", "src", "test", "resources", "tenhou")


def _as_kobalab(name: str) -> tuple[object, dict]:
    folder = corpus_dir(*FASTMAJ)
    (path,) = [p for p in folder.iterdir() if p.name.startswith(name)]
    (rec,) = read_path(str(path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = json.loads(write(rec, "majiang"))
    for hand in game["log"]:  # as kobalab's converter names Tenhou's draws
        for e in hand:
            if "pingju" in e and e["pingju"]["name"] == "荒牌平局":
                e["pingju"]["name"] = "流局"
    game["point"] = [f"{float(p):.1f}" for p in game["point"]]  # owari's text
    return rec, game


def test_kobalab_paipu_of_a_tenhou_game_reads_with_the_tables_rules() -> None:
    rec, game = _as_kobalab("2010060800gm-0061")
    assert game["title"] == "四特東喰赤速\n2010060800gm-0061-0000-6d767860"
    assert any(e.get("pingju", {}).get("name") == "流局" for h in game["log"] for e in h)
    (back,) = read_bytes(json.dumps([game], ensure_ascii=False).encode(), "kobalab.json")
    a, b = replay_record(rec, check_wall=False), replay_record(back)
    assert b.valid, [str(f) for f in b.findings]
    assert b.rules == a.rules  # GO type 97 from the title; its date from the log id
    assert b.rank_points_checked


def test_the_title_dates_the_table() -> None:
    """2009082713gm-00e1: its dealer played on after tenpai (the early era); with the log id
    taken from the title, the paipu is judged by the rules of its date, not today's."""
    _, game = _as_kobalab("2009082713gm-00e1")
    (back,) = read_bytes(json.dumps([game], ensure_ascii=False).encode(), "kobalab.json")
    assert replay_record(back).valid
    game["title"] = game["title"].split("\n")[0]  # no log id: today's rules end the game earlier
    (undated,) = read_bytes(json.dumps([game], ensure_ascii=False).encode(), "kobalab.json")
    assert "game-end-mismatch" in {f.code for f in replay_record(undated).findings}
