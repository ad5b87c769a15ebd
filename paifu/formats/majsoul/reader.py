"""A Mahjong Soul game's records as events: each record is one action of the table, in order.

Seats are the record's (seat 0 deals first). The dealer's 14th tile is dealt, not drawn, in the record
(``tiles0`` of 14); it becomes the dealer's first ``Draw``: the wall's own where the wall includes the
deal (newer records), else the discarded tile where the first discard is from the draw (``moqie``),
else the hand's last tile. A riichi's acceptance is the next record's ``liqi``; a kan's new indicator
is the ``doras`` list growing, on whichever record the client showed it.

The wall (``paishan``) is checked against the hash the server published before the hand (MD5 in
older records, SHA-256 of the wall followed by its ``salt`` in newer ones); the engine then checks
every draw and indicator against it. Its layout, as the game's own replay page draws it: the live
wall from the front (after the deal, where it includes the deal), the replacement draws from the
very end (the last tile first; 4 places with four players, 8 with three), the dora indicators
counted back from before those, each ura indicator just before its dora indicator.
"""

from __future__ import annotations

import hashlib
from typing import Any

from paifu.events import (
    Call,
    CallKind,
    ClaimedWin,
    ClaimedYaku,
    Discard,
    Draw,
    Event,
    GameRecord,
    HandStart,
    Meld,
    NewDora,
    RecordIssue,
    RiichiAccepted,
    RiichiDeclared,
    Ryuukyoku,
    RyuukyokuKind,
    StatedWall,
    Win,
)
from paifu.findings import Code
from paifu.formats.base import RecordError
from paifu.formats.majsoul.header import end as end_of
from paifu.formats.majsoul.header import players, start
from paifu.formats.majsoul.layouts import Records
from paifu.formats.majsoul.names import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    FANS,
    FORMAT,
    LIUJU,
    OPEN_KAN,
    PON,
    ROUND_WIND_FAN,
    SEAT_WIND_FAN,
    YAKUMAN_FANS,
    tile,
    tiles,
    wall_tiles,
)
from paifu.tiles import canonical_id
from paifu.yaku import ROUND_WIND_YAKU, SEAT_WIND_YAKU

_NORTH = tile("4z")


def read_game(head: dict[str, Any] | None, records: Records, source: str) -> GameRecord:
    return _Game(head, records, source).read()


