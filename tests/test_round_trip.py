"""A→B→A over every pair of formats: the game comes back judged the same under its own rules (verdict,
findings, every hand's score changes, final scores) and with the same events, or the conversion warned
about what it lost, naming it (``round_trip._WARNED_AS``: the warning that names each event field).

Our sample logs must come back the same through every format (fast); every shared corpus game must come
back the same or warned (slow), and the test prints how many came back the same per pair.
"""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from conftest import CORPUS, SAMPLES, corpus_dir
from round_trip import round_trip

import paifu
from paifu.formats import WRITABLE, RecordError, iter_record_files
from paifu.pipeline import record_rules
from paifu.rules import load_rules

#: the refusals a conversion may make, each a one-line error naming what the target cannot say:
#: 電脳麻将 paipu have four seats; tenhou.net/6 states every win's score changes (akochan's mjai states
#: none); a ron on a player who let no tile go (a malformed mjlog) exists in Tenhou XML only
_REFUSED = (
    "電脳麻将 paipu are 4-player only",
    "states no score changes; tenhou.net/6 needs them",
    "whose tile was not the last one out",
    "who let no tile go",
)


def _games(root: Path) -> list[tuple[str, object, object]]:
    out = []
    for f in iter_record_files([str(root)]):
        parts = Path(f).parts
        rules_file = None
        if "majiang_selfplay" in parts:
            rules_file = (
                CORPUS / "majiang_selfplay" / "rules" / f"{parts[parts.index('majiang_selfplay') + 1]}.json"
            )
        try:
            records = paifu.read(f)
        except RecordError:
            continue
        for rec in records:
            if not rec.partial:
                out.append((str(f), rec, load_rules(rules_file) if rules_file else record_rules(rec)))
    return out


def _trips(roots: list[Path]) -> tuple[collections.Counter[tuple[str, str, str]], list[str]]:
    counts: collections.Counter[tuple[str, str, str]] = collections.Counter()
    problems = []
    for root in roots:
        for f, rec, rules in _games(root):
            for via in WRITABLE:
                if via == rec.format:  # type: ignore[attr-defined]
                    continue
                t = round_trip(rec, via, rules)  # type: ignore[arg-type]
                kind = "refused" if t.refused else "same" if not t.differences else "warned"
                counts[(rec.format, via, kind)] += 1  # type: ignore[attr-defined]
                if t.refused and not any(reason in t.refused for reason in _REFUSED):
                    problems.append(f"{f} via {via}: refused: {t.refused}")
                elif t.differences and not t.warned:
                    problems.append(f"{f} via {via}: judged otherwise, unwarned: {'; '.join(t.differences)}")
                if t.unwarned:
                    problems.append(
                        f"{f} via {via}: events came back otherwise, unwarned: {', '.join(t.unwarned)}"
                    )
                if not t.refused:
                    counts[(rec.format, via, "events lost" if t.lost else "events same")] += 1  # type: ignore[attr-defined]
    return counts, problems


def test_sample_logs_come_back_the_same() -> None:
    """Judged the same through every format, and every event field that comes back otherwise warned."""
    counts, problems = _trips([SAMPLES])
    assert not problems, problems[:10]
    differ = {k: n for k, n in counts.items() if k[2] == "warned"}
    assert not differ, f"sample games judged otherwise after a round trip (warned): {differ}"
    assert counts, "no round trip ran"
    # Tenhou XML carries every event field our mjai samples have: they come back event for event
    assert counts[("mjai", "tenhou-xml", "events same")], counts
    assert not counts[("mjai", "tenhou-xml", "events lost")], counts


@pytest.mark.slow
def test_corpus_comes_back_the_same_or_warned() -> None:
    corpus_dir()  # skipped on a fresh clone, failed under PAIFU_REQUIRE_CORPUS=1
    roots = [p for p in sorted(CORPUS.iterdir()) if p.is_dir() and p.name != "tenhou_xml_truncated"]
    counts, problems = _trips(roots)
    table = "\n".join(f"{a} -> {b} -> {a}: {n} {kind}" for (a, b, kind), n in sorted(counts.items()))
    print(table)
    assert not problems, f"{len(problems)} unwarned differences:\n" + "\n".join(problems[:10]) + "\n" + table


def test_a_robbed_closed_kan_comes_back_through_tenhou_json() -> None:
    """Thirteen orphans may rob a closed kan: tenhou.net/6 writes it as a ron after the kan with no rinshan
    draw, and its reader reads that back as the robbed kan (it used to refuse it)."""
    import warnings

    from builders import GameBuilder

    from paifu.formats import read_bytes

    kokushi = dict(yaku=[("kokushi", 13)], fu=0, limit="yakuman", yakuman=True)
    g = GameBuilder(players=("A", "B", "C", "D"))
    h = g.hand(["111m2468p2578s66z", "9m9m1p9p1s9s1234567z", "2233445566778p", "2233445566778m"])
    h.draw(0, "1m")
    h.ankan(0, "1m")
    robbed = h.melds[0][-1].tiles[-1]
    h.ron(1, 0, tile=robbed, deltas=[-32000, 32000, 0, 0], points=32000, **kokushi)
    g.end([-7000, 57000, 25000, 25000])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rec = read_bytes(paifu.write(g.record(), "tenhou-xml"), "built", "tenhou-xml")[0]
    # Tenhou lets no hand rob a closed kan; a table where thirteen orphans may (Mahjong Soul's, RON2's)
    rules = record_rules(rec).replace(kokushi_chankan_ankan=True)
    before = paifu.replay(rec, rules)
    trip = round_trip(rec, "tenhou-json", rules)
    assert not trip.refused, trip.refused
    assert not trip.differences, trip.differences
    assert before.hands[0].deltas == (-32000, 32000, 0, 0)
    assert [f.code for f in before.findings if f.code != "rank-points-mismatch"] == []
