"""Tenhou meld code: formats.md worked examples, and round trips over every corpus meld."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import corpus_dir, record_bytes

from paifu.events import CallKind, Meld
from paifu.formats.tenhou_meld import MeldCodeError, decode_meld, encode_meld

_TAG = re.compile(rb"<(/?[A-Za-z]+)(\d*)([^>]*)>")
_ATTR = re.compile(rb'(\w+)="([^"]*)"')


def _xml_files() -> list[Path]:
    out: list[Path] = []
    for sub in ("tenhou_xml", "tenhou_xml_truncated"):
        out += sorted(p for p in corpus_dir(sub).rglob("*") if p.is_file() and p.suffix != ".md")
    return out


def _num_players(data: bytes) -> int:
    m = re.search(rb'<GO type="(\d+)"', data)
    return 3 if m and int(m.group(1)) & 0x10 else 4


def test_worked_examples() -> None:
    chi = decode_meld(53399, 1)
    assert chi == Meld(CallKind.CHI, (86, 88, 93), 88, 0)
    pon = decode_meld(42027, 2)
    assert pon == Meld(CallKind.PON, (108, 110, 111), 110, 1)
    pon8s = decode_meld(39531, 0)
    kakan = decode_meld(39539, 0)
    assert pon8s.kind is CallKind.PON and kakan.kind is CallKind.KAKAN
    assert kakan.tiles[:3] == pon8s.tiles and kakan.tiles[3] == 103
    assert (kakan.called, kakan.from_seat) == (pon8s.called, pon8s.from_seat)
    kita = decode_meld(31008, 0, 3)
    assert kita == Meld(CallKind.KITA, (121,))
    for m, who, n in ((53399, 1, 4), (42027, 2, 4), (39531, 0, 4), (39539, 0, 4), (31008, 0, 3)):
        assert encode_meld(decode_meld(m, who, n), who, n) == m


def test_kans() -> None:
    dmk = decode_meld((57 << 8) | 2, 1)  # daiminkan of 6p copy 1 from toimen
    assert dmk == Meld(CallKind.DAIMINKAN, (56, 57, 58, 59), 57, 3)
    ankan = decode_meld(58 << 8, 2)
    assert ankan.kind is CallKind.ANKAN and sorted(ankan.tiles) == [56, 57, 58, 59]
    assert ankan.called is None and ankan.from_seat is None
    assert encode_meld(ankan, 2) == 58 << 8


def test_bad_codes() -> None:
    with pytest.raises(MeldCodeError):
        decode_meld(1 << 16, 0)
    with pytest.raises(MeldCodeError):
        decode_meld((140 << 8), 0)  # kan of a tile id that does not exist
    with pytest.raises(MeldCodeError):
        decode_meld((108 << 8) | 0x20, 0)  # kita of an East
    with pytest.raises(MeldCodeError):
        decode_meld(42027 & ~3 | 1, 2, 3)  # pon from seat 3 at a 3-player table


def test_round_trip_and_supplier_over_corpus() -> None:
    """Every N code round-trips, its taken tile is the supplier's last discard, and AGARI melds decode."""
    seen = 0
    kinds: set[CallKind] = set()
    for path in _xml_files():
        data = record_bytes(path)
        n = _num_players(data)
        last_discard: tuple[int, int] | None = None
        for name, num, rest in _TAG.findall(data):
            if name in (b"D", b"E", b"F", b"G") and num:
                last_discard = (b"DEFG".index(name), int(num))
            elif name == b"N":
                attrs = dict(_ATTR.findall(rest))
                who, m = int(attrs[b"who"]), int(attrs[b"m"])
                meld = decode_meld(m, who, n)
                kinds.add(meld.kind)
                assert encode_meld(meld, who, n) == m, (path, m)
                assert all(0 <= t < 136 for t in meld.tiles)
                if meld.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
                    assert last_discard == (meld.from_seat, meld.called), (path, m)
                    assert meld.from_seat < n
                seen += 1
            elif name == b"AGARI":
                attrs = dict(_ATTR.findall(rest))
                if b"m" in attrs:
                    who = int(attrs[b"who"])
                    for code in attrs[b"m"].split(b","):
                        assert encode_meld(decode_meld(int(code), who, n), who, n) == int(code)
    assert seen > 0
    assert kinds == set(CallKind)
