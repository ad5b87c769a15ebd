"""The tags before a Tenhou XML game's first deal, read into its ``GameStart``: the table (GO),
the players (UN), the wall seed (SHUFFLE, or one per INIT in very old logs), the first dealer."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from paifu.events import GameStart
from paifu.formats.tenhou_xml.attrs import _decode_name, _int_attr, _ints
from paifu.formats.tenhou_xml.element import Element
from paifu.formats.tenhou_xml.names import INIT_SHUFFLE_PREFIX


class _Reader(Protocol):
    """What the header needs of the game reader (``tenhou_xml.game._GameReader``)."""

    n: int
    game_id: str
    players: tuple[str, ...]
    root: Element

    def error(self, message: str) -> Exception: ...


def table_size(header: Sequence[Element], first: Element) -> int:
    """3 or 4 players: as the (last) GO tag's type says, else as the first deal (no ``hai3``: three)."""
    go = None
    for el in header:
        if el.tag == "GO":
            go = el
    if go is not None and go.get("type") is not None:
        return 3 if _int_attr(go, "type") & 0x10 else 4
    return 3 if not first.get("hai3") else 4


def game_start(
    reader: _Reader, header: Sequence[Element], first: Element, inits: Callable[[], Iterable[Element]]
) -> GameStart:
    """The game's start from the tags before its first INIT (GO, UN, SHUFFLE, TAIKYOKU); sets
    ``reader.n`` and ``reader.players``. ``inits``: every INIT (a very old log's seeds are theirs)."""
    go = shuffle = un = taikyoku = None
    for el in header:
        if el.tag == "GO":
            go = el
        elif el.tag == "SHUFFLE":
            shuffle = el
        elif el.tag == "UN" and un is None:
            un = el
        elif el.tag == "TAIKYOKU":
            taikyoku = el
        elif el.tag not in ("UN", "BYE"):
            raise reader.error(f"unexpected <{el.tag}> before the first INIT")
    go_type = _int_attr(go, "type") if go is not None and go.get("type") is not None else None
    reader.n = n = table_size(header, first)
    if un is None:
        players = tuple("" for _ in range(n))
    else:
        players = tuple(_decode_name(un.get(f"n{i}", "")) for i in range(n))
    reader.players = players
    meta: list[tuple[str, object]] = []
    if go is not None:
        for key in ("lobby", "title", "rule", "ranking", "csrule"):
            v = go.get(key)
            if v is not None:
                meta.append((key, int(v) if key == "lobby" else v))
    if un is not None:
        if un.get("dan") is not None:
            meta.append(("dan", tuple(_ints(un.get("dan", ""), "dan")[:n])))
        if un.get("rate") is not None:
            meta.append(("rate", tuple(float(x) for x in un.get("rate", "").split(",")[:n])))
        for key in ("sx", "rc", "gold"):
            if un.get(key) is not None:
                meta.append((key, tuple(un.get(key, "").split(",")[:n])))
    seed: str | None = None
    if shuffle is not None:
        seed = shuffle.get("seed") or None
        if shuffle.get("ref"):
            meta.append(("shuffle_ref", shuffle.get("ref")))
    if seed is None:
        per_hand = [el.get("shuffle") for el in inits()]
        if any(per_hand):
            seed = INIT_SHUFFLE_PREFIX + ";".join(s or "" for s in per_hand)
    ver = reader.root.get("ver")
    if ver is not None:
        meta.append(("mjlog_ver", ver))
    first_dealer = _int_attr(taikyoku, "oya") if taikyoku is not None and taikyoku.get("oya") else 0
    return GameStart(
        players=players,
        game_id=reader.game_id,
        first_dealer=first_dealer,
        rules_hint=((("tenhou_go_type", go_type),) if go_type is not None else ())
        + ((("tenhou_seed_form", "per-hand"),) if seed and seed.startswith(INIT_SHUFFLE_PREFIX) else ()),
        wall_seed=seed,
        meta=tuple(meta),
        physical_ids=True,
    )
