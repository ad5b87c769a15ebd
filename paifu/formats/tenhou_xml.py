"""Tenhou mjlog XML: reader and writer (formats.md section 1).

One ``<mjloggm>`` root is one game. The reader walks the root's children once and
maps each tag to events of :mod:`paifu.events`; it knows nothing of rules (a
discard's ``tsumogiri`` flag is the only thing it infers, because the format does
not say it). Everything it cannot read becomes a :class:`RecordError` naming the
file, game, hand (``E2-1`` = East 2, honba 1) and event index.

Choices worth knowing:

- ``GameStart.wall_seed`` is the SHUFFLE ``seed`` as written; very old logs carry
  one ``shuffle="mt19937ar,..."`` per INIT instead, kept as
  ``INIT_SHUFFLE_PREFIX`` + the per-hand values joined by ``;`` so the wall module
  can tell that form apart (it cannot reproduce it). An empty seed gives ``None``.
- A full ``UN`` (with ``dan``) repeated mid-game is the server re-sending the
  player list; it is not an event. A ``UN`` carrying only names is a reconnect.
- Yakuman wins: ``han`` is None, each ``yakuman`` id is a ClaimedYaku of 13 han and
  ``yakuman_multiple`` is the number of ids (Tenhou scores no double yakuman).
- Chip lobbies write 16 values in ``sc``/``owari``; only the first 8 (points) are read.
  ``chip``/``ratio`` attributes are not carried into events.
"""

from __future__ import annotations

import re
import warnings
from pathlib import PurePath
from typing import Any
from urllib.parse import unquote

from lxml import etree

