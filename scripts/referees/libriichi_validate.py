"""Validates mjai logs with libriichi (the ``mjai`` package's bundled build of Mortal's engine), as Mortal's
``validate_logs`` does: every seat's ``PlayerState`` takes every event, and each seat's own action must be
one its state allows. Runs in the referee's own environment. Input (stdin): JSON lines, one log per line
(a list of mjai events); output: one JSON line per log, ``{"error": null}`` or the first refusal.
"""

import json
import sys

from mjai.mlibriichi.state import PlayerState  # type: ignore[import-not-found]

_OWN = {"dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "reach", "hora", "ryukyoku"}


def validate(events: list[dict]) -> str | None:
    states: list[PlayerState] = []
    for i, ev in enumerate(events):
        t = ev.get("type")
        if t == "start_game":
            states = [PlayerState(s) for s in range(4)]
            continue
        if t == "end_game":
            continue
        line = json.dumps(ev)
        for seat, st in enumerate(states):
            try:
                # a seat's own action is checked against what its state allows before it is applied
                if t in _OWN and ev.get("actor") == seat and t != "ryukyoku":
                    st.validate_reaction(line)
                st.update(line)
            except BaseException as e:  # libriichi raises its own errors (and panics) as exceptions
                first = str(e).strip().splitlines()[0] if str(e).strip() else ""
                return f"event {i} {t} (seat {seat}): {type(e).__name__}: {first}"[:300]
    return None


for raw in sys.stdin:
    if raw.strip():
        print(json.dumps({"error": validate(json.loads(raw))}), flush=True)
