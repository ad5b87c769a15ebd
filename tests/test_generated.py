"""The record modules written from their declarations (``scripts/gen_records.py``): each is what its
declaration in ``records/`` gives, byte for byte, and what the generator writes behaves as the frozen
(or mutable) dataclass a record was."""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import pickle
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SAMPLES

import paifu
import paifu.events
import paifu.rules
from paifu.board.follow import Follower
from paifu.board.rules import DEFAULT, TABLE_RULES_FIELDS, TableRules
from paifu.board.state import TableState
from paifu.scoring.values import Valuation, WinContext

sys.path.insert(0, str(ROOT / "scripts"))
import gen_records  # noqa: E402 - a script, found by the path just added

pytest.importorskip("ruff", reason="the generator formats its output with ruff (the dev extra)")


@pytest.mark.parametrize("source", sorted(gen_records.FAMILIES))
def test_a_generated_module_is_what_its_declaration_gives(source: str) -> None:
    target = gen_records.FAMILIES[source]
    made = gen_records.generate(source, target)
    assert (ROOT / target).read_text(encoding="utf-8") == made, (
        f"{target} differs from {source}: edit {source}, then run python scripts/gen_records.py"
    )
    assert made.startswith(f"# Generated from {source} ")


def test_a_changed_declaration_gives_another_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above can fail: one more rule marked for the board changes ``Ruleset``'s module
    (its field, its words) and ``TableRules``' (the board's copy), whose declaration is unchanged."""
    text = (ROOT / "records" / "ruleset.py").read_text(encoding="utf-8")
    line = '    furiten_riichi: bool = rule(True, "riichi while furiten", "engine")\n'
    assert line in text
    added = '    double_riichi: bool = rule(True, "double riichi", "board")  # a new option\n'
    changed = text.replace(line, line + added, 1)
    made = gen_records.expand(changed, "records/ruleset.py")
    assert made != gen_records.expand(text, "records/ruleset.py")
    assert (
        "    double_riichi: bool = True  # a new option" in made
        and "'double_riichi': 'double riichi'" in made
    )
    board = (ROOT / "records" / "table_rules.py").read_text(encoding="utf-8")
    before = gen_records.expand(board, "records/table_rules.py")
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "ruleset.py").write_text(changed, encoding="utf-8")
    monkeypatch.setattr(gen_records, "ROOT", tmp_path)
    after = gen_records.expand(board, "records/table_rules.py")
    assert after != before and "double_riichi: Final[bool]  # a new option" in after
    assert "same_turn_furiten: bool = True, double_riichi: bool = True, four_winds" in after


DECLARED = '''"""A made-up family."""

from __future__ import annotations

from made_valued import Hashed, Rebuilt, Valued


class Point(Hashed):
    """A point."""

    x: int
    #: a longer doc
    y: int = 0  # a comment
    tags: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.x + self.y


class Bag(Rebuilt):
    """A mutable bag."""

    items: list[int] = []
    point: Point = Point(1)
    points: list[Point] = []

    def copy(self) -> Bag:
        """A copy."""
        ...


class Seat(Valued):
    """A mutable record with a cache beside its fields."""

    tiles: list[int] = []
    seen: set[int] = set()
    ids: list[int] | None = None
    points: list[Point] = []
    bags: list[Bag] = []
    #: derived from the tiles: not a field
    _total: int = 0

    def copy(self) -> Seat:
        ...
'''


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # pickle finds the classes by their module
    spec.loader.exec_module(module)
    return module


def _made(tmp_path: Path) -> Any:
    """The made-up family, written and imported as plain Python (on ``paifu/valued.py``'s source: an
    interpreted class cannot inherit a compiled one)."""
    _load("made_valued", ROOT / "paifu" / "valued.py")
    path = tmp_path / "made_records.py"
    path.write_text(gen_records.expand(DECLARED, "records/made.py"), encoding="utf-8")
    return _load("made_records", path)


def test_what_the_generator_writes_behaves_as_a_dataclass(tmp_path: Path) -> None:
    made = _made(tmp_path)
    try:
        point, bag = made.Point(3, 4, ("a",)), made.Bag([1])
        assert made.Point.__match_args__ == ("x", "y", "tags") and point.total == 7
        for obj, frozen in ((point, True), (bag, False)):
            names = type(obj).__match_args__
            ref = dataclasses.make_dataclass(type(obj).__name__, list(names), frozen=frozen)
            like = ref(**{n: getattr(obj, n) for n in names})
            assert repr(obj) == repr(like) and (obj == like) is False
            assert [f.name for f in dataclasses.fields(obj)] == list(names)
            assert dataclasses.replace(obj) == obj and dataclasses.asdict(obj) == dataclasses.asdict(like)
            for back in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
                assert type(back) is type(obj) and back == obj
            assert not hasattr(obj, "__dict__")
        assert hash(point) == hash(made.Point(3, 4, ("a",))) == hash((3, 4, ("a",)))
        with pytest.raises(TypeError, match="unhashable"):
            hash(bag)
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 5
        assert made.Point(1) == made.Point(1, 0, ())
        # a default that makes a value is made anew, as a default_factory
        assert made.Bag().items == [] and made.Bag().items is not made.Bag().items
        assert made.Bag().point == made.Point(1) and made.Bag().point is not made.Bag().point
        snap = bag.copy()  # a written copy(): the lists copied
        assert type(snap) is made.Bag and snap == bag and snap.items is not bag.items
        snap.items.append(2)
        assert snap != bag
    finally:
        del sys.modules["made_records"], sys.modules["made_valued"]


DECLARED_FROZEN = '''"""A made-up family on paifu.frozen."""

from __future__ import annotations

from paifu.frozen import Frozen, dataclass, field
from records.declare import KW_ONLY, rule


@dataclass(init=False, repr=False, eq=False, slots=True)
class Spot(Frozen):
    """A spot."""

    x: int
    y: int = 0  # a comment
    hidden: tuple[int, ...] = field(default=(1,), compare=False, repr=False)
    made: list[int] = field(default_factory=list)


@dataclass(init=False, repr=False, eq=False)
class Rules(Frozen):
    """Rules."""

    _: KW_ONLY
    name: str = "custom"
    #: a longer doc
    chi: bool = rule(True, "chi", "board")  # chi allowed
    size: int = rule(14, "the size", "board", view_default=15)
    pao: frozenset[str] = rule(frozenset({"a"}), "pao")

    def __post_init__(self) -> None:
        if self.size < 0:
            raise ValueError(self.size)
'''


def test_a_record_on_frozen_is_written_as_its_dataclass_was(tmp_path: Path) -> None:
    """A record on ``paifu.frozen.Frozen``: its ``__init__`` written (keyword-only after ``_: KW_ONLY``,
    ``__post_init__`` called, a ``default_factory`` made anew, ``field()``'s options kept); its rules'
    words and readers as module constants."""
    path = tmp_path / "made_frozen.py"
    made_text = gen_records.expand(DECLARED_FROZEN, "records/made.py")
    assert "records.declare" not in made_text and "rule(" not in made_text
    path.write_text(made_text, encoding="utf-8")
    made = _load("made_frozen", path)
    try:
        spot = made.Spot(3, 4, (9,))
        like = dataclasses.make_dataclass("Spot", ["x", "y", "made"], frozen=True)(3, 4, [])
        assert repr(spot) == repr(like) and spot.hidden == (9,)
        assert hash(made.Spot(3, 4, made=())) == hash(like.__class__(3, 4, ()))
        assert spot == made.Spot(3, 4, (8,)) and made.Spot(1).made is not made.Spot(1).made
        assert pickle.loads(pickle.dumps(spot)) == spot and not hasattr(spot, "__dict__")
        with pytest.raises(dataclasses.FrozenInstanceError):
            spot.x = 1
        rules = made.Rules(chi=False)
        assert (rules.chi, rules.size, rules.pao, rules.name) == (False, 14, frozenset({"a"}), "custom")
        with pytest.raises(TypeError):
            made.Rules("named")  # keyword-only
        with pytest.raises(ValueError):
            made.Rules(size=-1)  # __post_init__ ran
        assert made.RULE_WORDS == {"chi": "chi", "size": "the size", "pao": "pao"}
        assert made.RULE_READERS == {"board": ("chi", "size")}
    finally:
        del sys.modules["made_frozen"]


def test_a_record_copies_the_options_marked_for_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``options_read_by``: the fields another declaration marks for a reader, with their types,
    comments and defaults (the view's own where given), and ``COPIED_OPTIONS``."""
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "made.py").write_text(DECLARED_FROZEN, encoding="utf-8")
    monkeypatch.setattr(gen_records, "ROOT", tmp_path)
    view = (
        "from __future__ import annotations\n\nfrom paifu.valued import Hashed\n\n\n"
        "class View(Hashed):\n"
        '    options_read_by("records/made.py", "board")\n'
        "    extra: bool = False  # its own\n"
    )
    text = gen_records.expand(view, "records/view.py")
    assert "    #: a longer doc\n    chi: Final[bool]  # chi allowed\n" in text
    assert "chi: bool = True, size: int = 15, extra: bool = False" in text
    assert "COPIED_OPTIONS: Final[tuple[str, ...]] = ('chi', 'size')" in text
    with pytest.raises(SystemExit, match="marks no field"):
        gen_records.expand(view.replace('"board"', '"nobody"'), "records/view.py")


