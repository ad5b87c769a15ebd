"""Immutable records whose methods are written once, here, instead of generated at every start.

``@dataclass(frozen=True)`` compiles its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` from source text each time the module is imported: about 3.5 M
instructions a class, the largest part of ``paifu validate``'s start-up; and importing
``dataclasses`` at all (``inspect``, ``ast``, ``dis``, ``tokenize``) was 41 M more. A record is declared
with this module's ``dataclass(init=False, repr=False, eq=False[, slots=True])`` (typed for checkers by
``dataclass_transform``: mypy sees the class that runs, with its own ``__init__``): it records the fields (``fields``,
``replace``, ``field_names`` here) and ``__match_args__``, and gives ``dataclasses`` its
``__dataclass_fields__`` only when asked, so ``dataclasses.fields``, ``replace``, ``asdict`` and ``match``
keep working and ``dataclasses`` loads only where they are called. With its own ``__init__``
(straight-line ``set_field`` calls, as fast as a generated one) and ``Frozen`` as its base a record
behaves as the frozen dataclass did: the same equality, hash values, repr, ``FrozenInstanceError`` and
pickled state. ``Record`` is the same for a mutable class (``eq`` without a hash). A record's
``__init__`` is written by ``scripts/gen_records.py`` from its declaration in ``records/`` (where one
still is not, by hand).
``Described`` and ``shown`` serve the compiled classes written out instead of dataclasses
(``paifu.valued``, every one generated from its declaration in ``records/``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # a marker for type checkers only: nothing at run time

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda made: made


_T = TypeVar("_T")

#: sets a field of a frozen record, from its own ``__init__`` (as the generated ``__init__`` does)
set_field = object.__setattr__


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: no default (``dataclasses.MISSING`` where ``dataclasses`` describes the field)
MISSING: Any = _Missing()


class Field:
    """A record's field as ``dataclasses.Field`` describes it (``field()`` makes one for a default)."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "metadata")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,  # noqa: A002 - dataclasses.field's names
        hash: bool | None = None,  # noqa: A002
        compare: bool = True,
        metadata: Any = None,
    ) -> None:
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = metadata


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,  # noqa: A002 - dataclasses.field's names
    hash: bool | None = None,  # noqa: A002
    compare: bool = True,
    metadata: Any = None,
) -> Any:
    """``dataclasses.field`` for a record of this module's ``dataclass``."""
    return Field(default, default_factory, init, repr, hash, compare, metadata)


@dataclass_transform(field_specifiers=(field, Field))
def dataclass(
    cls: type | None = None, /, *, init: bool = True, repr: bool = True, eq: bool = True, slots: bool = False
) -> Any:
    """``@dataclass(init=False, repr=False, eq=False[, slots=True])`` without ``dataclasses``: the class's
    fields (for ``fields``, ``replace``, ``asdict`` and ``match``) and nothing generated. Importing
    ``dataclasses`` (``inspect``, ``ast``, ``dis``, ``tokenize``) was a tenth of a small validate:
    ``__dataclass_fields__`` is made from this module's fields when first asked, so ``dataclasses``
    loads only where its functions are called. Type checkers see what it is (``dataclass_transform``): a
    record whose ``__init__`` is its own."""
    if init or repr or eq:
        raise TypeError("paifu.frozen.dataclass generates nothing: give init=False, repr=False, eq=False")

    def wrap(cls: type) -> type:
        return _record(cls, slots)

    return wrap if cls is None else wrap(cls)


def _record(cls: type, slots: bool) -> type:
    found: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        for f in base.__dict__.get("__record_fields__", ()):
            found[f.name] = f
    own = cls.__dict__.get("__annotations__", {})
    for name, kind in own.items():
        text = kind if isinstance(kind, str) else getattr(kind, "__name__", "")
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name, f.type = name, kind
        found[name] = f
        if isinstance(value, Field):  # as dataclasses leaves it: the default, or no class attribute
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    fields = tuple(found.values())
    if slots:
        body = dict(cls.__dict__)
        inherited = {s for base in cls.__mro__[1:-1] for s in base.__dict__.get("__slots__", ())}
        body["__slots__"] = tuple(f.name for f in fields if f.name not in inherited)
        for f in fields:
            body.pop(f.name, None)
        body.pop("__dict__", None)
        body.pop("__weakref__", None)
        qualname = cls.__qualname__
        cls = type(cls)(cls.__name__, cls.__bases__, body)
        cls.__qualname__ = qualname
    type.__setattr__(cls, "__record_fields__", fields)
    if "__match_args__" not in cls.__dict__:
        type.__setattr__(cls, "__match_args__", tuple(f.name for f in fields if f.init))
    type.__setattr__(cls, "__dataclass_fields__", _Described(cls))
    return cls


