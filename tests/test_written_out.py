"""The compiled classes still written out by hand (``SeatState``, ``HandWall``, the results) behave as the
dataclasses they were: a compiled dataclass ran ``dataclasses`` and compiled its methods from source at
every start. (The events, ``TableRules``, ``Table``, ``WinContext`` and ``Valuation`` are generated from
their declarations in ``records/``: ``tests/test_generated.py``.)

Each is compared with a real dataclass of its former fields holding the same values: the same repr,
equality (and hash, for the frozen ones), and pickled and copied round trips (the process pool pickles
the results).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
import struct
import sys
from types import ModuleType
from typing import Any

import pytest
from conftest import ROOT, SAMPLES

import paifu
import paifu.events
from paifu.board.follow import Follower
from paifu.board.seat import SeatState
from paifu.board.state import TableState
from paifu.engine.results import GameResult, HandResult, WinResult
from paifu.engine.wall import HandWall, _hand_wall


def _declared(module: ModuleType, name: str) -> tuple[str, ...]:
    """The fields a class declares in its source, in order (as its dataclass took them); a private
    attribute (``SeatState``'s cache of part answers) is no field."""
    source = ROOT.joinpath(*module.__name__.split(".")).with_suffix(".py")  # compiled, __file__ is a .so
    tree = ast.parse(source.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    declared = [s for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
    names = [s.target.id for s in declared if not ast.unparse(s.annotation).startswith("ClassVar")]
    return tuple(n for n in names if not n.startswith("_"))


FIELDS = {
    cls.__name__: _declared(sys.modules[cls.__module__], cls.__name__)
    for cls in (
        HandWall,
        SeatState,
        WinResult,
        HandResult,
        GameResult,
    )
}
FROZEN = {"HandWall"}


def _objects() -> list[Any]:
    record = paifu.read(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0]
    result = paifu.replay(record)
    follower = Follower()
    tables = [t for t in map(follower.apply, record.events) if t is not None]
    table = tables[len(tables) // 2]
    assert isinstance(table, TableState) and result.hands and result.hands[0].wins
    return [
        _hand_wall(struct.pack("<137I", *range(1000, 1137)), 4, True),
        table.seats[0],
        result.hands[0].wins[0],
        result.hands[0],
        result,
    ]


def _fields(obj: Any) -> tuple[str, ...]:
    name = type(obj).__name__
    return FIELDS[name]


def _reference(obj: Any) -> Any:
    name, fields = type(obj).__name__, _fields(obj)
    ref = dataclasses.make_dataclass(name, list(fields), frozen=name in FROZEN)
    ref.__qualname__ = type(obj).__qualname__
    return ref(**{f: getattr(obj, f) for f in fields})


@pytest.mark.parametrize("obj", _objects(), ids=lambda o: type(o).__name__)
def test_a_written_out_class_behaves_as_its_dataclass(obj: Any) -> None:
    like = _reference(obj)
    assert repr(obj) == repr(like)
    if type(obj).__name__ in FROZEN:
        assert hash(obj) == hash(like)
    else:  # a dataclass with ``eq`` that is not frozen is unhashable
        with pytest.raises(TypeError, match="unhashable"):
            hash(obj)
    if not isinstance(obj, SeatState):  # its own __init__ takes the fields in the declared order
        assert type(obj)(*(getattr(obj, f) for f in _fields(obj))) == obj
    if isinstance(obj, SeatState):  # snapshots by ``copy()`` (a river tile is native: no pickle)
        copies = [obj.copy()]
    else:  # the results cross the process pool (a frozenset's repr may change order: equality only)
        copies = [pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)]
    for back in copies:
        assert type(back) is type(obj) and back == obj
    assert (obj == like) is False and obj.__eq__(like) is NotImplemented
    assert [f.name for f in dataclasses.fields(obj)] == list(_fields(obj))  # dataclasses' functions work
    if not isinstance(obj, SeatState):  # asdict deep-copies a river's native tiles: no
        assert dataclasses.replace(obj) == obj and dataclasses.asdict(obj) == dataclasses.asdict(like)
