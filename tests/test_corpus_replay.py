"""Real records are the referee: every corpus game replays under its own rules, every number checked.

Every test here reads the session's one corpus sweep (``corpus_sweep``, tests/conftest.py: each game
replayed once, shared by every corpus test). Known inconsistent records are listed once
(``KNOWN_INCONSISTENT`` in tests/conftest.py) with the exact finding codes they must give and why;
everything else must be clean, and the count of recomputed wins and draws is printed so the run shows
what was really checked. The fast tier replays a sample of each folder (``corpus_sample``); the slow
tier every game.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import (
    CORPUS,
    KNOWN_INCONSISTENT,
    CorpusSweep,
    corpus_dir,
    corpus_files,
    corpus_sample,
    known_codes,
    record_text,
)

from paifu.pipeline import Unreadable, replay_paths
from paifu.rules import load_rules


def _by_sample(files: list[str]) -> list[object]:
    """``files`` as parameters: the fast tier's sample as they are, the rest marked slow."""
    sample = corpus_sample(files)
    return [pytest.param(f, id=f, marks=() if f in sample else pytest.mark.slow) for f in files]


@pytest.mark.parametrize("rel", _by_sample(corpus_files("tenhou_xml")) or ["tenhou_xml/<corpus absent>"])
def test_tenhou_xml_game_replays_clean(rel: str, corpus_sweep: CorpusSweep) -> None:
    """Each game gives exactly its known codes (none for all but a few), reaches its game end, and a
    clean game's replayed final scores are the ones it states."""
    results = corpus_sweep.of(rel)
    assert results and not any(isinstance(r, Unreadable) for r in results), results
    for r in results:
        codes = {f.code for f in r.findings}
        assert codes == known_codes(rel), [str(f) for f in r.findings[:10]]
        assert r.complete
        if not codes:
            assert r.hands
            assert r.final_scores == r.claimed_final_scores


def test_the_known_inconsistent_records_exist_and_are_explained() -> None:
    """Every exception listed exists, so a renamed corpus file cannot silently pass, and says why."""
    corpus_dir()
    for rel, (codes, why) in KNOWN_INCONSISTENT.items():
        assert (CORPUS / rel).is_file(), rel
        assert codes and len(why) > 40, rel


@pytest.mark.slow
def test_tenhou_xml_every_number_checked(
    corpus_sweep: CorpusSweep, capsys: pytest.CaptureFixture[str]
) -> None:
    wins = draws = games = 0
    for r in corpus_sweep.folder("tenhou_xml"):
        assert not isinstance(r, Unreadable)
        games += 1
        wins += r.wins_checked
        draws += r.draws_checked
        if not known_codes(str(Path(r.source).relative_to(CORPUS))):
            text = record_text(r.source)
            assert r.wall_checked == ("mt19937" in text)  # every seeded game's wall was rebuilt
    with capsys.disabled():
        print(f"\ntenhou_xml: {games} games, {wins} wins and {draws} draws recomputed and compared")
    assert wins > 600 and draws > 100


def test_tenhou_xml_truncated_are_reported_as_truncated(corpus_sweep: CorpusSweep) -> None:
    """Every file cut off mid-game is read (none unreadable) and reported as truncated, never valid."""
    n = 0
    for r in corpus_sweep.folder("tenhou_xml_truncated"):
        assert not isinstance(r, Unreadable), r
        n += 1
        assert "truncated" in {f.code for f in r.findings}, r.source
        assert not r.complete
        assert not r.valid
    assert n >= 40
    assert n >= len(corpus_files("tenhou_xml_truncated"))


def test_chips_lobby_is_clean_under_its_own_rules(tmp_path) -> None:  # noqa: ANN001
    """The tournament lobby's rule (no dealer repeats, east only) given as TOML makes it clean, as its
    own csrule does (tests/test_tenhou_lobby.py)."""
    folder = corpus_dir("tenhou_xml")
    path = next(str(CORPUS / p) for p in corpus_files("tenhou_xml") if p.endswith("chips_tonpusen.xml"))
    toml = tmp_path / "lobby.toml"
    toml.write_text('base = "tenhou"\nrenchan = "never"\nlength = "east"\nstart_points = 0\nkiriage = true\n')
    rules = load_rules(str(toml))
    (r,) = list(replay_paths([path], rules))
    assert not r.findings, [str(f) for f in r.findings]
    assert folder.exists()


