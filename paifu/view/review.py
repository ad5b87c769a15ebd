"""Discard review: facts a player can check on the table at each discard, with no model.

Attack: the hand's shanten before the discard (14 tiles) and after it, and its ukeire (how many
tiles the player cannot see would lower the shanten) for the discard made and for the best
discard by that measure (lowest shanten, then most ukeire), by our own calculator
(``paifu.shanten``). "Cannot see" means not in the player's own hand, any river, any meld or the
dora indicators. The hand's plan stays in view (``paifu.view.plans``): a discard that serves the
hand's yaku or value plan better than the best one is not listed for fewer than ``PLAN_TILES``.

Defence (``paifu.view.safety``): at every discard while another seat threatens (riichi, three
calls, the dealer with a call), the held tiles safe against that seat and how safe the discard
was; at every deal-in, the tiles that were safe against the winner.

Verdicts (``flag``): ``attack`` for a discard from a hand ``ATTACK_SHANTEN`` steps from tenpai or
nearer that went back a step from the best or kept at least ``ATTACK_TILES`` fewer improving
tiles than it, unless riichi forced it, a plan explains it
or it was a safe tile against a threat the best one was not safe against; ``defence`` for a
deal-in to a threatening seat from a hand not tenpai while a fully safe tile was held. The
thresholds are named in ``docs/viewer.md``.
"""

from __future__ import annotations

from typing import Any

from paifu.events import Discard, HandStart, Win
from paifu.shanten import Shape, improving
from paifu.tiles import kind_to_str
from paifu.view.model import TableData, kind_of, reviewable
from paifu.view.names import game_label
from paifu.view.plans import DORA, Plan, plans_of, serves_better
from paifu.view.safety import FULLY_SAFE, HandLog, Threat, safe_tiles, safety, threats

#: a discard is listed (``attack``) when it keeps this many fewer improving tiles than the best
#: discard at the same shanten, or goes back a step: fewer, at 14 tiles' worth of choices, is within
#: what a single tile seen or unseen changes
ATTACK_TILES = 4
#: discards are listed only from a hand this many steps from tenpai or nearer (its best discard's
#: shanten): further out, the count of improving tiles says little of a hand still taking shape
ATTACK_SHANTEN = 2
#: a plan (yaku or value) kept explains a loss of fewer than this many improving tiles: the ukeire
#: of one two-sided wait (two kinds, four each)
PLAN_TILES = 8

COLUMNS = {
    "source": "string",
    "game_id": "string",
    "game_index": "Int64",
    "event_index": "Int64",
    "label": "string",
    "seat": "category",  # 0..3 whatever the table size, as in paifu.analysis.frames
    "player": "string",
    "turn": "Int64",
    "tile": "string",
    "tsumogiri": "boolean",
    "riichi": "boolean",
    "shanten_before": "Int64",
    "shanten_after": "Int64",
    "ukeire": "Int64",
    "best_tile": "string",
    "best_shanten": "Int64",
    "best_ukeire": "Int64",
    "best": "boolean",
    "plan": "string",  # the plan that explains a loss (``flush-m``, ``tanyao``, ``yakuhai-7z``, ``dora-5p``)
    "threats": "string",  # seats that threaten, ``2 riichi; 3 three calls``
    "safe_held": "string",  # per threat, the held tiles safe against it: ``2: genbutsu 3m 7z; suji 6p``
    "discard_safety": "string",  # per threat, how safe the discard was: ``2: suji``, ``2: none``
    "deal_in": "boolean",
    "flag": "string",  # "", "attack" or "defence"
}


def visible_counts(tv: TableData, seat: int, own: tuple[int, ...] | None = None) -> list[int]:
    """Copies of each kind the player at ``seat`` can see: own hand (``own``: its counts, when
    known), rivers, melds, dora indicators."""
    c = list(tv.seats[seat].counts if own is None else own)
    for sv in tv.seats:
        for r in sv.river:
            if not r.called:  # a called tile is counted in the caller's meld
                c[kind_of(r.tile)] += 1
        for m in sv.melds:
            for t in m.tiles + ((m.added,) if m.added else ()):
                c[kind_of(t)] += 1
        c[30] += sv.kita
    for t in tv.dora:
        c[kind_of(t)] += 1
    return c


