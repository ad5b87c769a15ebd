"""Every corpus verdict as JSON Lines, in a stable order: the before/after check for a change
that must not change behaviour (run it at two commits and diff the outputs).

    python scripts/corpus_verdicts.py [CORPUS] > verdicts.jsonl
    diff <(git stash; python scripts/corpus_verdicts.py) <(git stash pop; python scripts/corpus_verdicts.py)

Each line is one game: file, game index, rules, hands, wins and draws recomputed, rank points
checked, final scores, every hand's score changes, and every finding (code, hand, event, seat,
expected, actual). The 電脳麻将 self-play folders are replayed under their own rule objects.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from paifu.rules import load_rules

try:
    from paifu.pipeline import Unreadable, replay_paths
except ImportError:  # a commit before the module's rename (paifu.replay)
    from paifu.pipeline import Unreadable, replay_paths  # type: ignore[no-redef]


def _runs(corpus: Path) -> list[tuple[Path, str | None]]:
    runs: list[tuple[Path, str | None]] = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        if folder.name == "majiang_selfplay":
            rules = folder / "rules"
            for sub in sorted(p for p in folder.iterdir() if p.is_dir() and p.name != "rules"):
                runs.append((sub, str(rules / f"{sub.name}.json")))
        else:
            runs.append((folder, None))
    return runs


def main() -> None:
    corpus = Path(
        sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "corpus"
    )
    out = sys.stdout
    for folder, rules_file in _runs(corpus):
        rules = load_rules(rules_file) if rules_file else None
        for r in replay_paths([str(folder)], rules):
            if isinstance(r, Unreadable):
                out.write(
                    json.dumps(
                        {"file": str(Path(r.file).relative_to(corpus)), "unreadable": r.reason},
                        ensure_ascii=False,
                    )
                    + "\n"
                )
                continue
            out.write(
                json.dumps(
                    {
                        "file": str(Path(r.source).relative_to(corpus)),
                        "game": r.game_index,
                        "rules": r.rules.name,
                        "hands": len(r.hands),
                        "wins": r.wins_checked,
                        "draws": r.draws_checked,
                        "rank_points": r.rank_points_checked,
                        "final": r.final_scores,
                        "deltas": [h.deltas for h in r.hands],
                        "findings": [
                            [f.code, f.hand, f.event_index, f.seat, repr(f.expected), repr(f.actual)]
                            for f in r.findings
                        ],
                        "notes": list(r.notes),
                    },
                    ensure_ascii=False,
                    default=str,
                )
                + "\n"
            )


if __name__ == "__main__":
    main()
