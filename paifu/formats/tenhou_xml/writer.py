"""Writing Tenhou XML: one ``<mjloggm>`` document per game."""

from __future__ import annotations

import dataclasses
import re
import warnings
from typing import Any

from paifu.events import (
    Call,
    ClaimedYaku,
    Discard,
    Disconnect,
    Draw,
    GameEnd,
    GameRecord,
    GameStart,
    HandStart,
    Meld,
    NewDora,
    Reconnect,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    Win,
)
from paifu.formats.base import RecordError, TableFacts, header_lost, with_stated_scores
from paifu.formats.copies import needs_copies, with_copies
from paifu.formats.hand_walker import HandWalker
from paifu.formats.tenhou_meld import MeldCodeError, encode_meld
from paifu.formats.tenhou_xml.heads import _encode_name, _go, _join, _un
from paifu.formats.tenhou_xml.names import (
    _LOG_ID,
    _RYUU_TYPE,
    _YAKU_NAME_TO_ID,
    _YAKUMAN_NAMES,
    INIT_SHUFFLE_PREFIX,
    LIMIT_NAMES,
)

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


def write_tenhou_xml(record: GameRecord, table: TableFacts | None = None) -> bytes:
    """Write a GameRecord as one ``<mjloggm>`` document (UTF-8 bytes); ``table`` gives the red
    fives, start points and general-lobby table of the record's rules.

    Things the event vocabulary does not hold are written with Tenhou's defaults:
    the GO type of the record's rules in a general lobby when ``rules_hint`` names no
    Tenhou table, a copy of its own for every tile of a record that names kinds only, dice 1,1 when a
    hand has no dice, and no ``chip``/``ratio``.
    """
    if not record.events or not isinstance(record.events[0], GameStart):
        raise RecordError("a record must start with GameStart", file=record.source)
    table = table or TableFacts()
    # a record that states no scores (mjai's original protocol)
    record = with_stated_scores(record, table.start_points)
    events = record.events
    if record.partial:
        warnings.warn("Tenhou XML cannot mark a game excerpt (it reads back as stopping early)", stacklevel=2)
    if needs_copies(record):  # a source that names kinds only: each tile gets a copy of its own
        events = with_copies(record, table.red_fives).events
    if any(r > 1 for r in table.red_fives):
        warnings.warn(
            "Tenhou XML cannot carry a second red five of a suit (one tile id is red: "
            "the others are read back as plain fives)",
            stacklevel=2,
        )
    gs = events[0]
    assert isinstance(gs, GameStart)
    meta: dict[str, Any] = dict(gs.meta)
    tags: list[list] = []  # [name, attrs]; attrs a list so owari can be appended later
    seed = gs.wall_seed
    per_hand: list[str] = []
    if seed and seed.startswith(INIT_SHUFFLE_PREFIX):
        per_hand = seed[len(INIT_SHUFFLE_PREFIX) :].split(";")
    elif seed:
        tags.append(["SHUFFLE", [("seed", seed), ("ref", meta.get("shuffle_ref", ""))]])
    tags.append(["GO", _go(gs, table)])
    tags.append(["UN", _un(gs, record.format)])
    tags.append(["TAIKYOKU", [("oya", gs.first_dealer)]])
    w = _Writer(gs, table, tags, per_hand, record.format)
    w.walk(events[1:])
    carried = {"lobby", "title", "rule", "ranking", "csrule", "dan", "rate", "sx", "rc", "gold"}
    carried |= {"shuffle_ref", "mjlog_ver", "ver"}  # the seed's reference; tenhou.net/6's ver is mjlog's
    if _LOG_ID.fullmatch(gs.game_id):
        carried.add("ref")  # tenhou.net/6's ref is the log id, which the comment before the log carries
    if (lost := header_lost(gs.meta, carried)) is not None:
        w.lost.add(lost)
    if isinstance(meta.get("ver"), str) and "mjlog_ver" not in meta:  # tenhou.net/6's ver written as text
        w.lost.add(
            "the record's format version (ver) as text: mjlog's ver, read back as tenhou.net/6's number"
        )
    w.warn_lost("Tenhou XML")
    ver = meta.get("mjlog_ver", meta.get("ver", "2.3"))
    body = "".join(_tag(name, attrs) for name, attrs in tags)
    head = f"<!--log={gs.game_id}-->" if _LOG_ID.fullmatch(gs.game_id) else ""
    return f'{head}<mjloggm ver="{_q(ver)}">{body}</mjloggm>'.encode()


