"""Real records are the referee: every corpus game replays under its own rules, every number checked.

Known inconsistent records are listed with the exact finding codes they must give
(and why); everything else must be clean, and the count of recomputed wins and
draws is printed so the run shows what was really checked.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paifu.formats import iter_record_files
from paifu.pipeline import Unreadable, replay_paths
from paifu.rules import load_rules
from tests.conftest import CORPUS, corpus_dir, record_text

#: records that disagree with themselves or with any fixed rule; the codes they must give
KNOWN = {
    # GO type 1 (east-only) in the tag and in the log id, yet the game plays into South after
    # a player reached 36,400 at East 4. No Tenhou era allows that (every dated 2009 east-only
    # game ends at East 4 once someone has 30,000: test_tenhou_eras.py), and its header comment
    # and log id are doubleron.xml's, a different game: the header of a hanchan was replaced
    "doubleron_and_riichi.xml": {"game-end-mismatch"},
    # the SHUFFLE seed was copied from doubleron.xml (same seed, that game reproduces): only the wall differs
    "west.xml": {"wall-mismatch"},
    # a stub: INIT then an AGARI with no discard, whose scores contradict the INIT
    "hanchan_with_noname.xml": {"wrong-turn", "truncated", "game-end-mismatch", "final-score-mismatch"},
}


#: the same for the other formats' folders, by file name
KNOWN_OTHER = {
    # a converter's test fixture (names "Aさん"...): seat 2's riichi is accepted (seat 3 draws after
    # it) and seat 0 rons seat 2 later, yet the winner's delta is 1,600 without the 1,000 stick; every
    # real tenhou.net/6 record in the corpus pays the stick to the winner
    "confusing_nakis_1.json": {"score-delta-mismatch"},
    # a converter's test fixture: four plain 5p under aka 1, and the result names seat 1 winning
    # from seat 0 while its deltas pay seat 2
    "confusing_nakis_2.json": {"tile-count-exceeded", "not-a-winning-hand"},
}


def _files(folder: str) -> list[str]:
    if not (CORPUS / folder).exists():
        return []
    return sorted(iter_record_files([str(CORPUS / folder)]))


@pytest.mark.parametrize("path", _files("tenhou_xml"), ids=lambda p: p.split("corpus/")[-1])
def test_tenhou_xml_game_replays_clean(path: str) -> None:
    corpus_dir("tenhou_xml")
    results = list(replay_paths([path]))
    assert results and not any(isinstance(r, Unreadable) for r in results)
    name = path.rsplit("/", 1)[-1]
    for r in results:
        codes = {f.code for f in r.findings}
        assert codes == KNOWN.get(name, set()), [str(f) for f in r.findings]
        assert r.complete


def test_tenhou_xml_every_number_checked(capsys: pytest.CaptureFixture[str]) -> None:
    folder = corpus_dir("tenhou_xml")
    wins = draws = games = 0
    for r in replay_paths([str(folder)]):
        assert not isinstance(r, Unreadable)
        games += 1
        wins += r.wins_checked
        draws += r.draws_checked
        if r.source.rsplit("/", 1)[-1] not in KNOWN:
            text = record_text(r.source)
            assert r.wall_checked == ("mt19937" in text)  # every seeded game's wall was rebuilt
    with capsys.disabled():
        print(f"\ntenhou_xml: {games} games, {wins} wins and {draws} draws recomputed and compared")
    assert wins > 600 and draws > 100


def test_tenhou_xml_truncated_are_reported_as_truncated() -> None:
    folder = corpus_dir("tenhou_xml_truncated")
    n = 0
    for r in replay_paths([str(folder)]):
        assert not isinstance(r, Unreadable)
        n += 1
        assert "truncated" in {f.code for f in r.findings}
        assert not r.complete
    assert n >= 40


def test_chips_lobby_is_clean_under_its_own_rules(tmp_path) -> None:  # noqa: ANN001
    """The tournament lobby's rule (no dealer repeats, east only) given as TOML makes it clean, as its
    own csrule does (tests/test_tenhou_lobby.py)."""
    folder = corpus_dir("tenhou_xml")
    path = next(p for p in _files("tenhou_xml") if p.endswith("chips_tonpusen.xml"))
    toml = tmp_path / "lobby.toml"
    toml.write_text('base = "tenhou"\nrenchan = "never"\nlength = "east"\nstart_points = 0\nkiriage = true\n')
    rules = load_rules(str(toml))
    (r,) = list(replay_paths([path], rules))
    assert not r.findings, [str(f) for f in r.findings]
    assert folder.exists()


@pytest.mark.parametrize("folder", ["tenhou6_json", "mjai_jsonl", "majiang_paipu"])
def test_other_formats_replay_clean(folder: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every game of the JSON, mjai and 電脳麻将 folders replays under its own rules, results compared."""
    corpus_dir(folder)
    games = wins = draws = 0
    for r in replay_paths(_files(folder)):
        assert not isinstance(r, Unreadable), r
        games += 1
        wins += r.wins_checked
        draws += r.draws_checked
        name = r.source.rsplit("/", 1)[-1]
        assert {f.code for f in r.findings} == KNOWN_OTHER.get(name, set()), [str(f) for f in r.findings]
    with capsys.disabled():
        print(f"\n{folder}: {games} games, {wins} wins and {draws} draws recomputed and compared")
    assert games and wins


@pytest.mark.parametrize(
    "config",
    [
        "tenhou-like",
        "dora",
        "dora-kuikae",
        "casual",
        "tournament",
        "qdan",
        "dora-exact",
        "qdan-exact",
        "casual-exact",
    ],
)
def test_majiang_selfplay_clean_under_its_rule_object(config: str) -> None:
    folder = corpus_dir("majiang_selfplay", config)
    rules = load_rules(str(CORPUS / "majiang_selfplay" / "rules" / f"{config}.json"))
    results = list(replay_paths([str(folder)], rules))
    assert results
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