def test_private_state_is_kept_beside_the_fields_and_copied(tmp_path: Path) -> None:
    """A ``_name`` of a record on ``Valued`` (``SeatState``'s part keys) is no field: out of
    ``__match_args__``, the repr and equality, set to its default by ``__init__``, carried by
    ``copy()``; and ``copy()`` copies what may change (a list, a set, a list that may be None, a list
    of records that have a ``copy()``) but shares a frozen record."""
    made = _made(tmp_path)
    try:
        seat = made.Seat([1, 2], {3}, [7], [made.Point(1)], [made.Bag([4])])
        assert made.Seat.__match_args__ == ("tiles", "seen", "ids", "points", "bags")
        assert "_total" in made.Seat.__slots__ and not hasattr(seat, "__dict__")
        assert seat._total == 0 and "_total" not in repr(seat)
        seat._total = 3
        snap = seat.copy()
        assert type(snap) is made.Seat and snap == seat and snap._total == 3
        assert snap == made.Seat([1, 2], {3}, [7], [made.Point(1)], [made.Bag([4])])  # the cache is no field
        for name in ("tiles", "seen", "ids", "points", "bags"):
            assert getattr(snap, name) is not getattr(seat, name)
        assert snap.points[0] is seat.points[0] and snap.bags[0] is not seat.bags[0]
        assert made.Seat().copy().ids is None
        with pytest.raises(TypeError, match="unhashable"):
            hash(seat)
    finally:
        del sys.modules["made_records"], sys.modules["made_valued"]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("    x: int = 0\n    y: int\n", "no default after one that has"),
        ("    x: int\n\n    def __init__(self) -> None:\n        pass\n", "written by the generator"),
        ('    """Nothing."""\n', "declares no field"),
        ("    x: int\n    _cache: int = 0\n", "private state"),
    ],
)
def test_the_generator_refuses_a_declaration_it_cannot_write(body: str, why: str) -> None:
    text = f"from paifu.valued import Hashed\n\n\nclass Odd(Hashed):\n{body}"
    with pytest.raises(SystemExit, match=why):
        gen_records.expand(text, "records/odd.py")