class _Writer(HandWalker):
    """The tags of one game's hands, an event at a time."""

    def __init__(
        self, gs: GameStart, table: TableFacts, tags: list[list], per_hand: list[str], fmt: str
    ) -> None:
        super().__init__(gs.num_players)
        self.fmt = fmt  # the source's format: a Tenhou XML record is written as it was
        self.gs, self.facts, self.tags, self.per_hand = gs, table, tags, per_hand
        self.n = gs.num_players
        self.pad = 4 - self.n
        self.last_result: list | None = None
        self.hand_no = 0
        self.running: list[
            int
        ] = []  # scores as the hand goes, for a result whose source states none before it
        self.doras: list[int] = []  # the hand's indicators so far
        self.ba = [0, 0]  # the hand's honba and sticks on the table: Tenhou's AGARI ba of its first winner

    def scores4(self, vals: tuple[int, ...], what: str) -> str:
        if len(vals) != self.n:  # Tenhou XML states one per seat; fewer would not read back
            raise RecordError(f"{len(vals)} {what}s for {self.n} players")
        return _join([_hundreds(v, what) for v in vals] + [0] * self.pad)

    def sc(self, before: tuple[int, ...] | None, deltas: tuple[int, ...] | None) -> list[tuple[str, object]]:
        """A result's ``sc``: each seat's score before it and its change (none when neither is known)."""
        if deltas is None:
            return []
        if before is None and self.running:  # mjai states the changes only: the scores before are known here
            before = tuple(self.running)
        if before is None:
            return []
        self.running[:] = [b + d for b, d in zip(before, deltas, strict=False)]
        vals: list[int] = []
        pad = self.pad
        for b, d in zip(list(before) + [0] * pad, list(deltas) + [0] * pad, strict=False):
            vals += [_hundreds(b, "score"), _hundreds(d, "score change")]
        return [("sc", _join(vals))]

    def draw(self, ev: Draw) -> None:
        self.tags.append(["TUVW"[ev.seat] + str(ev.tile), []])

    def discard(self, ev: Discard) -> None:
        self.tags.append(["DEFG"[ev.seat] + str(ev.tile), []])

    def call(self, ev: Call) -> None:
        self.tags.append(["N", [("who", ev.seat), ("m", _meld_code(ev.meld, ev.seat, self.n))]])

    def hand_start(self, ev: HandStart) -> None:
        self.stated_wall(ev)
        d1, d2 = ev.dice if ev.dice is not None else (1, 1)
        seed_attr = f"{ev.round_wind * 4 + ev.hand_number},{ev.honba},{ev.sticks},{d1 - 1},{d2 - 1},{ev.dora_indicator}"
        scores = ev.scores
        assert scores is not None  # with_stated_scores states every hand's
        attrs: list[tuple[str, object]] = [
            ("seed", seed_attr),
            ("ten", self.scores4(scores, "score")),
            ("oya", ev.dealer),
        ]
        for i in range(4):
            attrs.append((f"hai{i}", _join(ev.hands[i]) if i < self.n else ""))
        if self.hand_no < len(self.per_hand) and self.per_hand[self.hand_no]:
            attrs.append(("shuffle", self.per_hand[self.hand_no]))
        self.hand_no += 1
        self.running[:] = list(scores)
        self.ba[:] = [ev.honba, ev.sticks]
        self.doras = [ev.dora_indicator]
        self.tags.append(["INIT", attrs])

    def riichi_declared(self, ev: RiichiDeclared) -> None:
        self.open_riichi(ev)
        self.tags.append(["REACH", [("who", ev.seat), ("step", 1)]])

    def riichi_accepted(self, ev: RiichiAccepted) -> None:
        attrs: list[tuple[str, object]] = [("who", ev.seat)]
        if ev.scores is not None:
            attrs.append(("ten", self.scores4(ev.scores, "score")))
            self.running[:] = list(ev.scores)
        elif self.running:
            self.running[ev.seat] -= 1000
        attrs.append(("step", 2))
        self.ba[1] += 1
        self.tags.append(["REACH", attrs])

    def new_dora(self, ev: NewDora) -> None:
        self.doras.append(ev.indicator)
        self.tags.append(["DORA", [("hai", ev.indicator)]])

    def win(self, ev: Win) -> None:
        ev = self._shown(ev)
        self.last_result = ["AGARI", _win_attrs(ev, self.n, self.sc, self.lost, (self.ba[0], self.ba[1]))]
        self.ba[:] = [0, 0]  # a later winner of the same discard takes neither (Tenhou writes "0,0")
        self.tags.append(self.last_result)

    def _shown(self, ev: Win) -> Win:
        """The win with what every real AGARI shows (hand, melds, dora indicators) where the record
        states none (mjai): as the hand's events left them."""
        c, t = ev.claimed, self.table
        if c.hand is not None and c.dora_indicators is not None:
            return ev
        hand = c.hand if c.hand is not None else tuple(t.held(ev.seat) + ([] if ev.tsumo else [ev.tile]))
        melds = c.melds if c.hand is not None or c.melds is not None else tuple(t.melds(ev.seat))
        doras = c.dora_indicators if c.dora_indicators is not None else tuple(self.doras)
        return dataclasses.replace(
            ev, claimed=dataclasses.replace(c, hand=hand, melds=melds, dora_indicators=doras)
        )

    def ryuukyoku(self, ev: Ryuukyoku) -> None:
        attrs: list[tuple[str, object]] = []
        if ev.kind is not RyuukyokuKind.EXHAUSTIVE:
            attrs.append(("type", _RYUU_TYPE[ev.kind]))
        if ev.honba is not None and ev.sticks is not None:
            attrs.append(("ba", f"{ev.honba},{ev.sticks}"))
        elif self.fmt != "tenhou-xml":  # every real RYUUKYOKU has ba: the hand's counts at the draw
            attrs.append(("ba", f"{self.ba[0] if ev.honba is None else ev.honba},{self.ba[1]}"))
        deltas = ev.deltas
        if deltas is None and ev.kind not in (RyuukyokuKind.EXHAUSTIVE, RyuukyokuKind.NAGASHI_MANGAN):
            deltas = (0,) * self.n  # an abortive draw moves no points: Tenhou still writes its sc
        score_attrs = self.sc(ev.scores_before, deltas)
        if not score_attrs:
            self.lost.add("a draw without its score changes (every real RYUUKYOKU has sc)")
        attrs += score_attrs
        for i, h in enumerate(ev.shown or ()):
            if h is not None:
                attrs.append((f"hai{i}", _join(h)))
        self.last_result = ["RYUUKYOKU", attrs]
        self.tags.append(self.last_result)

    def game_end(self, ev: GameEnd) -> None:
        """``owari`` on the last result: how Tenhou XML says the game ended."""
        last, n, pad = self.last_result, self.n, self.pad
        if last is None or ev.final_scores is None:
            if last is not None:
                warnings.warn(
                    "Tenhou XML cannot carry a game end without final scores (it reads back as stopping early)",
                    stacklevel=4,
                )
            return
        computed = self.facts.rank_points if ev.rank_points is None else None
        if ev.rank_points is None and computed is None:
            warnings.warn(
                "Tenhou XML cannot carry final scores without rank points (written as 0)", stacklevel=4
            )
        elif computed is not None:  # owari must state them: the record's rules give them
            warnings.warn(
                "Tenhou XML cannot carry final scores without rank points (written as the record's "
                "rules compute them)",
                stacklevel=4,
            )
        points = ev.rank_points if ev.rank_points is not None else computed
        ranks = ev.rank_points_text or tuple(f"{r:.1f}" for r in (points or (0.0,) * n))
        vals: list[str] = []
        for f, r in zip(list(ev.final_scores) + [0] * pad, list(ranks) + ["0.0"] * pad, strict=False):
            vals += [str(_hundreds(f, "final score")), r]
        last[1].append(("owari", ",".join(vals)))

    def disconnect(self, ev: Disconnect) -> None:
        self.tags.append(["BYE", [("who", ev.seat)]])

    def reconnect(self, ev: Reconnect) -> None:
        self.tags.append(["UN", [(f"n{ev.seat}", _encode_name(self.gs.players[ev.seat]))]])

    def game_start(self, ev: GameStart) -> None:
        raise RecordError("a second GameStart inside one record")


