"""What paifu writes, judged by programs nobody here wrote (``tests/referees.py``): majiang-core replays our
電脳麻将 paipu, tenhou-log converts our Tenhou XML, libriichi validates and riichienv replays our mjai, and
the values they find for each win agree with the record's. Each runs on every game of our sample logs
(fast) and of the shared corpus (slow). Where a referee is wrong or plays other rules, the case is
listed below with the reason, and only that case is let through.
"""

from __future__ import annotations

import functools
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
import referees
from conftest import CORPUS, SAMPLES, corpus_dir

import paifu
from paifu.events import CallKind, GameRecord, Win
from paifu.formats import iter_record_files
from paifu.formats.seats import first_dealer_at_zero
from paifu.pipeline import record_rules
from paifu.rules.flags import flags_of
from paifu.yaku import YAKUMAN

# ---------------------------------------------------------------- listed cases: each says why it passes

#: tenhou-log 1.3.0 finds tags with a regular expression that no XML comment matches (convlog.js:226), and
#: crashes on the ``<!--log=ID-->`` we write first so that the game's Tenhou log id (its table and its era's
#: rules) survives; XML allows comments, so it is given the document without it
_XML_COMMENT = re.compile(r"^<!--.*?-->")
#: tenhou-log and majiang-core convert and replay 4-player games only ("Not Majiang log"), libriichi's
#: PlayerState is 4-player only ("expected an array of length 4"): 3-player games are not given to them
FOUR_PLAYER_ONLY = "four-player only"
#: riichienv 0.4.11's MjaiReplay keeps a closed kan's four tiles in the hand and records the kan as 1m
#: (its win context shows ``Ankan [0, 1, 2, 3]``), so it finds no win in a hand with a closed kan; libriichi
#: accepts the same wins (``can_ron_agari``/``can_tsumo_agari``) and our replay values them
RIICHIENV_ANKAN = "riichienv loses closed kans"
#: riichienv 0.4.11's MjaiReplay knows no wall but the log's draws, so it takes the last draw of every hand
#: for the last tile: it adds 海底摸月 to a tsumo and 河底撈魚 to a ron on the last discard that the record,
#: majiang-core and our replay value without them (it did so on 1020 of the corpus's 1033 games)
RIICHIENV_LAST_TILE = {"海底摸月": "haitei", "河底撈魚": "houtei"}
#: riichienv 0.4.11's evaluator has no kiriage (its ``GameRule`` has no such setting): on a table that rounds
#: 4 han 30 fu and 3 han 60 fu up to a mangan (a Tenhou lobby's csrule) it values those wins below the record
RIICHIENV_KIRIAGE = ((4, 30), (3, 60))
_YAKUMAN = {y.value for y in YAKUMAN}

#: the share of the corpus's 4-player games each referee accepted when this branch last measured (a floor
#: that may only rise): the games still refused are ours to fix, and the slow tests print each of them
FLOORS = {"majiang-core": 0.97, "tenhou-log": 0.99, "libriichi": 0.99, "riichienv": 0.9}


@functools.cache
def _games(root: str) -> tuple[tuple[str, GameRecord, str | None], ...]:
    """Every game under ``root``: (file, record, 電脳麻将 rule file or None)."""
    out = []
    for f in iter_record_files([root]):
        rules = None
        parts = Path(f).parts
        if "majiang_selfplay" in parts:
            folder = parts[parts.index("majiang_selfplay") + 1]
            rules = str(CORPUS / "majiang_selfplay" / "rules" / f"{folder}.json")
        try:
            records = paifu.read(f)
        except paifu.formats.RecordError:
            continue  # unreadable inputs are test_corpus_replay's business
        out += [(str(f), r, rules) for r in records if not r.partial]
    return tuple(out)


def _sources(slow: bool) -> list[str]:
    if not slow:
        return [str(SAMPLES)]
    corpus_dir()  # skipped on a fresh clone, failed under PAIFU_REQUIRE_CORPUS=1
    return [str(p) for p in sorted(CORPUS.iterdir()) if p.is_dir() and p.name != "tenhou_xml_truncated"]


