"""The independent programs that judge what paifu writes (installed by ``scripts/install_referees.sh`` into
``.referees/``, each in its own environment): how to run each on a batch of records, one answer per record.

A referee that is absent skips its test, except under ``PAIFU_REQUIRE_REFEREES=1`` (``.ci/run`` sets it),
where the test fails: CI installs them, so a missing one there is a broken install, not an option.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFEREES = ROOT / ".referees"
SCRIPTS = ROOT / "scripts" / "referees"
NODE_MODULES = REFEREES / "node" / "node_modules"
_PYTHONS = {
    "mjai": REFEREES / "mjai" / "bin" / "python",
    "riichienv": REFEREES / "riichienv" / "bin" / "python",
}
_NODE_PACKAGES = {"majiang-core": "@kobalab/majiang-core", "tenhou-log": "@kobalab/tenhou-log"}


def require(name: str) -> None:
    """Skip (or, under PAIFU_REQUIRE_REFEREES=1, fail) unless referee ``name`` is installed."""
    if name in _PYTHONS:
        there = _PYTHONS[name].exists()
    else:
        there = (NODE_MODULES / _NODE_PACKAGES[name] / "package.json").exists() and _which("node")
    if there:
        return
    msg = f"referee {name} not installed (bash scripts/install_referees.sh)"
    if os.environ.get("PAIFU_REQUIRE_REFEREES") == "1":
        pytest.fail(msg)
    pytest.skip(msg)


def _which(cmd: str) -> bool:
    import shutil

    return shutil.which(cmd) is not None


def _run(argv: list[str], stdin: str, n: int) -> list[dict[str, Any]]:
    env = {**os.environ, "REFEREE_NODE_MODULES": str(NODE_MODULES)}
    out = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, timeout=900, check=False)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) == n, f"{argv[-1]} answered {len(lines)} of {n} records: {out.stderr[-2000:]}"
    return lines


def majiang_replay(
    games: list[dict[str, Any]], rule: dict[str, Any] | None = None, skip: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """majiang-core's ``Majiang.Dev.Game`` replay of each paipu under ``rule`` (its own keys): ``{"diff":
    None}`` when its paipu equals ours (but the totals named in ``skip``: ``defen``, ``rank``, ``point``),
    else the first difference (``where``, ``ours``, ``theirs``), or ``{"error": ...}``."""
    payload = json.dumps({"rule": rule, "games": games, "skip": list(skip)}, ensure_ascii=False)
    return _run(["node", str(SCRIPTS / "majiang_replay.js")], payload, len(games))


def tenhou_log(xmls: list[str]) -> list[dict[str, Any]]:
    """tenhou-log's conversion of each Tenhou XML game: ``{"paipu": ...}`` or ``{"error": ...}``."""
    return _run(["node", str(SCRIPTS / "tenhou_log.js")], json.dumps({"games": xmls}), len(xmls))


def libriichi(logs: list[list[dict[str, Any]]]) -> list[str | None]:
    """libriichi's validation of each mjai log (a list of events): None, or its first refusal."""
    payload = "".join(json.dumps(log) + "\n" for log in logs)
    answers = _run([str(_PYTHONS["mjai"]), str(SCRIPTS / "libriichi_validate.py")], payload, len(logs))
    return [a["error"] for a in answers]


def riichienv(logs: list[bytes]) -> list[dict[str, Any]]:
    """riichienv's replay of each mjai log: ``{"wins": [[seat, han, fu, ron, tsumo_dealer, tsumo_other,
    is_win], ...]}`` or ``{"error": ...}``."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, data in enumerate(logs):
            p = Path(tmp) / f"{i}.jsonl"
            p.write_bytes(data)
            paths.append(str(p))
        return _run(
            [str(_PYTHONS["riichienv"]), str(SCRIPTS / "riichienv_replay.py")],
            "\n".join(paths) + "\n",
            len(logs),
        )
