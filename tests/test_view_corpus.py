"""The table drawn at every event of real games in each format, read back from the SVG and compared
with the engine's own state (a second, separate replay) and with the record's discards."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import CORPUS, corpus_dir

from paifu.events import CallKind, Discard, HandStart
from paifu.formats import read_path
from paifu.pipeline import replay_record
from paifu.rules import load_rules
from paifu.tiles import FIVE_KINDS, tile_to_str
from paifu.view import GameView
from paifu.view.svg import table_svg, tile_name
from paifu.view.table import kind_of

SVG = "{http://www.w3.org/2000/svg}"
#: (folder, which file in sorted order, games to draw, rule object for 電脳麻将 self-play)
SAMPLE = [
    ("tenhou_xml/tenhou", "pao.xml", 1, None),
    ("tenhou_xml/tenhou", "sanma2.xml", 1, None),  # 3-player, kita
    ("tenhou_xml/tenhou", "bye.xml", 1, None),
    ("tenhou_xml/mjx", 0, 1, None),
    ("tenhou_xml/fastmaj", 0, 1, None),
    ("tenhou_xml_truncated/mjx", 0, 1, None),
    ("tenhou6_json/mjx", 0, 1, None),
    ("tenhou6_json/mjai-reviewer", 0, 1, None),
    ("tenhou6_json/MajsoulPaipuConvert", 0, 1, None),
    ("mjai_jsonl/RiichiEnv", 0, 1, None),
    ("mjai_jsonl/akochan_ui", 0, 1, None),
    ("majiang_paipu/majiang-core", 0, 1, None),
    ("majiang_selfplay/tournament", 0, 1, "tournament"),
    ("majiang_selfplay/dora-kuikae", 0, 1, "dora-kuikae"),
]
#: whose discard review is checked too (3-player, one-hand excerpt, 電脳麻将 kinds-only tiles)
REVIEWED = {
    ("tenhou_xml/tenhou", "sanma2.xml"),
    ("tenhou6_json/mjai-reviewer", 0),
    ("majiang_paipu/majiang-core", 0),
}
FAULTS = {"hand-size", "tile-not-in-hand", "illegal-call", "tile-count-exceeded"}


def _file(folder: str, which: str | int) -> Path:
    root = corpus_dir(*folder.split("/"))
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix not in (".md", ".csv"))
    if isinstance(which, str):
        return next(p for p in files if p.name == which)
    return files[which]


def _engine_states(record, rules) -> list[list[tuple]]:  # noqa: ANN001
    """Per event, per seat: (kind counts, red counts, melds other than kita), straight from the engine."""
    states: list[list[tuple]] = []

    def observe(index: int, ev: object, rp: object) -> None:
        st = rp.state  # type: ignore[attr-defined]
        states.append(
            []
            if st is None
            else [
                (tuple(s.counts), tuple(s.red), sum(1 for m in s.melds if m.kind != CallKind.KITA))
                for s in st.seats
            ]
        )

    replay_record(record, rules, observe=observe)
    return states


def _read_back(root: ET.Element, seat: int) -> tuple[tuple[int, ...], tuple[int, ...], int, list[str]]:
    counts, red = [0] * 34, [0, 0, 0]
    for group in ("hand", "drawn"):
        g = root.find(f".//{SVG}g[@class='{group}'][@data-seat='{seat}']")
        assert g is not None
        for u in g.iter(f"{SVG}use"):
            t = tile_name(u)
            counts[kind_of(t)] += 1
            if t[0] == "0":
                red[FIVE_KINDS.index(kind_of(t))] += 1
    melds = root.find(f".//{SVG}g[@class='melds'][@data-seat='{seat}']")
    river = root.find(f".//{SVG}g[@class='river'][@data-seat='{seat}']")
    n_melds = sum(1 for g in melds if g.get("class", "").startswith("meld"))
    return tuple(counts), tuple(red), n_melds, [tile_name(u) for u in river.iter(f"{SVG}use")]


@pytest.mark.parametrize(
    ("folder", "which", "games", "rule"),
    # the fast tier draws the reviewed ones (3-player, a one-hand excerpt, 電脳麻将), the slow tier the rest
    [pytest.param(*s, marks=() if s[:2] in REVIEWED else pytest.mark.slow) for s in SAMPLE],
    ids=lambda v: str(v),
)
def test_table_at_every_event(folder: str, which: str | int, games: int, rule: str | None) -> None:
    path = _file(folder, which)
    rules = load_rules(str(CORPUS / "majiang_selfplay" / "rules" / f"{rule}.json")) if rule else None
    for gi, record in enumerate(read_path(str(path))[:games]):
        record.source = record.source or str(path)
        engine = _engine_states(record, rules)
        view = GameView(record, rules, game_index=gi)
        faulty = any(f.code in FAULTS for f in view.findings)
        assert len(view.tables) == len(record.events) == len(engine)
        rivers: dict[int, list[str]] = {}
        red = view.result.rules.red_fives
        for i, ev in enumerate(record.events):
            table = view.tables[i]
            if isinstance(ev, HandStart):
                rivers = {s: [] for s in range(len(table.seats))}
            if isinstance(ev, Discard):
                rivers[ev.seat].append(tile_to_str(ev.tile, red))
            svg = ET.fromstring(table_svg(table))
            assert len(table.seats) == len(engine[i])
            for s, (counts, reds, melds) in enumerate(engine[i]):
                got = _read_back(svg, s)
                where = f"{path.name} game {gi} event {i} seat {s}"
                assert got[:3] == (counts, reds, melds), where
                assert got[3] == rivers[s], where
                if not faulty:
                    assert sum(counts) + 3 * melds in (13, 14), where
        if (folder, which) in REVIEWED:
            review = view.discards()
            assert review["event_index"].tolist() == [
                i for i, ev in enumerate(record.events) if isinstance(ev, Discard)
            ]
            assert (review["best_shanten"] == review["shanten_before"]).all()  # the best discard keeps it
            assert (review["ukeire"] <= 136).all() and (review["best_ukeire"] > 0).any()