def _win_attrs(ev: Win, n: int, sc, lost: set[str], ba: tuple[int, int]) -> list[tuple[str, object]]:  # noqa: ANN001
    """An AGARI's attributes; ``ba`` is what the hand's events say this winner takes, for a record
    whose win does not state it (every real mjlog's AGARI has ``ba``)."""
    c = ev.claimed
    attrs: list[tuple[str, object]] = []
    if c.honba is not None and c.sticks is not None:
        attrs.append(("ba", f"{c.honba},{c.sticks}"))
    else:
        attrs.append(("ba", f"{ba[0]},{ba[1]}"))
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
    yaku = _with_tenhou_ids(_kita_as_dora(c.yaku or (), lost), lost)
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
    score_attrs = sc(c.scores_before, c.deltas)
    if not score_attrs:
        lost.add("a win without its score changes (every real AGARI has sc)")
    return attrs + score_attrs


def _kita_as_dora(yaku: tuple[ClaimedYaku, ...], lost: set[str]) -> tuple[ClaimedYaku, ...]:
    """Pulled Norths counted among the dora, as Tenhou XML counts them (it has no id of their own)."""
    kita = sum(y.han for y in yaku if y.name == "kita")
    if not any(y.name == "kita" for y in yaku):
        return yaku
    lost.add("pulled Norths as a yaku of their own (counted among the dora, as Tenhou does)")
    rest = [y for y in yaku if y.name != "kita"]
    dora = next((i for i, y in enumerate(rest) if y.name == "dora"), None)
    if dora is None:
        rest.append(ClaimedYaku("dora", kita))
    else:
        rest[dora] = ClaimedYaku("dora", rest[dora].han + kita)
    return tuple(rest)


def _with_tenhou_ids(yaku: tuple[ClaimedYaku, ...], lost: set[str]) -> tuple[ClaimedYaku, ...]:
    """The yaku Tenhou XML has an id for; one it has none for (a platform's own, such as Riichi
    City's open riichi) is left out, and said (the win's han then no longer add up)."""
    kept = tuple(y for y in yaku if _has_id(y.name))
    if len(kept) != len(yaku):
        names = sorted({y.name for y in yaku if not _has_id(y.name)})
        lost.add(f"claimed yaku Tenhou has no id for ({', '.join(names)}: left out)")
    return kept


def _has_id(name: str) -> bool:
    return name in _YAKU_NAME_TO_ID or (name.startswith("unknown:") and name[8:].isdigit())


def _yaku_id(name: str) -> int:
    if name in _YAKU_NAME_TO_ID:
        return _YAKU_NAME_TO_ID[name]
    if name.startswith("unknown:") and name[8:].isdigit():
        return int(name[8:])
    raise RecordError(f"yaku {name!r} has no Tenhou id")
