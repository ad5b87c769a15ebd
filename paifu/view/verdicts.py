"""The review as a player reads it: each discard's facts (attack, defence, the verdict) in Japanese
and in English, tiles written as players write them (``中`` / ``Chun``, ``赤5p`` / ``red 5p``), and
the page's lists of the discards the review names (``paifu.view.review`` finds them)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from paifu.view.names import shown_name
from paifu.view.panels import both
from paifu.view.review import ATTACK_TILES, PLAN_TILES
from paifu.view.safety import FULLY_SAFE
from paifu.view.words import tile_en, tile_ja

esc = html.escape


def _missing(v: Any) -> bool:
    """No value: the review row lacks it (``discard_rows``: None, or the key absent)."""
    return v is None


def _sh(v: Any) -> str:
    try:
        v = int(v)
    except (TypeError, ValueError):
        return "?"
    return (
        both("和了形", "complete")
        if v < 0
        else both("聴牌", "tenpai")
        if v == 0
        else both(f"{v}向聴", f"{v}-shanten")
    )


@lru_cache(maxsize=256)
def tile_words(tile: str) -> str:
    """A tile as players write it, in Japanese and in English (``中`` / ``Chun``, never ``7z``)."""
    return both(tile_ja(tile), tile_en(tile))


def _kinds_words(kinds: Sequence[int]) -> str:
    from paifu.tiles import kind_to_str

    return " ".join(tile_words(kind_to_str(k)) for k in kinds)


SAFETY_WORDS = {
    "genbutsu": ("現物", "genbutsu"),
    "honour": ("字牌(残りなし)", "honour, none left"),
    "suji": ("筋", "suji"),
    "no-chance": ("ノーチャンス", "no-chance"),
}
THREAT_WORDS = {
    "riichi": ("立直", "riichi"),
    "three calls": ("3副露", "three calls"),
    "dealer's open hand": ("親の副露", "dealer's open hand"),
}
PLAN_WORDS = {
    "flush": ("染め手", "flush"),
    "tanyao": ("断么九", "tanyao"),
    "yakuhai": ("役牌", "yakuhai"),
    "dora": ("ドラ", "dora"),
}


def _safe_words(safe: dict[str, list[int]]) -> str:
    if not safe:
        return both("安全牌なし", "no safe tile")
    return "; ".join(f"{both(*SAFETY_WORDS[k])} {_kinds_words(ks)}" for k, ks in safe.items())


def _plan_words(plan: str) -> str:
    kind, _, which = plan.partition("-")
    ja, en = PLAN_WORDS.get(kind, (kind, kind))
    if kind == "flush":
        suit = {"m": ("萬子", "characters"), "p": ("筒子", "circles"), "s": ("索子", "bamboo")}[which]
        return both(f"{suit[0]}の{ja}", f"{en} in {suit[1]}")
    return f"{both(ja, en)} {tile_words(which)}" if which else both(ja, en)


def _name(game: Any, seat: int) -> str:
    """The seat's name as the viewer shows it everywhere (cut to ``NAME_CHARS``: a review line for
    every discard of a 3,000-character name was a page of them)."""
    players = game.result.players
    return esc(shown_name(players[seat]) if 0 <= seat < len(players) and players[seat] else f"seat {seat}")


def review_line(game: Any, r: dict[str, Any]) -> str:
    """One discard's review as HTML: attack, then defence, then the verdict."""
    who = _name(game, r["seat"])
    out = []
    if not _missing(r.get("ukeire")):
        made = (
            f"{who} {both('打', 'discards')} {tile_words(r['tile'])}: {_sh(r['shanten_before'])} → "
            f"{_sh(r['shanten_after'])}, {r['ukeire']} {both('枚', 'tiles')}"
        )
        best = f"{both('最多', 'best')} {tile_words(r['best_tile'])}: {_sh(r['best_shanten'])}, {r['best_ukeire']} {both('枚', 'tiles')}"
        forced = f" ({both('立直中', 'forced: riichi')})" if r["riichi"] else ""
        plan = ""
        if r.get("plan"):
            plan = (
                f" {both('手役を維持', 'kept the plan')}: {_plan_words(r['plan'])} "
                f"({r['best_ukeire'] - r['ukeire']} {both('枚減', 'tiles fewer')}, "
                f"{both(f'{PLAN_TILES}枚未満', f'under {PLAN_TILES}')})"
            )
        out.append(
            f"<div class='att{' worse' if r.get('flag') == 'attack' else ''}'>{made}; {best}{forced}{plan}</div>"
        )
    for threat, safe, how in r.get("defence", []):
        tile_safe = both(*SAFETY_WORDS[how]) if how else both("危険", "not safe")
        out.append(
            f"<div class='def'>{both('対', 'against')} {_name(game, threat.seat)} ({both(*THREAT_WORDS[threat.why])}): "
            f"{both('安全牌', 'safe held')}: {_safe_words(safe)}; {tile_words(r['tile'])}: {tile_safe}</div>"
        )
    for winner, safe in r.get("dealt_to", []):
        cls = " worse" if r.get("flag") == "defence" else ""
        out.append(
            f"<div class='def{cls}'>{both('放銃', 'dealt in to')} {_name(game, winner)}: "
            f"{both('その時の安全牌', 'held safe against them')}: {_safe_words(safe)}</div>"
        )
    if r.get("defended"):
        out.append(
            f"<div class='safe'>{both('守備を優先', 'played safe against a threat instead of the best tile')}</div>"
        )
    return "".join(out)


def review_texts(game: Any, rows: list[dict[str, Any]]) -> dict[int, str]:
    """For each discard event, its review (as HTML)."""
    out = {}
    for r in rows:
        text = review_line(game, r)
        if text:
            out[int(r["event_index"])] = f"<div class='pf-review'>{text}</div>"
    return out


def review_list(game: Any, rows: list[dict[str, Any]], why: str) -> str:
    """The discards the review lists (attack, defence), each a link to its event, and the deal-ins."""
    attack = [r for r in rows if r.get("flag") == "attack"]
    defence = [r for r in rows if r.get("flag") == "defence"]
    deal_ins = [r for r in rows if r.get("deal_in")]
    planned = sum(1 for r in rows if r.get("plan") and not r.get("flag"))
    defended = sum(1 for r in rows if r.get("defended"))

    def item(r: dict[str, Any]) -> str:
        e = r["event_index"]
        return (
            f"<li data-event='{e}'><a href='#e{e}' data-event='{e}'>{esc(r['label'])} {both('打', 'discard')} "
            f"{tile_words(r['tile'])}</a> {_name(game, r['seat'])}: {review_line(game, r)}</li>"
        )

    if why:
        return f"<p>{esc(why)}</p>"
    head = (
        f"{len(attack)} of {len(rows)} discards listed for attack ({ATTACK_TILES}+ tiles fewer, or a step back); "
        f"{planned} kept a plan, {defended} played safe"
    )
    return (
        f"<details id='worse'><summary>{head}</summary><ul>{''.join(map(item, attack))}</ul></details>"
        f"<details id='dealins'><summary>{len(deal_ins)} deal-ins, {len(defence)} with a fully safe tile "
        f"held ({' / '.join(FULLY_SAFE)}) from a hand not tenpai</summary><ul>{''.join(map(item, deal_ins))}</ul></details>"
    )
