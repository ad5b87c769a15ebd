"""The table viewer: snapshots, moving the cursor, the SVG drawing and the discard review."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from conftest import SAMPLES

from paifu.events import CallKind, Discard, GameEnd, Meld
from paifu.formats import read_path
from paifu.tiles import parse_tiles
from paifu.view import GameView, ViewError, open_game
from paifu.view.review import review_discard
from paifu.view.svg import table_svg, tile_name
from paifu.view.table import RiverTileView, SeatView, TableView, _meld, mpsz

NS = {"s": "http://www.w3.org/2000/svg"}
CHANKAN = SAMPLES / "tenhou-xml" / "chankan.xml"


def drawn_tiles(svg: str, group: str, seat: int) -> list[str]:
    """The tiles a table drawing shows in one group (``hand``, ``drawn``, ``melds``, ``river``) of a seat."""
    root = ET.fromstring(svg)
    g = root.find(f".//s:g[@class='{group}'][@data-seat='{seat}']", NS)
    assert g is not None, f"no {group} group for seat {seat}"
    return [tile_name(u) for u in g.iter("{http://www.w3.org/2000/svg}use")]


def test_cursor_moves_and_jumps() -> None:
    g = open_game(str(CHANKAN))
    assert g.table.index == 0 and g.table.hand == ""
    assert g.step().index == 1 and g.step(3).index == 4 and g.back().index == 3
    assert g.back(100).index == 0 and g.step(10_000).index == len(g.tables) - 1
    assert [h.label for h in g.hands] == ["E1-0", "E2-0"]
    t = g.hand("E2-0")
    assert t.event.startswith("hand start E2-0") and g.position == g.hands[1].start
    assert g.hand("E1").index == g.hands[0].start
    assert g.goto(-1).index == len(g.tables) - 1
    assert g.hands[0].final is g.tables[g.hands[0].end] and "<svg" in g.hands[0]._repr_html_()
    assert repr(g.hands[0]).startswith("HandSpan(E1-0 events 1..") and len(repr(g.hands[0])) < 120
    for bad, call in (
        ("no hand E9", lambda: g.hand("E9")),
        ("no event 999", lambda: g.goto(999)),
        ("no finding 0", lambda: g.finding(0)),
    ):
        with pytest.raises(ViewError, match=bad):
            call()
    with pytest.raises(ViewError, match="no game 2"):
        GameView.open(CHANKAN, 2)
    assert repr(g.table).startswith("TableView(") and len(repr(g.table)) < 120
    assert len(repr(g)) < 120


def test_a_finding_shows_at_its_event() -> None:
    rec = read_path(str(CHANKAN))[0]
    end = rec.events[-1]
    assert isinstance(end, GameEnd) and end.final_scores
    rec.events[-1] = replace(
        end,
        final_scores=(end.final_scores[0] + 1000, *end.final_scores[1:]),
        rank_points=None,
        rank_points_text=None,
    )
    g = GameView(rec)
    assert [f.code for f in g.findings] == ["final-score-mismatch"]
    t = g.finding(0)
    assert t.index == len(rec.events) - 1 and t.findings and "final-score-mismatch" in t.findings[0]
    shown = t._repr_html_()  # the table and its panel: the finding with the record's and the rules' values
    assert "final-score-mismatch" in shown and "the record says final scores" in shown
    assert "seat 0 26,000" in shown and "seat 0 25,000" in shown and "leftover_sticks" in shown
    page = g._repr_html_()
    assert page.count("<details>") == 1 and "<svg" in page and "final-score-mismatch" in page


def test_a_ron_shows_its_result_from_the_win_on() -> None:
    # a ron is booked by the replay only at the next event; the hand list and the win's table show it
    game = open_game(CHANKAN)
    first = game.hands[0]
    assert first.result == "Dan (seat 3) ron from Chie (seat 2): 1300 (1 han 40 fu; chankan 1)"
    win = next(t for t in game.tables[first.start : first.end + 1] if t.kind == "Win")
    assert win.result == first.result and game.tables[win.index - 1].result == ""
    double = open_game(SAMPLES / "tenhou-xml" / "double-ron-head-bump-free.xml")
    wins = [t for t in double.tables if t.kind == "Win"]
    assert len(wins) == 2 and all(t.result.count(" ron from ") == 2 for t in wins)


def test_score_curve_names_each_line_in_its_colour() -> None:
    from paifu.view.svg import score_curve_svg

    svg = score_curve_svg(open_game(CHANKAN))
    colours = ("#1857a6", "#b3261e", "#1a7f37", "#8a5a00")
    for name, colour in zip(("Aoi", "Ben", "Chie", "Dan"), colours, strict=True):
        label = re.search(f'<g class="txt" fill="{colour}">(.*?)</g>', svg)
        assert f'stroke="{colour}"' in svg and label and f">{name}</text>" in label[1]


def test_table_matches_the_record_at_every_event() -> None:
    """Hands hold 13 + 1 tiles less three per meld; rivers are the seat's discards of the hand so far."""
    rec = read_path(str(CHANKAN))[0]
    g = GameView(rec)
    rivers: dict[int, list[str]] = {}
    for i, ev in enumerate(rec.events):
        t = g.tables[i]
        if t.event.startswith("hand start"):
            rivers = {s: [] for s in range(len(t.seats))}
        if isinstance(ev, Discard):
            rivers[ev.seat].append(t.seats[ev.seat].river[-1].tile)
        svg = table_svg(t)
        for sv in t.seats:
            size = len(sv.tiles) + 3 * len(sv.melds)
            assert size in (13, 14), (i, sv)
            assert drawn_tiles(svg, "hand", sv.seat) + drawn_tiles(svg, "drawn", sv.seat) == list(sv.tiles)
            assert drawn_tiles(svg, "river", sv.seat) == rivers[sv.seat] == [r.tile for r in sv.river]
            assert sv.text == mpsz(list(sv.tiles))