class _Described:
    """``__dataclass_fields__`` of a record: made (with ``dataclasses``) and kept when first asked."""

    def __init__(self, owner: type) -> None:
        self.owner = owner

    def __get__(self, obj: object, cls: type | None = None) -> dict[str, Any]:
        import dataclasses

        made: dict[str, Any] = {}
        for f in self.owner.__dict__["__record_fields__"]:
            d: Any = dataclasses.field(
                default=dataclasses.MISSING if f.default is MISSING else f.default,
                default_factory=dataclasses.MISSING if f.default_factory is MISSING else f.default_factory,
                init=f.init,
                repr=f.repr,
                hash=f.hash,
                compare=f.compare,
                metadata=f.metadata,
                kw_only=False,
            )
            d.name, d.type = f.name, f.type
            d._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # noqa: SLF001 - as _get_field sets it
            made[f.name] = d
        type.__setattr__(self.owner, "__dataclass_fields__", made)
        type.__setattr__(
            self.owner,
            "__dataclass_params__",
            dataclasses._DataclassParams(False, False, False, False, False, False),  # type: ignore[attr-defined]  # noqa: SLF001
        )
        return made


def fields(cls_or_obj: Any) -> tuple[Field, ...]:
    """``dataclasses.fields`` of a record of this module's ``dataclass``, without ``dataclasses``."""
    got = getattr(cls_or_obj, "__record_fields__", None)
    if got is None:
        raise TypeError("must be called with a record class or instance")
    return tuple(got)


_NAMES: dict[type, tuple[str, ...]] = {}  # field_names of the record classes asked so far


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a record class's fields (``()`` for any other class; a real dataclass's by
    ``dataclasses``). A record class's are kept: a game's rules ask for a ruleset's several times."""
    own = isinstance(cls, type)
    if own and (known := _NAMES.get(cls)) is not None:
        return known
    got = cls.__dict__.get("__record_fields__") if own else None
    if got is not None:
        names = _NAMES[cls] = tuple(f.name for f in got)
        return names
    got = getattr(cls, "__record_fields__", None)
    if got is not None:
        return tuple(f.name for f in got)
    for klass in getattr(cls, "__mro__", ()):  # a compiled class written out: no dataclasses import
        described = klass.__dict__.get("__dataclass_fields__")
        if isinstance(described, Described):
            return described.names_of(cls)
    if "__dataclass_fields__" in dir(cls):
        import dataclasses

        return tuple(f.name for f in dataclasses.fields(cls))
    return ()


def replace(obj: _T, /, **changes: Any) -> _T:
    """``dataclasses.replace`` of a record of this module's ``dataclass``, without ``dataclasses``."""
    for f in getattr(obj, "__record_fields__"):  # noqa: B009 - set on the class at run time
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    made: _T = obj.__class__(**changes)
    return made


class _Plan:
    """A class's fields as its dataclass methods read them (``compare``, ``hash`` and ``repr`` heeded)."""

    __slots__ = ("compared", "hashed", "shown", "state")

    def __init__(self, cls: type) -> None:
        fields = getattr(cls, "__record_fields__", None)
        if fields is None:  # a real dataclass on these methods
            import dataclasses

            fields = dataclasses.fields(cls)
        self.state = tuple(f.name for f in fields)
        self.compared = _values([f.name for f in fields if f.compare])
        self.hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
        self.shown = tuple(f.name for f in fields if f.repr)


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these fields' values (a dataclass compares and hashes that tuple)."""
    if len(names) != 1:
        return attrgetter(*names) if names else lambda obj: ()
    one = names[0]
    return lambda obj: (getattr(obj, one),)


_plans: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    got = _plans.get(cls)
    if got is None:
        got = _plans[cls] = _Plan(cls)
    return got


class Described:
    """``__dataclass_fields__`` of a compiled class written out (no dataclass: mypyc ran ``dataclasses`` on
    one at every start): its fields by name (``names``, else the class's ``__match_args__``), made with
    ``dataclasses`` the first time its functions ask (``replace``, ``fields``, ``asdict``), so they work
    on it as on the dataclass it was."""

    def __init__(self, names: tuple[str, ...] | None = None) -> None:
        self.names = names
        self.made: dict[type, dict[str, Any]] = {}

    def names_of(self, cls: type) -> tuple[str, ...]:
        """The fields of ``cls``, a class this describes."""
        return cls.__match_args__ if self.names is None else self.names  # type: ignore[attr-defined]

    def __get__(self, obj: object, cls: type | None = None) -> dict[str, Any]:
        owner = type(obj) if cls is None else cls
        made = self.made.get(owner)
        if made is None:
            import dataclasses

            made = {}
            for name in self.names_of(owner):
                f: Any = dataclasses.field()
                f.name, f.type = name, "Any"
                f._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # noqa: SLF001 - as _get_field sets it
                made[name] = f
            self.made[owner] = made
        return made


def shown(obj: object, names: tuple[str, ...]) -> str:
    """A dataclass's repr of ``obj``: its class and these fields (the compiled records' ``__repr__``)."""
    values = ", ".join(f"{name}={getattr(obj, name)!r}" for name in names)
    return f"{obj.__class__.__qualname__}({values})"


class Record:
    """A dataclass's ``__eq__`` and ``__repr__``, written once (see the module's docstring)."""

    __slots__ = ()
    __hash__: Any = None  # as a dataclass with ``eq`` and not ``frozen``: unhashable

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        get = _plan(self.__class__).compared
        return get(self) == get(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _plan(self.__class__).shown)
        return f"{self.__class__.__qualname__}({shown})"


class Frozen(Record):
    """A frozen dataclass's methods beyond ``__init__`` (see the module's docstring)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(_plan(self.__class__).hashed(self))

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        return [getattr(self, name) for name in _plan(self.__class__).state]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(_plan(self.__class__).state, state, strict=False):
            set_field(self, name, value)
