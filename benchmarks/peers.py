"""Benchmark: a peer engine on the same games, beside ours and the lxml parse floor.

riichienv (a Rust engine on PyPI, a referee of our mjai output) reads mjai, not Tenhou XML. Every
unique four-player Tenhou XML game under PATH is written to mjai by paifu (not timed); then, each in
a fresh process and the best of ``--runs``, CPU seconds of:

* the parse floor: lxml on the XML files (as ``validate.py``'s floor);
* paifu, end to end: read + full replay of the XML files (as ``validate.py``'s end to end);
* riichienv: ``MjaiReplay.from_jsonl`` and ``take_kyokus`` (its reading and replay of every hand)
  and every win valued (``take_win_result_contexts`` and ``calculate``) on the mjai files: the
  nearest of its calls to our full replay (it checks no wall, no score change and no rank points).

riichienv runs in its own environment (``.referees/riichienv``, made by ``scripts/install_referees.sh``).

    python benchmarks/peers.py [PATH ...] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from validate import CORPUS, stage_in_subprocess, unique_files  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RIICHIENV = ROOT / ".referees" / "riichienv" / "bin" / "python"

_PEER = """
import json, sys, time
import riichienv
files = open(sys.argv[1]).read().split("\\n")
t = time.process_time()
games = hands = 0
for path in files:
    kyokus = riichienv.MjaiReplay.from_jsonl(path).take_kyokus()
    for kyoku in kyokus:
        hands += 1
        for ctx in kyoku.take_win_result_contexts():
            ctx.calculate(ctx.create_calculator())
    games += 1
print(json.dumps([time.process_time() - t, games, hands]))
"""


def four_player_games(paths: list[str], folder: Path) -> tuple[list[str], list[str]]:
    """The unique XML files holding one four-player game each, and that game written to mjai."""
    from paifu.formats import read_path, write

    xml: list[str] = []
    mjai: list[str] = []
    for f in unique_files(paths):
        try:
            records = read_path(f)
        except Exception:  # noqa: BLE001 - a file our readers refuse is no common ground
            continue
        if len(records) != 1 or records[0].format != "tenhou-xml" or len(records[0].start.players) != 4:
            continue
        out = folder / f"{len(mjai)}.mjson"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # what mjai cannot carry: not part of a replay
            out.write_bytes(write(records[0], "mjai"))
        xml.append(f)
        mjai.append(str(out))
    return xml, mjai


def peer_run(listing: Path) -> tuple[float, int, int]:
    proc = subprocess.run(
        [str(RIICHIENV), "-c", _PEER, str(listing)], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"riichienv failed: {proc.stderr.strip()[-800:]}")
    cpu, games, hands = json.loads(proc.stdout.strip().splitlines()[-1])
    return float(cpu), int(games), int(hands)


def measure(paths: list[str], runs: int) -> list[str]:
    """The floor, paifu end to end and riichienv on the unique four-player games under ``paths``, each
    the best of ``runs`` fresh processes, as printed lines (``validate.py --peers`` prints them too)."""
    if not RIICHIENV.exists():
        raise SystemExit(f"no riichienv at {RIICHIENV}: run scripts/install_referees.sh first")
    with tempfile.TemporaryDirectory(prefix="paifu-peers-") as tmp:
        xml, mjai = four_player_games(paths, Path(tmp))
        xml_list, mjai_list = Path(tmp) / "xml.txt", Path(tmp) / "mjai.txt"
        xml_list.write_text("\n".join(xml))
        mjai_list.write_text("\n".join(mjai))
        best: dict[str, tuple[float, int, int]] = {}
        for _ in range(runs):
            got_now = {
                "floor": stage_in_subprocess("floor", xml_list, None, ROOT),
                "paifu": stage_in_subprocess("end to end", xml_list, None, ROOT),
                "riichienv": peer_run(mjai_list),
            }
            for name, got in got_now.items():
                if name not in best or got[0] < best[name][0]:
                    best[name] = got
    games = len(xml)
    floor = games / best["floor"][0]
    lines = [
        f"{games} unique four-player Tenhou XML games; CPU seconds in a fresh process, best of {runs}\n",
        f"{'':52}{'games/CPU-s':>12}{'x floor':>9}",
    ]
    labels = {
        "floor": "parse floor (lxml, the XML)",
        "paifu": "paifu end to end (read + full replay, the XML)",
        "riichienv": "riichienv 0.4.11 (read, replay, wins valued; mjai)",
    }
    for name, label in labels.items():
        rate = games / best[name][0]
        lines.append(f"{label:<52}{rate:12.1f}{rate / floor:9.3f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=[str(CORPUS / "tenhou_xml")])
    ap.add_argument("--runs", type=int, default=3, help="fresh runs per figure; the best is shown")
    args = ap.parse_args()
    print("\n".join(measure(args.paths, args.runs)))


if __name__ == "__main__":
    main()