@pytest.mark.parametrize(("seat", "giver", "turned"), [(1, 0, 0), (0, 2, 1), (0, 1, 2), (2, 1, 0)])
def test_called_tile_turns_toward_its_giver(seat: int, giver: int, turned: int) -> None:
    """From the left: the first tile; across: the middle; from the right: the last."""
    ids = parse_tiles("055p")
    m = _meld(Meld(CallKind.PON, tuple(ids), called=ids[0], from_seat=giver), seat, 4, (1, 1, 1))
    assert m.turned == turned and m.tiles[turned] == "0p" and sorted(m.tiles) == ["0p", "5p", "5p"]


def seat(hand: str, river: str = "", melds: tuple = (), **kw: object) -> SeatView:
    tiles = [str(x) for x in _split(hand)]
    return SeatView(
        seat=kw.pop("seat", 0),
        name="A",
        wind=0,
        score=25000,
        hand=tuple(tiles),
        drawn=None,
        river=tuple(RiverTileView(t, False, False, False) for t in _split(river)),
        melds=melds,
        kita=0,
        riichi=False,
        waits=(),
        **kw,
    )


def _split(text: str) -> list[str]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def test_discard_review_counts_unseen_tiles() -> None:
    # 14 tiles: cutting 3z leaves 1z/2z shanpon tenpai, two of each unseen (4 tiles)
    me = seat("123m456p789s11223z")
    other = seat("", river="1z", seat=1)
    tv = TableView(index=5, event="", players=("A", "B"), hand="E1-0", seats=(me, other), dora=("9m",))
    assert me.shanten == -1 + 1 and me.text == "123m456p789s11223z"
    best = review_discard(tv, 0, "3z")
    assert best == {
        "shanten_before": 0,
        "shanten_after": 0,
        "ukeire": 3,
        "best_tile": "3z",
        "best_shanten": 0,
        "best_ukeire": 3,
        "best": True,
        "plan": None,
    }  # one 1z is in the other river
    worse = review_discard(tv, 0, "1z")
    assert worse["shanten_after"] == 1 and worse["best"] is False and worse["best_tile"] == "3z"