class _Game:
    def __init__(self, head: dict[str, Any] | None, records: Records, source: str) -> None:
        self.head = head
        self.records = records
        self.source = source
        self.events: list[Event] = []
        self.issues: list[RecordIssue] = []
        self.n = players(head, records)
        self.hand_label: str | None = None
        self.scores: list[int] = []
        self.doras: list[int] = []
        self.pons: list[list[Meld]] = []
        self.last_out: tuple[int, int] | None = None  # who let which tile go (a discard, kakan, kita)
        self.riichi: int | None = None  # a riichi declared, not yet accepted
        self.reds: set[int] = set()  # the red fives in this hand's set

    def fail(self, message: str, at: int) -> RecordError:
        return RecordError(message, file=self.source, hand=self.hand_label, event=at)

    def read(self) -> GameRecord:
        self.events.append(start(self.head, self.n))
        for at, (name, rec) in enumerate(self.records):
            try:
                getattr(self, "_" + name)(rec, at)
            except RecordError:
                raise
            except (ValueError, KeyError, IndexError, TypeError) as e:
                raise self.fail(f"{name}: {type(e).__name__}: {e}", at) from e
        partial = not self.records or self.records[0][0] != "RecordNewRound"
        end = end_of(self.head, self.n)
        if end is not None:
            self.events.append(end)
        elif not partial:
            self.issues.append(
                RecordIssue(Code.TRUNCATED, "the record has no result (no header)", len(self.events))
            )
        return GameRecord(
            events=self.events, source=self.source, format=FORMAT, issues=self.issues, partial=partial
        )

    # -- a hand's start -------------------------------------------------------------------------

    def _RecordNewRound(self, r: dict[str, Any], at: int) -> None:
        n = self.n
        dealer = r["ju"]
        self.hand_label = f"{'ESWN'[r['chang'] % 4]}{dealer + 1}-{r['ben']}"
        dealt = [tiles(r[f"tiles{s}"]) for s in range(n)]
        if len(dealt[dealer]) != 14:
            raise self.fail(f"the dealer is dealt {len(dealt[dealer])} tiles, not 14", at)
        self.doras = list(tiles(r["doras"])) or ([tile(r["dora"])] if r["dora"] else [])
        if not self.doras:
            raise self.fail("the hand states no dora indicator", at)
        wall: StatedWall | None = None
        fourteenth = self._fourteenth(dealt[dealer], at)
        if r["paishan"]:
            self._check_hash(r, at)
            wall = _wall(wall_tiles(r["paishan"]), n, dealer, r["left_tile_count"], fourteenth)
            if wall.deal is not None:
                fourteenth = wall.draws[0]
        # the red fives of the hand's set: the wall's (with the deal), else the platform's one per suit
        self.reds = set(wall.tiles if wall is not None else ()) | {t for h in dealt for t in h}
        if wall is None or wall.deal is None:
            self.reds |= {canonical_id(k, red=True) for k in ((13, 22) if n == 3 else (4, 13, 22))}
        self.reds = {t for t in self.reds if t & 3 == 0 and (t >> 2) in (4, 13, 22)}
        hands = [list(h) for h in dealt]
        hands[dealer].remove(fourteenth)
        self.scores = list(r["scores"][:n])
        self.pons = [[] for _ in range(n)]
        self.last_out = None
        self.riichi = None
        self.events.append(
            HandStart(
                round_wind=r["chang"],
                hand_number=dealer,
                honba=r["ben"],
                sticks=r["liqibang"],
                dealer=dealer,
                scores=tuple(self.scores) if self.scores else None,
                dora_indicator=self.doras[0],
                hands=tuple(tuple(h) for h in hands),
                wall=wall,
            )
        )
        self.events.append(Draw(dealer, fourteenth))

    def _fourteenth(self, hand: tuple[int, ...], at: int) -> int:
        """Which of the dealer's 14 to call the drawn one: the first discard where it is from the
        draw, else the hand's last tile (the record does not say; no rule turns on it)."""
        for name, rec in self.records[at + 1 :]:
            if name == "RecordDiscardTile":
                t = tile(rec["tile"])
                if rec["moqie"] and t in hand:
                    return t
                return next((x for x in reversed(hand) if x != t), hand[-1])
            if name != "RecordNewRound":
                break
        return hand[-1]

    def _check_hash(self, r: dict[str, Any], at: int) -> None:
        wall = r["paishan"]
        if r["sha256"]:
            digest, stated, how = (
                hashlib.sha256((wall + r["salt"]).encode()).hexdigest(),
                r["sha256"],
                "SHA-256",
            )
        elif r["md5"]:
            digest, stated, how = hashlib.md5(wall.encode()).hexdigest(), r["md5"], "MD5"
        else:
            return
        if digest != stated.lower():
            self.issues.append(
                RecordIssue(
                    Code.WALL_HASH_MISMATCH,
                    f"hand {self.hand_label}: the wall does not match its {how} hash: the record says "
                    f"{stated}; the wall hashes to {digest}",
                    len(self.events),
                )
            )

    # -- turns ----------------------------------------------------------------------------------

    def _accept(self, liqi: dict[str, Any] | None) -> None:
        """A riichi accepted: the declarer's stick is on the table, its score after it the record's."""
        if liqi is None or liqi["failed"]:
            return
        seat = liqi["seat"]
        if 0 <= seat < self.n and self.scores:
            self.scores[seat] = liqi["score"]
        self.events.append(RiichiAccepted(seat, tuple(self.scores) if self.scores else None))
        self.riichi = None

    def _new_doras(self, doras: list[str]) -> None:
        shown = tiles(doras)
        for t in shown[len(self.doras) :]:
            self.events.append(NewDora(t))
        if len(shown) > len(self.doras):
            self.doras = list(shown)

    def _RecordDealTile(self, r: dict[str, Any], at: int) -> None:
        self._accept(r["liqi"])
        self._new_doras(r["doras"])
        self.events.append(Draw(r["seat"], tile(r["tile"])))

    def _RecordDiscardTile(self, r: dict[str, Any], at: int) -> None:
        seat, t = r["seat"], tile(r["tile"])
        if r["is_liqi"] or r["is_wliqi"]:
            self.events.append(RiichiDeclared(seat))
            self.riichi = seat
        self.events.append(Discard(seat, t, r["moqie"]))
        self._new_doras(r["doras"])
        self.last_out = (seat, t)

    def _RecordChiPengGang(self, r: dict[str, Any], at: int) -> None:
        self._accept(r["liqi"])
        seat, kind = r["seat"], r["type"]
        melded = tiles(r["tiles"])
        froms = r["froms"]
        called_at = next((i for i, f in enumerate(froms) if f != seat), None)
        if called_at is None or self.last_out is None:
            raise self.fail(f"a call by seat {seat} takes no other seat's tile", at)
        kinds = {CHI: CallKind.CHI, PON: CallKind.PON, OPEN_KAN: CallKind.DAIMINKAN}
        if kind not in kinds:
            raise self.fail(f"a call of type {kind}, which is no chi, pon or kan", at)
        called = melded[called_at]
        own = melded[:called_at] + melded[called_at + 1 :]
        meld = Meld(kinds[kind], (*own, called), called, froms[called_at])
        self.events.append(Call(seat, meld))
        if kind == PON:
            self.pons[seat].append(meld)

    def _RecordAnGangAddGang(self, r: dict[str, Any], at: int) -> None:
        seat, t = r["seat"], tile(r["tiles"])
        if r["type"] == CLOSED_KAN:
            meld = Meld(CallKind.ANKAN, self._four(t))
            self.last_out = (seat, t)  # thirteen orphans may rob it where the rules allow
        elif r["type"] == ADDED_KAN:
            pon = next((m for m in self.pons[seat] if m.tiles[0] >> 2 == t >> 2), None)
            if pon is None:
                self.issues.append(
                    RecordIssue(
                        Code.KAKAN_WITHOUT_PON, f"an added kan by seat {seat} has no pon", len(self.events)
                    )
                )
                meld = Meld(CallKind.KAKAN, (t, t, t, t))
            else:
                meld = Meld(CallKind.KAKAN, (*pon.tiles, t), pon.called, pon.from_seat)
            self.last_out = (seat, t)
        else:
            raise self.fail(f"a kan of type {r['type']}, which is no closed or added kan", at)
        self.events.append(Call(seat, meld))
        self._new_doras(r["doras"])

    def _four(self, t: int) -> tuple[int, ...]:
        """The four copies a closed kan of ``t``'s kind shows (the kan's record names one tile only):
        a red five among them where the hand's set has one."""
        k = t >> 2
        red = canonical_id(k, red=True)
        return (red, *(canonical_id(k),) * 3) if red in self.reds else (canonical_id(k),) * 4

    def _RecordBaBei(self, r: dict[str, Any], at: int) -> None:
        seat = r["seat"]
        self.events.append(Call(seat, Meld(CallKind.KITA, (_NORTH,))))
        self._new_doras(r["doras"])
        self.last_out = (seat, _NORTH)  # a pulled North can be robbed

    # -- results --------------------------------------------------------------------------------

    def _RecordHule(self, r: dict[str, Any], at: int) -> None:
        n = self.n
        old = tuple(r["old_scores"][:n]) or None
        total = tuple(r["delta_scores"][:n]) or None
        hules = r["hules"]
        for h in hules:
            seat = h["seat"]
            if h["zimo"]:
                frm = seat
                win_tile = tile(h["hu_tile"])
            else:
                if self.last_out is None:
                    raise self.fail(f"seat {seat} rons, but no tile was let go", at)
                frm, win_tile = self.last_out
            claimed = ClaimedWin(
                fu=h["fu"] or None,
                han=None if h["yiman"] else h["count"],
                points=_points(h, seat == self._dealer(), n),
                yaku=self._yaku(h, seat),
                yakuman_multiple=sum(f["val"] for f in h["fans"] if f["id"] in YAKUMAN_FANS) or None
                if h["yiman"]
                else None,
                dora_indicators=tiles(h["doras"]) or None,
                ura_indicators=tiles(h["li_doras"]) or None,
                hand=(*tiles(h["hand"]), win_tile),
                deltas=total if len(hules) == 1 else None,
                scores_before=old,
                pao_seat=(r["baopai"] - 1)
                if r["baopai"] > 0
                else (h["baopai"] - 1 if h["baopai"] > 0 else None),
            )
            self.events.append(Win(seat, frm, win_tile, claimed))

    def _dealer(self) -> int:
        start = next(ev for ev in reversed(self.events) if isinstance(ev, HandStart))
        return start.dealer

    def _yaku(self, h: dict[str, Any], seat: int) -> tuple[ClaimedYaku, ...]:
        start = next(ev for ev in reversed(self.events) if isinstance(ev, HandStart))
        seat_wind = (seat - start.dealer) % self.n
        out = []
        for f in h["fans"]:
            fid, val = f["id"], f["val"]
            if fid in (SEAT_WIND_FAN, ROUND_WIND_FAN):
                wind = seat_wind if fid == SEAT_WIND_FAN else start.round_wind
                name = (SEAT_WIND_YAKU if fid == SEAT_WIND_FAN else ROUND_WIND_YAKU)[wind % 4].value
            elif fid in FANS:
                name = FANS[fid].value
            else:
                name = f"unknown:fan {fid}"
            if fid in YAKUMAN_FANS:
                val *= 13
            elif val == 0 and fid in (31, 32, 33, 34):
                continue  # no dora of that kind: the client lists ura 0 for a riichi win
            out.append(ClaimedYaku(name, val))
        return tuple(out)

    def _RecordNoTile(self, r: dict[str, Any], at: int) -> None:
        n = self.n
        deltas = [0] * n
        old: tuple[int, ...] | None = None
        for s in r["scores"]:
            old = old or (tuple(s["old_scores"][:n]) or None)
            for i, d in enumerate(s["delta_scores"][:n]):
                deltas[i] += d
        players = r["players"]
        tenpai = tuple(s for s, p in enumerate(players[:n]) if p["tingpai"])
        shown = tuple(tiles(p["hand"]) if p["tingpai"] else None for p in players[:n]) if players else None
        self.events.append(
            Ryuukyoku(
                kind=RyuukyokuKind.NAGASHI_MANGAN if r["liujumanguan"] else RyuukyokuKind.EXHAUSTIVE,
                tenpai=tenpai,
                deltas=tuple(deltas) if r["scores"] else None,
                scores_before=old,
                shown=shown,
            )
        )

    def _RecordLiuJu(self, r: dict[str, Any], at: int) -> None:
        self._accept(r["liqi"])
        kind = LIUJU.get(r["type"])
        if kind is None:
            raise self.fail(f"an abortive draw of type {r['type']}, which paifu does not know", at)
        self.events.append(
            Ryuukyoku(kind=RyuukyokuKind(kind), tenpai=None, deltas=(0,) * self.n, scores_before=None)
        )