def test_a_generated_record_refuses_a_change_compiled_or_not() -> None:
    """``Final`` compiled, ``paifu.valued`` in plain Python: either way an ``AttributeError``."""
    draw, rules = paifu.events.Draw(0, 5), TableRules(num_players=3)
    for obj, name in ((draw, "tile"), (rules, "ippatsu")):
        with pytest.raises(AttributeError):
            setattr(obj, name, getattr(obj, name))
        with pytest.raises(AttributeError):
            delattr(obj, name)
    assert TableRules.__match_args__ == TABLE_RULES_FIELDS and DEFAULT.with_players(3) == rules
    assert paifu.events.Win(0, 1, 5).claimed is not paifu.events.Win(0, 1, 5).claimed
    assert paifu.events.GameRecord([]).issues is not paifu.events.GameRecord([]).issues


def test_what_a_check_answers_is_a_record() -> None:
    """``Fault``, ``DrawCheck`` and ``HandStartCheck`` (what the pure checks return) are declared in
    ``records/faults.py`` like the other records: equal and hashed by their fields, pickled by value,
    refused a change, and answered so by the checks themselves."""
    from paifu.engine import legality, outcomes
    from paifu.engine.faults import DrawCheck, Fault, HandStartCheck
    from paifu.findings import Code
    from paifu.rules.flags import flags_of

    assert gen_records.FAMILIES["records/faults.py"] == "paifu/engine/faults.py"
    assert legality.Fault is Fault and outcomes.DrawCheck is DrawCheck
    fault = Fault(Code.WRONG_TURN, "not this seat's turn", 2, 1, 2, blocks=True)
    same = Fault(Code.WRONG_TURN, "not this seat's turn", 2, 1, 2, True)
    assert fault == same and hash(fault) == hash(same) and fault != Fault(Code.WRONG_TURN, "x")
    assert repr(fault) == f"Fault({Code.WRONG_TURN.value}: not this seat's turn)"
    assert Fault.__match_args__ == ("code", "message", "seat", "expected", "actual", "blocks")
    drawn = DrawCheck((fault,), (0, 2))
    assert pickle.loads(pickle.dumps(drawn)) == drawn and drawn.nagashi == ()
    assert repr(drawn).startswith("DrawCheck(faults=(Fault(")
    with pytest.raises(AttributeError):
        drawn.tenpai = ()  # type: ignore[misc]
    flags = flags_of(paifu.rules.Ruleset())
    assert outcomes.check_draw(None, paifu.events.RyuukyokuKind.EXHAUSTIVE, flags) == DrawCheck(
        (Fault(Code.ABORT_CONDITION_NOT_MET, "a drawn hand outside a hand", blocks=True),)
    )
    started = HandStartCheck((), (25000,) * 4)
    assert copy.deepcopy(started) == started and started != HandStartCheck((), (25000,) * 3)