def test_discard_review_frame() -> None:
    g = open_game(str(CHANKAN))
    df = g.discards()
    discards = [i for i, ev in enumerate(g.record.events) if isinstance(ev, Discard)]
    assert df["event_index"].tolist() == discards
    assert str(df["seat"].dtype) == "category" and str(df["ukeire"].dtype) == "Int64"
    assert (df["best_ukeire"] >= 0).all() and (df["shanten_after"] >= df["best_shanten"]).all()
    # a 14-tile hand's shanten is that of its best discard
    assert (df["best_shanten"] == df["shanten_before"]).all()
    best = df[df["best"]]
    assert (best["ukeire"] == best["best_ukeire"]).all()


def test_svg_marks_riichi_tsumogiri_and_called() -> None:
    river = (
        RiverTileView("1m", True, False, False),
        RiverTileView("2m", False, True, True),
        RiverTileView("3m", False, False, False),
    )
    me = replace(seat("123m456p789s1122z"), river=river)
    svg = table_svg(TableView(index=1, event="", players=("A",), hand="E1-0", seats=(me,)))
    uses = ET.fromstring(svg).findall(".//s:g[@class='river']/s:use", NS)
    classes = [u.get("class") for u in uses]
    # the riichi tile was called: the next tile is turned instead
    assert classes == ["tsumogiri", "called", "riichi"]
    assert "rotate(-90)" in uses[2].get("transform")
    assert me._repr_svg_().startswith("<svg")


def test_every_tile_drawn_has_its_symbol() -> None:
    """A ``<use>`` of a face or glyph the SVG does not define draws nothing (kita, ura, closed kans,
    the kanji of the panels)."""
    for path in sorted(SAMPLES.rglob("*.*")):
        if path.suffix == ".md":
            continue
        for t in open_game(str(path)).tables:
            root = ET.fromstring(table_svg(t))
            defined = {s.get("id") for s in root.iter() if s.get("id")}
            used = {u.get("href")[1:] for u in root.iter("{http://www.w3.org/2000/svg}use")}
            assert used <= defined, (path.name, t.index, used - defined)