def ukeire(counts: list[int], visible: list[int], closed: bool, sanma: bool) -> tuple[int, int]:
    """(shanten, number of unseen tiles that lower it) of a hand waiting for a tile."""
    base, kinds = improving(tuple(counts), closed, sanma)
    return base, sum(max(4 - visible[k], 0) for k in kinds)


def _dora_kinds(tv: TableData, sanma: bool) -> set[int]:
    """The kinds the dora indicators on the table make dora."""
    out = set()
    for t in tv.dora:
        k = kind_of(t)
        if k >= 27:
            out.add(27 + (k - 27 + 1) % 4 if k < 31 else 31 + (k - 31 + 1) % 3)
        elif sanma and k == 0:
            out.add(8)  # three players: 1m indicates 9m
        else:
            out.add(k - k % 9 + (k % 9 + 1) % 9)
    return out


def review_discard(
    before: TableData, seat: int, tile: str, plans: list[Plan] | None = None, visible: list[int] | None = None
) -> dict[str, Any]:
    """Shanten and ukeire of discarding ``tile`` and of the best discard, from the table before
    it; ``plan``: the hand's plan that serves better than the best discard, if one does (``visible``:
    what the player sees, ``visible_counts``, when known)."""
    sv = before.seats[seat]
    held = sv.counts
    counts = list(held)
    closed = not any(m.kind != "ankan" for m in sv.melds)
    if not reviewable(counts):  # a broken record's oversized hand: drawn, not reviewed
        return {"shanten_before": None}
    visible = visible if visible is not None else visible_counts(before, seat, held)
    whole = Shape(counts, closed, sv.sanma)
    shanten_before = whole.shanten() if sum(counts) % 3 == 2 else None
    options: dict[int, tuple[int, int]] = {}
    kinds = [k for k in range(34) if counts[k]]
    after = {k: whole.shanten(k, -1) for k in kinds}
    low = min(after.values()) if after else None
    actual = kind_of(tile)
    for k in kinds:
        if after[k] == low or k == actual:
            counts[k] -= 1
            options[k] = ukeire(counts, visible, closed, sv.sanma)
            counts[k] += 1
    if actual not in options:  # a tile the engine did not see in the hand (a finding): review nothing
        return {"shanten_before": shanten_before}
    best = min(options, key=lambda k: (options[k][0], -options[k][1], k))
    made = options[actual]
    out = {
        "shanten_before": shanten_before,
        "shanten_after": made[0],
        "ukeire": made[1],
        "best_tile": kind_to_str(best),
        "best_shanten": options[best][0],
        "best_ukeire": options[best][1],
        "best": made[0] == options[best][0] and made[1] == options[best][1],
        "plan": None,
    }
    if not out["best"] and made[0] == options[best][0]:
        out["plan"] = _plan_kept(sv, counts, actual, best, plans or [], visible, closed, before)
    return out


def _plan_kept(
    sv: Any,
    counts: list[int],
    made: int,
    best: int,
    plans: list[Plan],
    visible: list[int],
    closed: bool,
    tv: TableData,
) -> str | None:
    """The plan that the discard made serves better than the best one (``flush-m``, ``dora-5p``...)."""
    for plan in plans:
        if serves_better(counts, made, best, plan, visible, closed, sv.sanma):
            if plan.kind == "flush":
                return f"flush-{'mps'[plan.which]}"
            return plan.kind if plan.kind != "yakuhai" else f"yakuhai-{kind_to_str(plan.which)}"
    reds = [t for t in sv.tiles if kind_of(t) == best]
    valuable = best in _dora_kinds(tv, sv.sanma) or (reds and all(t[0] == "0" for t in reds))
    if valuable and serves_better(counts, made, best, Plan(DORA, best), visible, closed, sv.sanma):
        return f"dora-{kind_to_str(best)}"
    return None