def _points(h: dict[str, Any], dealer: bool, n: int) -> int | None:
    """The hand's value before honba and sticks (a tsumo's whole take: each of the others pays
    ``point_zimo_xian``, the dealer ``point_zimo_qin`` when the winner is not the dealer)."""
    if not h["zimo"]:
        return h["point_rong"] or None
    if dealer:
        return h["point_zimo_xian"] * (n - 1) or None
    return (h["point_zimo_qin"] + (n - 2) * h["point_zimo_xian"]) or None


def _wall(wall: tuple[int, ...], n: int, dealer: int, live: int, fourteenth: int) -> StatedWall:
    """A hand's ``paishan`` laid out (module docstring). A wall of the whole set includes the deal:
    blocks of four in turn from the dealer, three times, one tile each, then the dealer's 14th."""
    size = len(wall)
    whole = 34 * 4 - (28 if n == 3 else 0)
    deal: tuple[tuple[int, ...], ...] | None = None
    if size == whole:
        by_seat: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(3):
            for k in range(n):
                by_seat[(dealer + k) % n] += wall[pos : pos + 4]
                pos += 4
        for k in range(n):
            by_seat[(dealer + k) % n].append(wall[pos])
            pos += 1
        deal = tuple(tuple(h) for h in by_seat)
        rest = wall[pos:]  # the dealer's 14th first
        tiles_ = wall
    else:
        rest = (fourteenth, *wall)
        tiles_ = rest
    replacements = 8 if n == 3 else 4
    draws = rest[: 1 + live] if live else rest[: len(rest) - 14]
    return StatedWall(
        tiles=tiles_,
        deal=deal,
        draws=tuple(draws),
        rinshan=tuple(wall[size - 1 - k] for k in range(replacements)),
        dora_indicators=tuple(wall[size - replacements - 1 - 2 * k] for k in range(5)),
        ura_indicators=tuple(wall[size - replacements - 2 - 2 * k] for k in range(5)),
    )