def test_show_writes_one_self_contained_page(tmp_path, capsys) -> None:  # noqa: ANN001
    from paifu.cli import main

    out = tmp_path / "game.html"
    assert main(["show", str(CHANKAN), "--hand", "E2-0", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "<script" in page and 'id="paifu-data"' in page
    assert "src=" not in page and "http://" not in page.replace("http://www.w3.org/", "")  # nothing fetched
    g = open_game(str(CHANKAN))
    from paifu.view.html import page_data

    assert page_data(page)["start"] == g.hands[1].start


def test_hand_list_names_the_players(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """The page's hand list names winners, payers and tenpai players as its header does: by name and
    seat; a seat the record names nobody at stays "seat N"."""
    from paifu.cli import main
    from paifu.view.names import default_page

    monkeypatch.chdir(tmp_path)
    records = [str(SAMPLES / "tenhou-xml" / f"{name}.xml") for name in ("chankan", "exhaustive-draw-tenpai")]
    for record in records:
        assert main(["show", record]) == 0
    hands = [
        re.search(r'<ul id="hands">(.*?)</ul>', (tmp_path / default_page(r, 0)).read_text("utf-8"))[1]
        for r in records
    ]
    assert "> Dan (seat 3) ron from Chie (seat 2): 1300" in hands[0] and "Ben (seat 1)" in hands[0]
    assert "draw (exhaustive; tenpai: Aoi (seat 0), Chie (seat 2))" in hands[1]
    assert not re.search(r"(?<!\()seat \d", hands[0] + hands[1])  # every seat number beside its name
    rec = read_path(str(CHANKAN))[0]
    start = rec.events[0]
    rec.events[0] = replace(start, players=("", *start.players[1:]))
    nameless = GameView(rec)
    assert "ron from Chie (seat 2)" in nameless.hands[0].result and "seat 0" in nameless.tables[1].event


def test_hand_list_writes_a_long_result_whole() -> None:
    """No result is cut: the list wraps it (its first digits too: no list numbering to clip)."""
    from paifu.view.html import viewer_html

    g = open_game(CHANKAN)
    long = "seat 0 tsumo: 16000 (" + ", ".join(f"yaku{i} 1" for i in range(20)) + ")"
    g.hands[0] = replace(g.hands[0], result=long)
    page = viewer_html(g, 0)
    assert f"<li title='{long}'>" in page and f"{long}<br>" in page and "<ol" not in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "3"], "no game 3 (the file holds 1)"),
        (["--hand", "S4"], "no hand S4 (hands: E1-0, E2-0)"),
        (["--event", "500"], "no event 500"),
    ],
)
def test_show_refuses_what_the_record_lacks(tmp_path, capsys, args: list[str], message: str) -> None:  # noqa: ANN001
    from paifu.cli import main

    assert main(["show", str(CHANKAN), *args, "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "chankan.xml" in err
    assert not (tmp_path / "x.html").exists()


def test_show_names_an_unreadable_file(tmp_path, capsys) -> None:  # noqa: ANN001
    from paifu.cli import main

    bad = tmp_path / "bad.xml"
    bad.write_text("<mjloggm ver='2.3'><GO", encoding="utf-8")
    assert main(["show", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paifu show: ") and "bad.xml" in err and err.count("\n") == 1


def _two_games(tmp_path):  # noqa: ANN001, ANN202
    """A 電脳麻将 file of two of our sample games (a JSON list of paipu)."""
    import warnings

    from paifu.api import write

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what the format cannot carry, said once per game
        games = [
            write(read_path(str(SAMPLES / "tenhou-xml" / f"{n}.xml"))[0], "majiang").decode("utf-8")
            for n in ("chankan", "exhaustive-draw-tenpai")
        ]
    path = tmp_path / "two.json"
    path.write_text("[" + ",".join(games) + "]", encoding="utf-8")
    return path


def test_show_on_a_file_of_games_says_which_it_drew(tmp_path, capsys, monkeypatch) -> None:  # noqa: ANN001
    from paifu.cli import main

    monkeypatch.chdir(tmp_path)
    path = _two_games(tmp_path)
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "holds 2 games; this page draws game 0: --game N (0..1) draws another, --all" in out
    page = next((tmp_path / "viewer").glob("*-0.html")).read_text(encoding="utf-8")
    assert "game 0 of the file's 2 (0..1)" in page
    assert main(["show", str(path), "--game", "1"]) == 0
    assert "holds 2 games" not in capsys.readouterr().out  # asked for: nothing to say


def test_show_all_writes_each_game_and_an_index(tmp_path, capsys, monkeypatch) -> None:  # noqa: ANN001
    from paifu.cli import main
    from paifu.view.html import page_data
    from paifu.view.names import index_name, page_name

    monkeypatch.chdir(tmp_path)
    path = _two_games(tmp_path)
    assert main(["show", str(path), "--all"]) == 0
    folder = tmp_path / "viewer"
    index = (folder / index_name(str(path))).read_text(encoding="utf-8")
    pages = [folder / page_name(str(path), k) for k in (0, 1)]
    assert all(p.is_file() for p in pages) and "2 games of 2" in capsys.readouterr().out
    for k, p in enumerate(pages):
        assert f"href='{p.name}'" in index
        text = p.read_text(encoding="utf-8")
        assert f"game {k} of 2 in the file" in text and f"href='{pages[1 - k].name}'" in text
        assert page_data(text)["players"] == ["Aoi", "Ben", "Chie", "Dan"]
    assert "1. Chie 55,700" in index  # places, scores and rank points of each game
    assert main(["show", str(path), "--all", "--game", "1"]) == 2
    assert "no --game, --hand or --event" in capsys.readouterr().err
    assert main(["show", str(path), "--all", "-o", "-"]) == 2  # pages and an index: no one stream
    assert "not to -o -" in capsys.readouterr().err
    fifo = tmp_path / "pages.fifo"
    os.mkfifo(fifo)
    assert main(["show", str(path), "--all", "-o", str(fifo)]) == 2  # refused, never opened
    assert "a FIFO or a device" in capsys.readouterr().err and not list(tmp_path.glob("*.html"))