def _hand_plans(game: Any, span: Any, hr: Any) -> dict[int, tuple[list[str], list[str]]]:
    """Per seat that won the hand: its winning yaku and its whole winning hand's tiles."""
    out: dict[int, tuple[list[str], list[str]]] = {}
    if hr is None:
        return out
    final = game.tables[span.end]
    for w in final.wins:
        tiles = [*w.hand, w.tile, *(t for m in w.melds for t in m.tiles)]
        out[w.seat] = ([name for name, _ in w.yaku], tiles)
    return out


def _safe_text(safe: dict[str, list[int]]) -> str:
    return "; ".join(f"{kind} {' '.join(kind_to_str(k) for k in ks)}" for kind, ks in safe.items())


def discard_rows(game: Any) -> list[dict[str, Any]]:
    """One dict per discard of a ``GameView``; ``defence`` (each threat's safe tiles) and
    ``dealt_to`` (each winner's safe tiles at a deal-in) carry what the page shows."""
    r = game.result
    rules = r.rules
    n = len(r.players)
    rows: list[dict[str, Any]] = []
    turns: dict[tuple[str, int], int] = {}
    log = HandLog(
        n, bool(getattr(rules, "same_turn_furiten", True)), bool(getattr(rules, "riichi_furiten", True))
    )
    won: dict[int, tuple[list[str], list[str]]] = {}
    last: tuple[dict[str, Any], TableData, int, tuple[Any, ...]] | None = None  # the discard a ron may take
    seen: dict[int, Any] = {}  # each seat copy's threat facts
    for i, ev in enumerate(game.record.events):
        if i >= len(game.tables):
            break
        if isinstance(ev, HandStart):
            log = HandLog(n, log.same_turn, log.riichi_furiten)
            k = game.hand_index(i)
            span = game.hands[k] if game.hands else None
            won = _hand_plans(game, span, r.hands[k] if k < len(r.hands) else None) if span else {}
            last = None
            continue
        if isinstance(ev, Win) and not ev.tsumo and last is not None and last[0]["seat"] == ev.from_seat:
            _deal_in(last[0], last[1], last[2], ev.seat, log, last[3])
            continue
        if not isinstance(ev, Discard) or i == 0:
            continue
        before, now = game.tables[i - 1], game.tables[i]
        if not before.seats or ev.seat >= len(before.seats) or ev.seat >= len(now.seats):
            continue
        key = (now.hand, ev.seat)
        turns[key] = turns.get(key, 0) + 1
        river = now.seats[ev.seat].river
        tile = river[-1].tile if river else "?"
        row: dict[str, Any] = {
            "source": r.source,
            "game_id": game_label(r.game_id, r.source, r.game_index),
            "game_index": r.game_index,
            "event_index": i,
            "label": now.hand,
            "seat": ev.seat,
            "player": now.seats[ev.seat].name,
            "turn": turns[key],
            "tile": tile,
            "tsumogiri": ev.tsumogiri,
            "riichi": before.seats[ev.seat].riichi and not river[-1].riichi,
            "deal_in": False,
            "flag": "",
        }
        if tile != "?":
            sv = before.seats[ev.seat]
            opened = any(m.kind != "ankan" for m in sv.melds)
            won_yaku, won_tiles = won.get(ev.seat, ([], []))
            plans = plans_of([m.tiles for m in sv.melds], opened, won_yaku, won_tiles, sv.tiles)
            visible = visible_counts(before, ev.seat)
            row.update(review_discard(before, ev.seat, tile, plans, visible))
            _defence(row, before, ev.seat, kind_of(tile), log, seen, visible)
            _verdict(row)
            last = (row, before, ev.seat, log.snapshot())
            log.discard(ev.seat, kind_of(tile), river[-1].riichi)
        else:
            last = None
        rows.append(row)
    return rows


def _seat_threat(sv: Any, seen: dict[int, tuple[Any, bool, int]]) -> tuple[bool, int]:
    """(declared riichi, open melds) of a seat, found once per seat copy (``snapshot`` keeps a seat
    an event left as it was: the same object again)."""
    known = seen.get(id(sv))
    if known is None or known[0] is not sv:
        known = (
            sv,
            sv.riichi or any(t.riichi for t in sv.river),
            sum(1 for m in sv.melds if m.kind != "ankan"),
        )
        seen[id(sv)] = known
    return known[1], known[2]