from paifu.events import (
    Call,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Disconnect,
    Draw,
    Event,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    Reconnect,
    RecordIssue,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, hinted_red, hinted_rules, with_stated_scores
from paifu.formats.copies import needs_copies, with_copies
from paifu.formats.tenhou_meld import MeldCodeError, decode_meld, encode_meld
from paifu.limits import current
from paifu.yaku import TENHOU_YAKU_IDS, YAKUMAN

__all__ = ["INIT_SHUFFLE_PREFIX", "read_tenhou_xml", "write_tenhou_xml"]

INIT_SHUFFLE_PREFIX = "tenhou-init-shuffle;"  # paifu.engine.wall uses the same spelling (tested)
FORMAT = "tenhou-xml"
LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_RYUU_KIND = {
    None: RyuukyokuKind.EXHAUSTIVE,
    "yao9": RyuukyokuKind.NINE_TERMINALS,
    "reach4": RyuukyokuKind.FOUR_RIICHI,
    "ron3": RyuukyokuKind.TRIPLE_RON,
    "kan4": RyuukyokuKind.FOUR_KANS,
    "kaze4": RyuukyokuKind.FOUR_WINDS,
    "nm": RyuukyokuKind.NAGASHI_MANGAN,
}
_RYUU_TYPE = {v: k for k, v in _RYUU_KIND.items()}
_YAKU_NAME_TO_ID = {y.value: i for i, y in enumerate(TENHOU_YAKU_IDS)}
_YAKUMAN_NAMES = frozenset(y.value for y in YAKUMAN)
_LOG_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")
_DRAW_SEAT = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_SEAT = {"D": 0, "E": 1, "F": 2, "G": 3}
_HEADER_TAGS = frozenset({"SHUFFLE", "GO", "TAIKYOKU"})
# a start tag and its attributes, for the duplicate-attribute repair only
_START_TAG = re.compile(rb"<([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)(\s*/?>)")
_ATTR = re.compile(rb"\s+([^\s=>/]+)\s*=\s*(\"[^\"]*\"|'[^']*')")
_RANK_TEXT = re.compile(r"-?\d+(\.\d+)?$")


# ------------------------------------------------------------------ helpers


def _ints(text: str, what: str) -> list[int]:
    try:
        return list(map(int, text.split(","))) if text else []
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a comma list of integers") from None


def _tile(t: int) -> int:
    if not 0 <= t < 136:
        raise ValueError(f"tile id {t} is outside 0..135")
    return t


def _tiles(text: str | None, what: str) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        vals = tuple(map(int, text.split(",")))
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a comma list of tile ids") from None
    if min(vals) < 0 or max(vals) > 135:
        raise ValueError(f"{what}: tile id {max(vals) if max(vals) > 135 else min(vals)} is outside 0..135")
    return vals


def _need(el: etree._Element, name: str) -> str:
    v = el.get(name)
    if v is None:
        raise ValueError(f"missing attribute {name!r}")
    return v


def _int_attr(el: etree._Element, name: str) -> int:
    v = _need(el, name)
    try:
        return int(v)
    except ValueError:
        raise ValueError(f"{name}={v!r} is not an integer") from None


def _decode_name(raw: str) -> str:
    """A percent-encoded name; checked against ``--max-field`` before decoding (a 50 MB name
    would take gigabytes to unquote)."""
    limit = current().max_field
    if len(raw) > 3 * limit:
        raise ValueError(f"a name of {len(raw):,} characters, over the --max-field limit of {limit:,}")
    return unquote(raw, encoding="utf-8", errors="replace")


def _game_id(source: str, root: etree._Element) -> str:
    m = _LOG_ID.search(PurePath(source).name) if source else None
    if m:
        return m.group(0)
    for sib in root.itersiblings(preceding=True):
        if isinstance(sib, etree._Comment):
            m = _LOG_ID.search(sib.text or "")
            if m:
                return m.group(0)
    return PurePath(source).stem if source else ""


def _decompress(data: bytes, source: str) -> bytes:
    from paifu.formats import decompress  # bounded by --max-size

    return decompress(data, source)


def _dedupe_attributes(raw: bytes) -> tuple[bytes, list[str]]:
    """Drop repeated attributes inside start tags, keeping the first value."""
    dropped: list[str] = []

    def fix(m: re.Match[bytes]) -> bytes:
        attrs = _ATTR.findall(m.group(2))
        seen: set[bytes] = set()
        kept: list[bytes] = []
        for name, value in attrs:
            if name in seen:
                dropped.append(f"<{m.group(1).decode(errors='replace')}> {name.decode(errors='replace')}")
                continue
            seen.add(name)
            kept.append(b" " + name + b"=" + value)
        if len(kept) == len(attrs):
            return m.group(0)
        return b"<" + m.group(1) + b"".join(kept) + m.group(3)

    return _START_TAG.sub(fix, raw), dropped


def _parse_roots(raw: bytes, source: str) -> list[etree._Element]:
    parser = etree.XMLParser(resolve_entities=False, huge_tree=True, remove_blank_text=False)
    try:
        return [etree.fromstring(raw, parser)]
    except etree.XMLSyntaxError as e:
        if "Extra content" not in str(e) or raw.count(b"<mjloggm") < 2:
            raise
    # several games concatenated in one file: parse each <mjloggm> on its own
    starts = [m.start() for m in re.finditer(rb"<mjloggm\b", raw)]
    starts[0] = 0
    return [etree.fromstring(raw[a:b], parser) for a, b in zip(starts, starts[1:] + [len(raw)], strict=True)]


# ------------------------------------------------------------------ reader


def read_tenhou_xml(data: bytes, source: str = "") -> list[GameRecord]:
    """Read a Tenhou mjlog (plain or gzip bytes) into one GameRecord per ``<mjloggm>``."""
    raw = _decompress(data, source)
    if not raw.strip():
        raise RecordError("empty file", file=source)
    issues: list[RecordIssue] = []
    try:
        roots = _parse_roots(raw, source)
    except etree.XMLSyntaxError as e:
        if "redefined" not in str(e):
            raise RecordError(f"not well-formed XML: {e}", file=source) from e
        cleaned, dropped = _dedupe_attributes(raw)
        try:
            roots = _parse_roots(cleaned, source)
        except etree.XMLSyntaxError as e2:
            raise RecordError(f"not well-formed XML: {e2}", file=source) from e2
        issues.append(
            RecordIssue(
                "malformed-record",
                f"duplicated attribute(s) dropped, first value kept: {', '.join(dropped)}",
            )
        )
    out: list[GameRecord] = []
    for gi, root in enumerate(roots):
        if root.tag != "mjloggm":
            raise RecordError(f"root element is <{root.tag}>, not <mjloggm>", file=source, game=gi)
        game_id = _game_id(source, root)
        if len(roots) > 1:
            game_id = f"{game_id}#{gi}"
        rec = _GameReader(root, source, gi, game_id).read()
        rec.issues[:0] = issues
        out.append(rec)
    return out


class _GameReader:
    """State for reading one ``<mjloggm>``: current hand label, last draws, events."""

    def __init__(self, root: etree._Element, source: str, game: int, game_id: str) -> None:
        self.root = root
        self.source = source
        self.game = game
        self.game_id = game_id
        self.events: list[Event] = []
        self.hand: str | None = None
        self.n = 4
        self.last_draw: list[int | None] = [None] * 4
        self.players: tuple[str, ...] = ()

    def error(self, message: str) -> RecordError:
        return RecordError(message, file=self.source, game=self.game, hand=self.hand, event=len(self.events))

    def read(self) -> GameRecord:
        root = self.root
        first = root.find("INIT")
        if first is None:
            raise self.error("no INIT tag: the record has no hand")
        header: list[etree._Element] = []
        for el in root:
            if el is first:
                break
            if isinstance(el.tag, str):
                header.append(el)
        try:
            self.events.append(self._game_start(header, first))
            names = next((el for el in header if el.tag == "UN"), None)  # the player list
            for el in header:  # a player who left (and came back) before the first deal
                if el.tag == "BYE":
                    self._bye(el)
                elif el.tag == "UN" and el is not names:
                    self._un(el)
        except RecordError:
            raise
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise self.error(f"bad header: {e}") from e
        events = self.events
        append = events.append
        n = self.n
        last_draw = self.last_draw
        plays = _PLAYS
        for el in _from(first):
            tag = el.tag
            play = plays.get(tag)
            if play is not None:
                seat = play[0]
                if seat >= n:
                    raise self.error(f"bad <{tag}>: seat {seat} does not exist at a {n}-player table")
                if play[1]:  # a draw
                    last_draw[seat] = play[2]
                    append(play[3])
                else:
                    tile = play[2]
                    append(play[3] if last_draw[seat] == tile else play[4])
                    last_draw[seat] = None
                continue
            if not isinstance(tag, str):
                continue  # comment or processing instruction
            try:
                handler = _HANDLERS.get(tag)
                if handler is None:
                    if tag[:1] in "TUVWDEFG" and tag[1:].isdigit():
                        raise ValueError(f"tile id {tag[1:]} is outside 0..135")
                    raise self.error(f"unknown tag <{tag}>")
                handler(self, el)
            except RecordError:
                raise
            except (ValueError, KeyError, IndexError, TypeError) as e:
                raise self.error(f"bad <{tag}>: {e}") from e
        return GameRecord(events=events, source=self.source, format=FORMAT)

    # -- header

    def _game_start(self, header: list[etree._Element], first: etree._Element) -> GameStart:
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
                raise self.error(f"unexpected <{el.tag}> before the first INIT")
        go_type = _int_attr(go, "type") if go is not None and go.get("type") is not None else None
        if go_type is not None:
            self.n = 3 if go_type & 0x10 else 4
        else:
            self.n = 3 if not first.get("hai3") else 4
        n = self.n
        if un is None:
            players = tuple("" for _ in range(n))
        else:
            players = tuple(_decode_name(un.get(f"n{i}", "")) for i in range(n))
        self.players = players
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
            per_hand = [el.get("shuffle") for el in self.root.iterfind("INIT")]
            if any(per_hand):
                seed = INIT_SHUFFLE_PREFIX + ";".join(s or "" for s in per_hand)
        ver = self.root.get("ver")
        if ver is not None:
            meta.append(("mjlog_ver", ver))
        first_dealer = _int_attr(taikyoku, "oya") if taikyoku is not None and taikyoku.get("oya") else 0
        return GameStart(
            players=players,
            game_id=self.game_id,
            first_dealer=first_dealer,
            rules_hint=((("tenhou_go_type", go_type),) if go_type is not None else ())
            + ((("tenhou_seed_form", "per-hand"),) if seed and seed.startswith(INIT_SHUFFLE_PREFIX) else ()),
            wall_seed=seed,
            meta=tuple(meta),
        )

    # -- tags

    def _seat(self, el: etree._Element, name: str = "who") -> int:
        s = _int_attr(el, name)
        if not 0 <= s < self.n:
            raise ValueError(f"{name}={s} is not a seat of a {self.n}-player table")
        return s

    def _scores(self, text: str, what: str) -> tuple[int, ...]:
        vals = _ints(text, what)
        if len(vals) < self.n:
            raise ValueError(f"{what}={text!r} has fewer than {self.n} values")
        return tuple(v * 100 for v in vals[: self.n])

    def _sc(self, el: etree._Element) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        text = el.get("sc")
        if text is None:
            return None, None
        vals = _ints(text, "sc")[:8]
        if len(vals) < 2 * self.n:
            raise ValueError(f"sc={text!r} has fewer than {2 * self.n} values")
        return (tuple(v * 100 for v in vals[0::2][: self.n]), tuple(v * 100 for v in vals[1::2][: self.n]))

    def _ba(self, el: etree._Element) -> tuple[int | None, int | None]:
        text = el.get("ba")
        if text is None:
            return None, None
        vals = _ints(text, "ba")
        if len(vals) != 2:
            raise ValueError(f"ba={text!r} is not two numbers")
        return vals[0], vals[1]

    def _init(self, el: etree._Element) -> None:
        seed = _ints(_need(el, "seed"), "seed")
        if len(seed) != 6:
            raise ValueError(f"seed={el.get('seed')!r} does not have 6 fields")
        rnd, honba, sticks, d1, d2, dora = seed
        wind, number = divmod(rnd, 4)
        self.hand = f"{'ESWN'[wind % 4]}{number + 1}-{honba}"
        if not (0 <= d1 < 6 and 0 <= d2 < 6):
            raise ValueError(f"dice {d1},{d2} outside 0..5")
        dealer = self._seat(el, "oya")
        hands = tuple(_tiles(_need(el, f"hai{i}"), f"hai{i}") for i in range(self.n))
        self.last_draw[:] = [None] * 4
        self.events.append(
            HandStart(
                round_wind=wind,
                hand_number=number,
                honba=honba,
                sticks=sticks,
                dealer=dealer,
                scores=self._scores(_need(el, "ten"), "ten"),
                dora_indicator=_tile(dora),
                hands=hands,
                dice=(d1 + 1, d2 + 1),
            )
        )

    def _n(self, el: etree._Element) -> None:
        who = self._seat(el)
        meld = decode_meld(_int_attr(el, "m"), who, self.n)
        self.last_draw[who] = None
        self.events.append(Call(who, meld))

    def _reach(self, el: etree._Element) -> None:
        who = self._seat(el)
        step = _int_attr(el, "step")
        if step == 1:
            self.events.append(RiichiDeclared(who))
        elif step == 2:
            ten = el.get("ten")
            self.events.append(RiichiAccepted(who, self._scores(ten, "ten") if ten is not None else None))
        else:
            raise ValueError(f"step={step} is neither 1 nor 2")

    def _dora(self, el: etree._Element) -> None:
        self.events.append(NewDora(_tile(_int_attr(el, "hai"))))

    def _agari(self, el: etree._Element) -> None:
        who = self._seat(el)
        from_who = self._seat(el, "fromWho")
        ten = _ints(_need(el, "ten"), "ten")
        if len(ten) != 3:
            raise ValueError(f"ten={el.get('ten')!r} is not fu,points,limit")
        fu: int | None
        points: int | None
        fu, points, limit = ten
        if not 0 <= limit < len(LIMIT_NAMES):
            raise ValueError(f"limit code {limit} is not 0..5")
        yaku: list[ClaimedYaku] = []
        han: int | None
        multiple: int | None = None
        yakuman = el.get("yakuman")
        if yakuman is not None:
            ids = _ints(yakuman, "yakuman")
            yaku = [ClaimedYaku(_yaku_name(i), 13) for i in ids]
            han = None
            multiple = len(ids)
        else:
            pairs = _ints(el.get("yaku", ""), "yaku")
            if len(pairs) % 2:
                raise ValueError(f"yaku={el.get('yaku')!r} is not id,han pairs")
            yaku = [ClaimedYaku(_yaku_name(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs), 2)]
            han = sum(y.han for y in yaku) if yaku else None
        if points == 0:  # Tenhou never writes a win worth nothing: a writer whose source stated no value
            fu = points = None
        melds: tuple[Meld, ...] = tuple(decode_meld(m, who, self.n) for m in _ints(el.get("m", ""), "m"))
        honba, sticks = self._ba(el)
        before, deltas = self._sc(el)
        ura = el.get("doraHaiUra")
        pao = el.get("paoWho")
        claimed = ClaimedWin(
            # Tenhou states fu 0 only for a yakuman; on a lesser hand 0 is a writer's "not stated"
            fu=None if fu == 0 and 0 < limit < 5 else fu,
            han=han,
            points=points,
            limit=LIMIT_NAMES[limit] if points is not None else None,
            yaku=tuple(yaku) if yaku or el.get("yaku") is not None or yakuman is not None else None,
            yakuman_multiple=multiple,
            dora_indicators=_tiles(el.get("doraHai"), "doraHai"),
            ura_indicators=_tiles(ura, "doraHaiUra") if ura is not None else None,
            hand=_tiles(_need(el, "hai"), "hai"),
            melds=melds,
            honba=honba,
            sticks=sticks,
            deltas=deltas,
            scores_before=before,
            pao_seat=self._seat(el, "paoWho") if pao is not None else None,
        )
        self.events.append(Win(who, from_who, _tile(_int_attr(el, "machi")), claimed))
        self._owari(el)

    def _ryuukyoku(self, el: etree._Element) -> None:
        if el.get("owari") == "" and el.get("sc") is None and el.get("ba") is None:
            # a game cut off mid-hand (a bot's disconnected table): no result, nothing after it;
            # the replay reports the record as truncated there
            return
        typ = el.get("type")
        if typ not in _RYUU_KIND:
            raise ValueError(f"unknown draw type {typ!r}")
        kind = _RYUU_KIND[typ]
        shown = tuple(
            _tiles(el.get(f"hai{i}"), f"hai{i}") if el.get(f"hai{i}") is not None else None
            for i in range(self.n)
        )
        seats = tuple(i for i, h in enumerate(shown) if h is not None)
        honba, sticks = self._ba(el)
        before, deltas = self._sc(el)
        # Tenhou always writes sc: with neither sc nor hands, who was tenpai is not stated
        tenpai = seats if seats or (not kind.abortive and deltas is not None) else None
        self.events.append(Ryuukyoku(kind, tenpai, deltas, before, honba, sticks, shown))
        self._owari(el)

    def _owari(self, el: etree._Element) -> None:
        text = el.get("owari")
        if text is None:
            return
        parts = text.split(",")[:8]
        if len(parts) < 2 * self.n:
            raise ValueError(f"owari={text!r} has fewer than {2 * self.n} values")
        finals = tuple(int(x) * 100 for x in parts[0::2][: self.n])
        rank_text = tuple(parts[1::2][: self.n])
        for t in rank_text:
            if not _RANK_TEXT.match(t):
                raise ValueError(f"owari rank points {t!r} are not a number")
        self.events.append(GameEnd(finals, tuple(float(t) for t in rank_text), rank_text))

    def _bye(self, el: etree._Element) -> None:
        self.events.append(Disconnect(self._seat(el)))

    def _un(self, el: etree._Element) -> None:
        if el.get("dan") is not None:
            return  # the player list sent again: not an event
        for i in range(self.n):
            if el.get(f"n{i}") is not None:
                self.events.append(Reconnect(i))

    def _header(self, el: etree._Element) -> None:
        """SHUFFLE/GO/TAIKYOKU after the first INIT carry nothing new for the events."""


def _from(first: etree._Element):  # noqa: ANN202
    """``first`` and every sibling after it."""
    yield first
    yield from first.itersiblings()


def _build_plays() -> dict[str, tuple]:
    """Every draw/discard tag (``T12``, ``E135``) -> its seat, tile and ready-made events.

    Events are immutable, so one instance per (seat, tile) is shared: this keeps
    the hot loop to one dict lookup per tag.
    """
    plays: dict[str, tuple] = {}
    for seat in range(4):
        for t in range(136):
            plays[f"{'TUVW'[seat]}{t}"] = (seat, True, t, Draw(seat, t))
            plays[f"{'DEFG'[seat]}{t}"] = (seat, False, t, Discard(seat, t, True), Discard(seat, t, False))
    return plays


_PLAYS = _build_plays()


def _yaku_name(i: int) -> str:
    return TENHOU_YAKU_IDS[i].value if 0 <= i < len(TENHOU_YAKU_IDS) else f"unknown:{i}"


_HANDLERS = {
    "INIT": _GameReader._init,
    "N": _GameReader._n,
    "REACH": _GameReader._reach,
    "DORA": _GameReader._dora,
    "AGARI": _GameReader._agari,
    "RYUUKYOKU": _GameReader._ryuukyoku,
    "BYE": _GameReader._bye,
    "UN": _GameReader._un,
    "SHUFFLE": _GameReader._header,
    "GO": _GameReader._header,
    "TAIKYOKU": _GameReader._header,
}


# ------------------------------------------------------------------ writer


#: characters XML 1.0 cannot hold at all, even as a reference (C0 controls but tab, LF, CR; FFFE, FFFF)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _q(v: object) -> str:
    """An attribute value: escaped, whitespace kept as references, and characters XML cannot hold
    replaced by U+FFFD (with a warning), so that what we write we can read back."""
    text = str(v)
    if _NOT_XML.search(text):
        warnings.warn("Tenhou XML cannot carry control characters (replaced by U+FFFD)", stacklevel=3)
        text = _NOT_XML.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;")
        .replace('"', "&quot;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\t", "&#9;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
    )


def _tag(name: str, attrs: list[tuple[str, object]]) -> str:
    return "<" + name + "".join(f' {k}="{_q(v)}"' for k, v in attrs) + "/>"


def _meld_code(meld: Meld, seat: int, n: int) -> int:
    """Tenhou's meld code; a meld it cannot encode (a kakan without its added tile) is the record's fault."""
    try:
        return encode_meld(meld, seat, n)
    except MeldCodeError as e:
        raise RecordError(f"a call Tenhou XML cannot encode: {e}") from e


def _hundreds(points: int, what: str) -> int:
    if points % 100:
        raise RecordError(f"{what} {points} is not a multiple of 100; Tenhou XML writes hundreds")
    return points // 100


def _join(vals: object) -> str:
    return ",".join(str(v) for v in vals)  # type: ignore[attr-defined]


def _encode_name(name: str) -> str:
    return "".join(f"%{b:02X}" for b in name.encode("utf-8"))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(float(x))


def _warn_table_differs(rules: Any, go_type: int) -> None:
    """XML says its rules only as a Tenhou table: name what that table judges differently."""
    import dataclasses

    from paifu.rules import tenhou_go_type

    table = tenhou_go_type(go_type)
    differ = [
        f.name
        for f in dataclasses.fields(rules)
        if f.name not in ("name", "description") and getattr(rules, f.name) != getattr(table, f.name)
    ]
    if differ:
        warnings.warn(
            f"Tenhou XML carries rules only as a Tenhou table: read back as {table.name}, "
            f"which differs in {', '.join(differ)}",
            stacklevel=3,
        )


def write_tenhou_xml(record: GameRecord) -> bytes:
    """Write a GameRecord as one ``<mjloggm>`` document (UTF-8 bytes).

    Things the event vocabulary does not hold are written with Tenhou's defaults:
    the GO type of the record's rules in a general lobby when ``rules_hint`` names no
    Tenhou table, a copy of its own for every tile of a record that names kinds only, dice 1,1 when a
    hand has no dice, and no ``chip``/``ratio``.
    """
    if not record.events or not isinstance(record.events[0], GameStart):
        raise RecordError("a record must start with GameStart", file=record.source)
    record = with_stated_scores(record)  # a record that states no scores (mjai's original protocol)
    events = record.events
    rules = hinted_rules(events[0])
    if record.partial:
        warnings.warn("Tenhou XML cannot mark a game excerpt (it reads back as stopping early)", stacklevel=2)
    if needs_copies(record):  # a source that names kinds only: each tile gets a copy of its own
        events = with_copies(record, hinted_red(events[0])).events
    gs = events[0]
    assert isinstance(gs, GameStart)
    n = gs.num_players
    pad = 4 - n
    meta: dict[str, Any] = dict(gs.meta)
    hints = dict(gs.rules_hint)
    tags: list[list] = []  # [name, attrs]; attrs a list so owari can be appended later
    seed = gs.wall_seed
    per_hand: list[str] = []
    if seed and seed.startswith(INIT_SHUFFLE_PREFIX):
        per_hand = seed[len(INIT_SHUFFLE_PREFIX) :].split(";")
    elif seed:
        tags.append(["SHUFFLE", [("seed", seed), ("ref", meta.get("shuffle_ref", ""))]])
    go_type = hints.get("tenhou_go_type")
    if go_type is None:  # the table the record's own rules describe, in a general lobby
        go_type = 0x01 | (0x10 if n == 3 else 0)
        if rules is not None:
            from paifu.rules import table_go_type

            go_type = table_go_type(rules)
            _warn_table_differs(rules, go_type)
    go: list[tuple[str, object]] = [("type", go_type)]
    for key in ("lobby", "title", "rule", "ranking", "csrule"):
        if key in meta and (key != "lobby" or isinstance(meta[key], int)):  # Tenhou's lobby is a number
            go.append((key, meta[key]))
    tags.append(["GO", go])
    un: list[tuple[str, object]] = [(f"n{i}", _encode_name(gs.players[i]) if i < n else "") for i in range(4)]
    if isinstance(meta.get("dan"), tuple) and all(isinstance(d, int) for d in meta["dan"]):
        un.append(("dan", _join(list(meta["dan"]) + [0] * pad)))
    elif "dan" in meta:  # another platform's rank names ("雀豪★2"): Tenhou's are numbers
        warnings.warn("Tenhou XML cannot carry rank names that are not Tenhou dan numbers", stacklevel=2)
    if isinstance(meta.get("rate"), tuple) and all(isinstance(r, (int, float)) for r in meta["rate"]):
        un.append(("rate", ",".join([_num(r) for r in meta["rate"]] + ["1500.00"] * pad)))
    for key, filler in (("sx", "C"), ("rc", "0"), ("gold", "0")):
        if isinstance(meta.get(key), tuple):
            un.append((key, _join(list(meta[key]) + [filler] * pad)))
    tags.append(["UN", un])
    tags.append(["TAIKYOKU", [("oya", gs.first_dealer)]])
    last_result: list | None = None
    hand_no = 0
    running: list[int] = []  # scores as the hand goes, for a result whose source states none before it
    lost: set[str] = set()  # warned once per record

    def scores4(vals: tuple[int, ...], what: str) -> str:
        if len(vals) != n:  # Tenhou XML states one per seat; fewer would not read back
            raise RecordError(f"{len(vals)} {what}s for {n} players")
        return _join([_hundreds(v, what) for v in vals] + [0] * pad)

    def sc(before: tuple[int, ...] | None, deltas: tuple[int, ...] | None) -> list[tuple[str, object]]:
        if deltas is None:
            return []
        if before is None and running:  # mjai states the changes only: the scores before are known here
            before = tuple(running)
        if before is None:
            return []
        running[:] = [b + d for b, d in zip(before, deltas, strict=False)]
        vals: list[int] = []
        for b, d in zip(list(before) + [0] * pad, list(deltas) + [0] * pad, strict=False):
            vals += [_hundreds(b, "score"), _hundreds(d, "score change")]
        return [("sc", _join(vals))]

    for ev in events[1:]:
        if isinstance(ev, Draw):
            tags.append(["TUVW"[ev.seat] + str(ev.tile), []])
        elif isinstance(ev, Discard):
            tags.append(["DEFG"[ev.seat] + str(ev.tile), []])
        elif isinstance(ev, Call):
            tags.append(["N", [("who", ev.seat), ("m", _meld_code(ev.meld, ev.seat, n))]])
        elif isinstance(ev, HandStart):
            d1, d2 = ev.dice if ev.dice is not None else (1, 1)
            seed_attr = f"{ev.round_wind * 4 + ev.hand_number},{ev.honba},{ev.sticks},{d1 - 1},{d2 - 1},{ev.dora_indicator}"
            scores = ev.scores
            assert scores is not None  # with_stated_scores states every hand's
            attrs: list[tuple[str, object]] = [
                ("seed", seed_attr),
                ("ten", scores4(scores, "score")),
                ("oya", ev.dealer),
            ]
            for i in range(4):
                attrs.append((f"hai{i}", _join(ev.hands[i]) if i < n else ""))
            if hand_no < len(per_hand) and per_hand[hand_no]:
                attrs.append(("shuffle", per_hand[hand_no]))
            hand_no += 1
            running[:] = list(scores)
            tags.append(["INIT", attrs])
        elif isinstance(ev, RiichiDeclared):
            tags.append(["REACH", [("who", ev.seat), ("step", 1)]])
        elif isinstance(ev, RiichiAccepted):
            attrs = [("who", ev.seat)]
            if ev.scores is not None:
                attrs.append(("ten", scores4(ev.scores, "score")))
                running[:] = list(ev.scores)
            elif running:
                running[ev.seat] -= 1000
            attrs.append(("step", 2))
            tags.append(["REACH", attrs])
        elif isinstance(ev, NewDora):
            tags.append(["DORA", [("hai", ev.indicator)]])
        elif isinstance(ev, Win):
            last_result = ["AGARI", _win_attrs(ev, n, sc, lost)]
            tags.append(last_result)
        elif isinstance(ev, Ryuukyoku):
            attrs = []
            if ev.kind is not RyuukyokuKind.EXHAUSTIVE:
                attrs.append(("type", _RYUU_TYPE[ev.kind]))
            if ev.honba is not None and ev.sticks is not None:
                attrs.append(("ba", f"{ev.honba},{ev.sticks}"))
            attrs += sc(ev.scores_before, ev.deltas)
            for i, h in enumerate(ev.shown or ()):
                if h is not None:
                    attrs.append((f"hai{i}", _join(h)))
            last_result = ["RYUUKYOKU", attrs]
            tags.append(last_result)
        elif isinstance(ev, GameEnd):
            if last_result is None or ev.final_scores is None:
                if last_result is not None:  # owari is how Tenhou XML says the game ended
                    warnings.warn(
                        "Tenhou XML cannot carry a game end without final scores "
                        "(it reads back as stopping early)",
                        stacklevel=2,
                    )
                continue
            if ev.rank_points is None:
                warnings.warn(
                    "Tenhou XML cannot carry final scores without rank points (written as 0)", stacklevel=2
                )
            ranks = ev.rank_points_text or tuple(_num(r) for r in (ev.rank_points or (0.0,) * n))
            vals: list[str] = []
            for f, r in zip(list(ev.final_scores) + [0] * pad, list(ranks) + ["0.0"] * pad, strict=False):
                vals += [str(_hundreds(f, "final score")), r]
            last_result[1].append(("owari", ",".join(vals)))
        elif isinstance(ev, Disconnect):
            tags.append(["BYE", [("who", ev.seat)]])
        elif isinstance(ev, Reconnect):
            tags.append(["UN", [(f"n{ev.seat}", _encode_name(gs.players[ev.seat]))]])
        elif isinstance(ev, GameStart):
            raise RecordError("a second GameStart inside one record", file=record.source)
    for what in sorted(lost):
        warnings.warn(f"Tenhou XML cannot carry {what}", stacklevel=2)
    ver = meta.get("mjlog_ver", "2.3")
    body = "".join(_tag(name, attrs) for name, attrs in tags)
    head = f"<!--log={gs.game_id}-->" if _LOG_ID.fullmatch(gs.game_id) else ""
    return f'{head}<mjloggm ver="{_q(ver)}">{body}</mjloggm>'.encode()


def _win_attrs(ev: Win, n: int, sc, lost: set[str]) -> list[tuple[str, object]]:  # noqa: ANN001
    c = ev.claimed
    attrs: list[tuple[str, object]] = []
    if c.honba is not None and c.sticks is not None:
        attrs.append(("ba", f"{c.honba},{c.sticks}"))
    attrs.append(("hai", _join(c.hand or ())))
    if c.melds:
        attrs.append(("m", _join(_meld_code(m, ev.seat, n) for m in c.melds)))
    attrs.append(("machi", ev.tile))
    limit = LIMIT_NAMES.index(c.limit) if c.limit in LIMIT_NAMES else 0
    if not c.pao_stated:
        lost.add("an unknown liable player (read back as nobody liable)")
    if c.points is None or (c.fu is None and limit == 0):
        lost.add("a win without its fu and value (written as 0, read back as not stated)")
    attrs.append(("ten", f"{c.fu or 0},{c.points or 0},{limit}"))
    yaku = c.yaku or ()
    if (
        c.han is None
        and yaku
        and all(y.name in _YAKUMAN_NAMES or y.name.startswith("unknown:") for y in yaku)
    ):
        attrs.append(("yakuman", _join(_yaku_id(y.name) for y in yaku)))
    elif yaku:
        attrs.append(("yaku", _join(v for y in yaku for v in (_yaku_id(y.name), y.han))))
    attrs.append(("doraHai", _join(c.dora_indicators or ())))
    if c.ura_indicators is not None:
        attrs.append(("doraHaiUra", _join(c.ura_indicators)))
    attrs.append(("who", ev.seat))
    attrs.append(("fromWho", ev.from_seat))
    if c.pao_seat is not None:
        attrs.append(("paoWho", c.pao_seat))
    attrs += sc(c.scores_before, c.deltas)
    return attrs


def _yaku_id(name: str) -> int:
    if name in _YAKU_NAME_TO_ID:
        return _YAKU_NAME_TO_ID[name]
    if name.startswith("unknown:") and name[8:].isdigit():
        return int(name[8:])
    raise RecordError(f"yaku {name!r} has no Tenhou id")
