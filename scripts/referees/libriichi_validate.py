"""Validates mjai logs with libriichi (the ``mjai`` package's bundled build of Mortal's engine) the way
Mortal's ``validate_logs`` does: every seat's ``PlayerState`` takes every event, each action must be one
its actor's state allows, and a win must name its ``ura_markers`` and ``deltas``. ``validate_logs`` keeps
a seat's allowed actions across the announcements ``reach_accepted``, ``dora`` and ``hora``; the Python
binding has no such switch, so an announcement is applied just before the next other event instead.
Runs in the referee's own environment. Input (stdin): JSON lines, one log per line (a list of mjai
events); output: one JSON line per log, ``{"error": null}`` or the first refusal.
"""

import json
import sys

from mjai.mlibriichi.state import PlayerState  # type: ignore[import-not-found]

_ACTIONS = {"dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "reach", "hora"}
_ANNOUNCE = {"reach_accepted", "dora", "hora"}


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0] if text else ''}"[:300]


def validate(events: list[dict]) -> str | None:
    states: list[PlayerState] = []
    held: list[str] = []  # announcements not applied yet
    for i, ev in enumerate(events):
        t = ev.get("type")
        if t == "start_game":
            states = [PlayerState(s) for s in range(4)]
            continue
        if t == "end_game" or not states:
            continue
        line = json.dumps(ev)
        actor = ev.get("actor")
        try:
            if t in _ACTIONS and isinstance(actor, int) and 0 <= actor < 4:
                states[actor].validate_reaction(line)
            if t == "hora" and ("ura_markers" not in ev or "deltas" not in ev):
                return f"event {i} hora: missing ura_markers or deltas (validate_logs requires both)"
        except BaseException as e:  # libriichi raises its own errors (and panics) as exceptions
            return f"event {i} {t} (seat {actor}): {_first_line(e)}"
        if t in _ANNOUNCE:
            held.append(line)
            continue
        for raw in [*held, line]:
            for seat, st in enumerate(states):
                try:
                    st.update(raw)
                except BaseException as e:
                    return f"event {i} {json.loads(raw).get('type')} (seat {seat}'s state): {_first_line(e)}"
        held.clear()
    return None


for raw in sys.stdin:
    if raw.strip():
        print(json.dumps({"error": validate(json.loads(raw))}), flush=True)