def _written(fmt: str, slow: bool) -> list[tuple[str, GameRecord, str | None, bytes]]:
    out = []
    for root in _sources(slow):
        for f, rec, rules in _games(root):
            if rec.start.num_players != 4:
                continue  # FOUR_PLAYER_ONLY (and 電脳麻将 paipu are 4-player)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                data = paifu.write(rec, fmt)
            if fmt == "mjai":  # mjai turns the seats so that the first dealer is seat 0 (and warns)
                rec = first_dealer_at_zero(rec)
            out.append((f, rec, rules, data))
    if not out:
        pytest.skip("no 4-player game to write")
    return out


def _wins(rec: GameRecord) -> list[Win]:
    return [e for e in rec.events if isinstance(e, Win)]


def _fails(cases: list[str]) -> str:
    return f"{len(cases)} refused, first: " + "\n".join(c[:400] for c in cases[:12])


def _judge(bad: list[str], total: int, slow: bool, floor: float) -> None:
    """Every sample game must pass; over the corpus, at least ``floor`` of the games (what this branch
    measured: the rest are open defects of ours, printed, to be fixed, not to be listed)."""
    print(f"{total - len(bad)} of {total} accepted")
    for case in bad:
        print("refused:", case[:400])
    if not slow:
        assert not bad, _fails(bad)
    else:
        assert total and (total - len(bad)) / total >= floor, _fails(bad)


# ---------------------------------------------------------------- 電脳麻将: majiang-core's replay