def test_a_table_snapshot_is_apart_from_the_table() -> None:
    """``Table.copy()`` (written by the generator): the same class, equal, its lists and seats copied."""
    record = paifu.read(str(SAMPLES / "tenhou-xml" / "chankan.xml"))[0]
    follower = Follower()
    tables = [t for t in map(follower.apply, record.events) if t is not None]
    table = tables[len(tables) // 2]
    snap = table.copy()
    assert type(snap) is TableState and snap == table and snap.seats is not table.seats
    assert snap.seats[0] == table.seats[0] and snap.seats[0] is not table.seats[0]
    assert repr(snap) == repr(table) and snap.__match_args__[0] == "num_players"
    assert snap.seats[0].keys == table.seats[0].keys and any(table.seats[0].keys)  # private state too
    snap.scores[0] += 100
    assert snap != table
    result = paifu.replay(record)  # the results cross the process pool pickled
    assert pickle.loads(pickle.dumps(result)) == result and copy.deepcopy(result) == result
    assert result.hands[0].wins and repr(result.hands[0].wins[0]).startswith("WinResult(seat=")
    context = WinContext(paifu.rules.Ruleset(), (0, 4), (), 4, True, 0, 0, True)
    assert pickle.loads(pickle.dumps(context)) == context and hash(context) == hash(copy.copy(context))
    assert dataclasses.replace(Valuation(True, han=2)).han == 2


def test_type_checkers_see_the_class_that_runs() -> None:
    """No module shows mypy ``dataclasses.dataclass`` under ``TYPE_CHECKING`` while another decorator
    runs: ``paifu.frozen.dataclass`` is typed for checkers itself (``dataclass_transform``)."""
    import ast

    shown = []
    for path in sorted((ROOT / "paifu").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
                shown += [
                    f"{path.relative_to(ROOT)}:{n.lineno}"
                    for n in ast.walk(node)
                    if isinstance(n, ast.ImportFrom) and n.module == "dataclasses"
                ]
    assert not shown, shown
    import paifu.frozen

    assert getattr(paifu.frozen.dataclass, "__dataclass_transform__", None) or sys.version_info < (3, 11)
