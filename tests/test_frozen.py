"""``paifu.frozen``: records with hand-written methods behave as the frozen dataclasses they replace.

The records declared in ``records/`` get their ``__init__`` from ``scripts/gen_records.py``
(``tests/test_generated.py`` proves what it writes on a made-up family); what is left to prove here is
the shared methods of ``Frozen`` and ``Record`` on each record still written by hand, and on the two
generated ones with something of their own (``Ruleset``: keyword-only, checked, its hash kept;
``Finding``: a field left out of comparison): each compared with a real dataclass made from its own
fields (the same repr, equality, hash value, pickled and copied round trip, ``replace`` and
``FrozenInstanceError``).
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
from typing import Any

import pytest
from conftest import ROOT

import paifu.findings
import paifu.formats.base
import paifu.formats.inputs
import paifu.formats.table_facts
from paifu.frozen import MISSING, Frozen, Record, field_names
from paifu.frozen import fields as frozen_fields
from paifu.rules.ruleset import Ruleset, RulesetError

sys.path.insert(0, str(ROOT / "scripts"))
import gen_records  # noqa: E402 - a script, found by the path just added

#: generated records on ``Frozen`` compared with the dataclasses they stand for: positional fields,
#: defaults of every kind, a field left out of comparison (``Finding``) and, below, keyword-only fields
#: checked after ``__init__`` (``Ruleset``)
COMPARED = {"TableFacts", "Skipped", "Unreadable", "Finding"}
CLASSES = sorted(
    {
        c
        for m in (paifu.findings, paifu.formats.table_facts, paifu.formats.inputs)
        for c in vars(m).values()
        if isinstance(c, type) and issubclass(c, Record) and c.__name__ in COMPARED
    }
    | {Ruleset},
    key=lambda c: c.__qualname__,
)
#: keyword-only classes: their fields are checked by ``__post_init__``
KEYWORD_ONLY = {"Ruleset"}


def test_every_record_on_frozen_is_declared_in_records() -> None:
    """No record on ``Frozen`` or ``Record`` sits in a module the generator does not write: each is
    declared once in ``records/``, its ``__init__`` written from the declaration."""
    import ast

    generated = {ROOT / target for target in gen_records.FAMILIES.values()}
    found = set()
    for path in sorted((ROOT / "paifu").rglob("*.py")):
        if path in generated or path.name == "frozen.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and b.id in ("Frozen", "Record") for b in node.bases
            ):
                found.add(node.name)
    assert not found, f"declare these in records/: {sorted(found)}"
    assert {c.__name__ for c in CLASSES} == COMPARED | {"Ruleset"}


def _reference(cls: type) -> type:
    """A real dataclass of the same name and fields, frozen unless ``cls`` is mutable."""
    fields = [
        (f.name, Any, dataclasses.field(compare=f.compare, repr=f.repr, hash=f.hash))
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__qualname__, fields, frozen=issubclass(cls, Frozen))


def _values(cls: type, shift: int = 0) -> dict[str, Any]:
    """A value for every field: the default where the class checks its values, else a distinct one."""
    if cls.__name__ in KEYWORD_ONLY:
        made = cls()
        return {f.name: getattr(made, f.name) for f in dataclasses.fields(cls)} | (
            {"name": f"n{shift}"} if shift else {}
        )
    return {f.name: (i + shift, f"v{i}") for i, f in enumerate(dataclasses.fields(cls))}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_a_record_behaves_as_its_dataclass(cls: type) -> None:
    ref = _reference(cls)
    given = _values(cls)
    obj, same, other, like = cls(**given), cls(**given), cls(**_values(cls, 1)), ref(**given)
    assert repr(obj) == repr(like)
    assert obj == same and obj != other and obj != like
    assert (obj == like) is False and obj.__eq__(like) is NotImplemented
    if issubclass(cls, Frozen):
        assert hash(obj) == hash(like) == hash(same)
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.__setattr__(dataclasses.fields(cls)[0].name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.__delattr__(dataclasses.fields(cls)[0].name)
    else:
        with pytest.raises(TypeError):
            hash(obj)
    # a set rebuilt (by pickle or a copy) may iterate in another order where its members' hashes
    # collide, and so show another repr, a dataclass's too: the repr is compared where no field is a set
    sets = any(isinstance(getattr(obj, f.name), (set, frozenset)) for f in dataclasses.fields(cls))
    for back in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
        assert back == obj and type(back) is cls and (sets or repr(back) == repr(obj))
    assert dataclasses.replace(obj) == obj
    assert dataclasses.asdict(obj) == dataclasses.asdict(like)
    if "__slots__" in vars(cls):  # as ``slots=True`` made them
        assert not hasattr(obj, "__dict__")


def test_a_field_left_out_of_comparison_stays_out() -> None:
    """``Finding.red_fives`` is neither compared nor shown, as its ``field()`` says."""
    a = paifu.findings.Finding("wall-mismatch", "m", red_fives=(1, 1, 1))  # type: ignore[arg-type]
    b = paifu.findings.Finding("wall-mismatch", "m", red_fives=(0, 0, 0))  # type: ignore[arg-type]
    assert a == b and hash(a) == hash(b) and "red_fives" not in repr(a)


def test_defaults_and_keyword_errors_are_the_generated_init_s() -> None:
    assert Ruleset(start_points=30000).start_points == 30000 and Ruleset().name == "custom"
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        Ruleset(bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Ruleset("named")  # type: ignore[misc]  # keyword-only
    with pytest.raises(RulesetError):
        Ruleset(num_players=5)  # __post_init__ still checks


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_a_record_describes_its_fields_to_dataclasses(cls: type) -> None:
    """``paifu.frozen.dataclass`` records what ``dataclasses`` reads: each field once, in order, with its
    default and options, ``__match_args__``, ``is_dataclass``; ``paifu.frozen.fields`` agrees."""
    described = dataclasses.fields(cls)
    assert dataclasses.is_dataclass(cls) and [f.name for f in described] == list(field_names(cls))
    assert [f.name for f in frozen_fields(cls)] == [f.name for f in described]
    assert cls.__match_args__ == tuple(f.name for f in described if f.init)
    for ours, theirs in zip(frozen_fields(cls), described, strict=True):
        assert (ours.compare, ours.repr, ours.hash, ours.type) == (
            theirs.compare,
            theirs.repr,
            theirs.hash,
            theirs.type,
        )
        assert (ours.default is MISSING) == (theirs.default is dataclasses.MISSING)
        assert (ours.default_factory is MISSING) == (theirs.default_factory is dataclasses.MISSING)
        if ours.default is not MISSING:
            assert ours.default is theirs.default


def test_a_record_without_its_fields_asked_leaves_dataclasses_unloaded() -> None:
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from paifu.events import Draw\n"
        "from paifu.rules.ruleset import Ruleset\n"
        "assert Ruleset().replace(start_points=30000).start_points == 30000 and Draw(0, 1) == Draw(0, 1)\n"
        "before = 'dataclasses' in sys.modules\n"
        "import dataclasses\n"
        "print(before, dataclasses.replace(Draw(0, 1), tile=2), [f.name for f in dataclasses.fields(Draw)])\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False Draw(seat=0, tile=2) ['seat', 'tile']"


def test_a_ruleset_keeps_its_hash_and_nothing_else_changes() -> None:
    """``Ruleset.__hash__`` keeps its first answer (several caches a game key on it): equal
    rulesets still hash alike, a changed one hashes anew, and the kept hash is no field, so copies,
    pickles, equality and the fields dataclasses sees are as before."""
    rules = Ruleset(start_points=30000)
    first = hash(rules)
    assert hash(rules) == first == hash(Ruleset(start_points=30000))
    assert hash(rules.replace(start_points=25000)) == hash(Ruleset())
    for back in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), copy.copy(rules)):
        assert back == rules and hash(back) == first
    assert "_hash" not in field_names(Ruleset)
    assert dataclasses.asdict(rules) == dataclasses.asdict(Ruleset(start_points=30000))