def _majiang_rule(rec: GameRecord, rules_file: str | None) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The rule object majiang-core replays a game under (its own keys), and the totals not compared.

    A 電脳麻将 self-play game has its own rule object. Other tables are told apart by what majiang-core's
    rule can say: the game's length, red fives, open tanyao, start points, kiriage and the all-last stop
    (a Tenhou lobby states them in its csrule); Tenhou counts no double yakuman. Their
    ``point`` is their own rank points (Tenhou rounds at its own step), not majiang-core's formula.
    """
    if rules_file is not None:
        return json.loads(Path(rules_file).read_text())["rule"], ()
    if rec.format == "majiang":  # kobalab's own test script: an older engine's integer rank points
        return {"順位点": ["20", "10", "-10", "-20"]}, ()
    rules = record_rules(rec)  # the hint and what the record states besides (a lobby's csrule)
    red = rules.red_fives
    rule = {
        "場数": 1 if flags_of(rules).east_only else 2,
        "赤牌": {"m": red[0], "p": red[1], "s": red[2]},
        "クイタンあり": bool(rules.kuitan),
        "ダブル役満あり": False,
        "切り上げ満貫あり": bool(rules.kiriage),
        "オーラス止めあり": rules.last_dealer_stop != "none",
    }
    if rules.start_points:  # a lobby's own start (0: each record states its own)
        rule["配給原点"] = rules.start_points
    return rule, ("point",)


def _check_majiang(slow: bool) -> None:
    referees.require("majiang-core")
    written = _written("majiang", slow)
    bad = []
    by_rule: dict[str, list[int]] = {}
    for i, (_f, rec, rules_file, _data) in enumerate(written):
        by_rule.setdefault(json.dumps(_majiang_rule(rec, rules_file), ensure_ascii=False), []).append(i)
    for key, idx in by_rule.items():
        rule, skip = json.loads(key)
        answers = referees.majiang_replay([json.loads(written[i][3]) for i in idx], rule, tuple(skip))
        for i, a in zip(idx, answers, strict=True):
            if a.get("error") or a.get("diff"):
                bad.append(f"{written[i][0]}: {json.dumps(a, ensure_ascii=False)[:600]}")
    _judge(bad, len(written), slow, FLOORS["majiang-core"])


def test_majiang_core_replays_our_paipu() -> None:
    _check_majiang(slow=False)


@pytest.mark.slow
def test_majiang_core_replays_our_paipu_corpus() -> None:
    _check_majiang(slow=True)


# ---------------------------------------------------------------- Tenhou XML: tenhou-log's conversion


def _check_tenhou_log(slow: bool) -> None:
    referees.require("tenhou-log")
    written = _written("tenhou-xml", slow)
    answers = referees.tenhou_log([_XML_COMMENT.sub("", d.decode("utf-8")) for *_, d in written])
    bad = []
    for (f, rec, _rules, _d), a in zip(written, answers, strict=True):
        if a.get("error"):
            bad.append(f"{f}: {a['error']}")
            continue
        theirs = [e["hule"] for hand in a["paipu"]["log"] for e in hand if "hule" in e]
        ours = _wins(rec)
        if len(theirs) != len(ours):
            bad.append(f"{f}: tenhou-log reads {len(theirs)} wins, the record has {len(ours)}")
            continue
        for n, (h, w) in enumerate(zip(theirs, ours, strict=True)):
            c = w.claimed
            dealer_first = [c.deltas[(w.seat - h["l"] + s) % 4] for s in range(4)] if c.deltas else None
            if (c.points is not None and h["defen"] != c.points) or (
                dealer_first and h["fenpei"] != dealer_first
            ):
                bad.append(
                    f"{f}: win {n}: tenhou-log reads {h['defen']} {h['fenpei']}, the record {c.points} {c.deltas}"
                )
                break  # one line per game
    _judge(bad, len(written), slow, FLOORS["tenhou-log"])


def test_tenhou_log_reads_our_xml() -> None:
    _check_tenhou_log(slow=False)


@pytest.mark.slow
def test_tenhou_log_reads_our_xml_corpus() -> None:
    _check_tenhou_log(slow=True)


# ---------------------------------------------------------------- mjai: libriichi and riichienv


def _states_deltas(rec: GameRecord) -> bool:
    """Every win of the record states its score changes (akochan's hora states none, and mjai has no
    other place for them: the writer warns, and Mortal's validate_logs requires ``deltas``)."""
    return all(w.claimed.deltas is not None for w in _wins(rec))


def _check_libriichi(slow: bool) -> None:
    referees.require("mjai")
    written = [w for w in _written("mjai", slow) if _states_deltas(w[1])]
    logs = [[json.loads(line) for line in d.splitlines() if line.strip()] for *_, d in written]
    bad = [f"{w[0]}: {e}" for w, e in zip(written, referees.libriichi(logs), strict=True) if e]
    _judge(bad, len(written), slow, FLOORS["libriichi"])


def test_libriichi_validates_our_mjai() -> None:
    _check_libriichi(slow=False)


@pytest.mark.slow
def test_libriichi_validates_our_mjai_corpus() -> None:
    _check_libriichi(slow=True)


def _has_closed_kan(w: Win) -> bool:
    return any(m.kind == CallKind.ANKAN for m in w.claimed.melds or ())


def _check_riichienv(slow: bool) -> None:
    referees.require("riichienv")
    written = _written("mjai", slow)
    answers = referees.riichienv([d for *_, d in written])
    bad, values = [], 0
    for (f, rec, _rules, _d), a in zip(written, answers, strict=True):
        if a.get("error"):
            bad.append(f"{f}: {a['error']}")
            continue
        ours = _wins(rec)
        if len(a["wins"]) != len(ours):
            bad.append(f"{f}: riichienv finds {len(a['wins'])} wins, the record has {len(ours)}")
            continue
        for n, ((seat, han, fu, ron, oya, ko, is_win, names), w) in enumerate(
            zip(a["wins"], ours, strict=True)
        ):
            c = w.claimed
            if not is_win and _has_closed_kan(w):
                continue  # RIICHIENV_ANKAN
            claimed = {y.name for y in c.yaku or ()}
            if any(RIICHIENV_LAST_TILE.get(x) not in (None, *claimed) for x in names):
                continue  # RIICHIENV_LAST_TILE: its value counts a yaku of the last tile
            if (han, fu) in RIICHIENV_KIRIAGE and record_rules(rec).kiriage:
                continue  # RIICHIENV_KIRIAGE
            total = ron if not w.tsumo else (oya + 2 * ko if oya else 3 * ko)
            yakuman = any(y.name in _YAKUMAN for y in c.yaku or ())
            wrong = seat != w.seat or not is_win
            if c.points is not None and not yakuman:  # Tenhou counts no double yakuman, riichienv does
                wrong |= total != c.points or (c.han is not None and han != c.han)
                wrong |= c.fu is not None and c.han is not None and c.han < 5 and fu != c.fu
                values += 1
            if wrong:
                bad.append(
                    f"{f}: win {n}: riichienv seat {seat} {han} han {fu} fu {total}, "
                    f"the record seat {w.seat} {c.han} han {c.fu} fu {c.points}"
                )
                break  # one line per game
    _judge(bad, len(written), slow, FLOORS["riichienv"])
    assert values or not slow, "no win was compared"


def test_riichienv_replays_our_mjai() -> None:
    _check_riichienv(slow=False)


@pytest.mark.slow
def test_riichienv_replays_our_mjai_corpus() -> None:
    _check_riichienv(slow=True)