def _defence(
    row: dict[str, Any],
    before: TableData,
    seat: int,
    kind: int,
    log: HandLog,
    seen: dict[int, Any],
    visible: list[int],
) -> None:
    """The threats at this discard, the held tiles safe against each, and how safe the discard was."""
    facts = [_seat_threat(s, seen) for s in before.seats]
    found = threats(seat, [f[0] for f in facts], [f[1] for f in facts], before.dealer)
    row["defence"] = []
    if not found:
        row["threats"] = row["safe_held"] = row["discard_safety"] = None
        return
    held = [kind_of(t) for t in before.seats[seat].tiles]
    texts, safes, tile_safety = [], [], []
    for t in found:
        gen = log.genbutsu(t.seat)
        safe = safe_tiles(held, gen, visible)
        how = safety(kind, gen, visible)
        row["defence"].append((t, safe, how))
        texts.append(f"{t.seat} {t.why}")
        safes.append(f"{t.seat}: {_safe_text(safe) or 'none'}")
        tile_safety.append(f"{t.seat}: {how or 'none'}")
    row["threats"], row["safe_held"], row["discard_safety"] = (
        "; ".join(texts),
        " | ".join(safes),
        " | ".join(tile_safety),
    )


def _deal_in(
    row: dict[str, Any], before: TableData, seat: int, winner: int, log: HandLog, snap: tuple[Any, ...]
) -> None:
    """A ron on this discard: the held tiles that were safe against the winner, and the verdict."""
    row["deal_in"] = True
    visible = visible_counts(before, seat)
    held = [kind_of(t) for t in before.seats[seat].tiles]
    gen = log.genbutsu(winner, snap)
    safe = safe_tiles(held, gen, visible)
    row.setdefault("dealt_to", []).append((winner, safe))
    threat = next((t for t, _, _ in row.get("defence", []) if t.seat == winner), None)
    fully = any(safe.get(k) for k in FULLY_SAFE)
    sh = row.get("shanten_before")
    if threat is not None and fully and sh is not None and sh >= 1:
        row["flag"] = "defence"


def _verdict(row: dict[str, Any]) -> None:
    """``attack`` where the discard lost to the best one by ``ATTACK_TILES`` or a step, with nothing
    that explains it (riichi, a plan, a safe tile played against a threat)."""
    if row.get("best") in (None, True) or row["riichi"]:
        return
    if row["best_shanten"] > ATTACK_SHANTEN:
        return
    back = row["shanten_after"] > row["best_shanten"]
    loss = row["best_ukeire"] - row["ukeire"]
    if not back and loss < ATTACK_TILES:
        return
    if not back and row.get("plan") and loss < PLAN_TILES:
        return
    best = kind_of(row["best_tile"])
    safer = worse = False
    for _, safe, how in row.get("defence", []):
        best_how = next((kind for kind, ks in safe.items() if best in ks), None)
        safer = safer or _rank(how) < _rank(best_how)
        worse = worse or _rank(how) > _rank(best_how)
    if safer and not worse:
        row["defended"] = True
        return
    row["flag"] = "attack"


def _rank(how: str | None) -> int:
    """0 fully safe (genbutsu, an honour with none left), 1 safe from two-sided waits (suji,
    no-chance), 2 neither."""
    return 0 if how in FULLY_SAFE else 2 if how is None else 1


def discard_review(game: Any) -> Any:
    """The discard review of a ``GameView`` as a DataFrame (columns ``COLUMNS``)."""
    import pandas as pd

    df = pd.DataFrame(discard_rows(game), columns=list(COLUMNS))
    for col, dtype in COLUMNS.items():
        if dtype == "category":
            df[col] = pd.Categorical(df[col].tolist(), categories=[0, 1, 2, 3])
        else:
            df[col] = pd.array([pd.NA if v is None or v != v else v for v in df[col].tolist()], dtype=dtype)  # type: ignore[call-overload]
    return df


__all__ = [
    "ATTACK_SHANTEN",
    "ATTACK_TILES",
    "COLUMNS",
    "PLAN_TILES",
    "Threat",
    "discard_review",
    "discard_rows",
    "review_discard",
    "ukeire",
    "visible_counts",
]