@pytest.mark.parametrize("folder", ["tenhou6_json", "mjai_jsonl", "majiang_paipu"])
def test_other_formats_replay_clean(
    folder: str, corpus_sweep: CorpusSweep, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game of the JSON, mjai and 電脳麻将 folders replays under its own rules, results compared."""
    games = wins = draws = 0
    for r in corpus_sweep.folder(folder):
        assert not isinstance(r, Unreadable), r
        games += 1
        wins += r.wins_checked
        draws += r.draws_checked
        rel = str(Path(r.source).relative_to(CORPUS))
        assert {f.code for f in r.findings} == known_codes(rel), [str(f) for f in r.findings]
    with capsys.disabled():
        print(f"\n{folder}: {games} games, {wins} wins and {draws} draws recomputed and compared")
    assert games and wins


#: the self-play folders; the fast tier replays one (the smallest, whose rule object allows swap-calls)
_SELFPLAY = [
    "tenhou-like",
    "dora",
    "dora-kuikae",
    "casual",
    "tournament",
    "qdan",
    "dora-exact",
    "qdan-exact",
    "casual-exact",
]


@pytest.mark.parametrize(
    "config", [pytest.param(c, marks=() if c == "dora-kuikae" else pytest.mark.slow) for c in _SELFPLAY]
)
def test_majiang_selfplay_clean_under_its_rule_object(config: str, corpus_sweep: CorpusSweep) -> None:
    """Each self-play folder replays clean under its own rule object (``corpus_runs``)."""
    results = corpus_sweep.folder(f"majiang_selfplay/{config}")
    assert results
    rules = load_rules(str(CORPUS / "majiang_selfplay" / "rules" / f"{config}.json"))
    assert all(r.rules == rules for r in results)  # judged under the folder's rule object
    bad = [str(f) for r in results for f in r.findings]
    assert not bad, bad[:5]


def test_kuikae_games_break_tenhou_rules() -> None:
    """The same games are illegal under Tenhou's rules: swap-calls are forbidden there."""
    folder = corpus_dir("majiang_selfplay", "dora-kuikae")
    codes = Counter(f.code for r in replay_paths([str(folder)], load_rules("tenhou")) for f in r.findings)
    assert codes["kuikae"] >= 10


def test_triple_ron_paid_under_casual_rule_object_and_aborted_under_tenhou() -> None:
    """The corpus holds no triple ron (its casual folder has double rons only), so a hand-built one,
    written as 電脳麻将 paipu by our writer, is replayed under the casual rule object and Tenhou's."""
    import warnings

    from test_findings import K13, _multi_ron

    from paifu.api import write
    from paifu.formats import read_bytes
    from paifu.pipeline import replay_record

    rule_dir = corpus_dir("majiang_selfplay", "rules")
    g, wins = _multi_ron([1, 2, 3], K13)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the paipu carries no dice: warned, not needed here
        (rec,) = read_bytes(write(g.record(partial=True), "majiang"), "triple.json")
    assert sum(1 for e in rec.events if type(e).__name__ == "Win") == 3
    assert replay_record(rec, load_rules(str(rule_dir / "casual.json"))).findings == []
    for rules in (load_rules("tenhou"), load_rules(str(rule_dir / "tenhou-like.json"))):
        found = [(f.code, f.event_index, f.seat) for f in replay_record(rec, rules).findings]
        assert found == [("abort-missed", wins[2], 3)]


def test_paipu_are_judged_under_the_rule_object_beside_them(tmp_path) -> None:  # noqa: ANN001
    """A folder of 電脳麻将 paipu played under a rule object is judged under it without --rules: the
    one rule object in the folder, or ``../rules/<folder>.json`` (majiang_selfplay's layout); under
    the default rules the same games have findings (head-bump, kuikae)."""
    import shutil

    from paifu.pipeline import replay_paths

    root = corpus_dir("majiang_selfplay")
    games = list(replay_paths([str(root / "dora-kuikae")]))
    assert games and all(g.valid for g in games)
    assert all(any("rules-beside" in n and "dora-kuikae.json" in n for n in g.notes) for g in games)
    inside = tmp_path / "mine"
    inside.mkdir()
    for p in sorted((root / "dora-kuikae").glob("*.json")):
        shutil.copy(p, inside / p.name)
    alone = list(replay_paths([str(inside)]))
    assert not all(g.valid for g in alone)  # the default rules: kuikae is forbidden there
    shutil.copy(root / "rules" / "dora-kuikae.json", inside / "table-rule.json")
    assert all(g.valid for g in replay_paths([str(inside)]))
