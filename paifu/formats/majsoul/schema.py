"""Mahjong Soul's record messages, decoded by the protobuf library from the game's own definitions.

``liqi.proto`` beside this module holds the messages paifu reads, as the game publishes them. protoc is
no Python dependency, so the file's message declarations (the only construct it uses: scalar, message
and repeated fields) are turned into a ``FileDescriptorProto`` here, and the protobuf library builds
the message classes and does all decoding (binary and JSON) from it.

Every layout a record arrives in becomes the same plain value: the decoded message as a dict with the
definitions' snake_case names and every field present (defaults filled in), so the reader reads one
shape whether the file held protobuf bytes, the downloaders' snake_case JSON or protobuf's camelCase
JSON.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import Any

_TYPES = {
    "double": 1,
    "float": 2,
    "int64": 3,
    "uint64": 4,
    "int32": 5,
    "bool": 8,
    "string": 9,
    "bytes": 12,
    "uint32": 13,
    "sint32": 17,
    "sint64": 18,
}
_TOKEN = re.compile(r"//[^\n]*|[A-Za-z_][\w.]*|\d+|[{};=]")


class SchemaError(ValueError):
    """``liqi.proto`` holds something this reader of it does not take (a packaging fault)."""


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text) if not t.startswith("//")]


def _file_descriptor(text: str) -> Any:
    """``text`` (proto3 message declarations, nested ones included) as a ``FileDescriptorProto``."""
    from google.protobuf import descriptor_pb2

    fdp = descriptor_pb2.FileDescriptorProto(name="paifu_liqi.proto", syntax="proto3")
    toks = _tokens(text)
    i = 0
    package = ""

    def message(msg: Any, scope: str) -> None:
        nonlocal i
        full = f"{scope}.{msg.name}"
        while toks[i] != "}":
            if toks[i] == "message":
                nested = msg.nested_type.add(name=toks[i + 1])
                if toks[i + 2] != "{":
                    raise SchemaError(f"message {toks[i + 1]}: '{{' expected")
                i += 3
                message(nested, full)
                continue
            repeated = toks[i] == "repeated"
            if repeated:
                i += 1
            ftype, fname, eq, number, semi = toks[i : i + 5]
            if eq != "=" or semi != ";" or not number.isdigit():
                raise SchemaError(f"message {msg.name}: cannot read the field near {fname!r}")
            field = msg.field.add(name=fname, number=int(number), json_name=_camel(fname))
            field.label = 3 if repeated else 1
            if ftype in _TYPES:
                field.type = _TYPES[ftype]
            else:
                field.type = 11  # a message, named relative to the scope it is declared in
                field.type_name = ftype
            i += 5
        i += 1

    while i < len(toks):
        t = toks[i]
        if t == "syntax":
            i += 4  # syntax = proto3 ;
        elif t == "package":
            package = toks[i + 1]
            fdp.package = package
            i += 3
        elif t == "message":
            if toks[i + 2] != "{":
                raise SchemaError(f"message {toks[i + 1]}: '{{' expected")
            msg = fdp.message_type.add(name=toks[i + 1])
            i += 3
            message(msg, "." + package)
        else:
            raise SchemaError(f"unexpected {t!r} at the top of liqi.proto")
    _resolve(fdp, package)
    return fdp


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _resolve(fdp: Any, package: str) -> None:
    """Each message field's type as a full name, looked up from its own message outwards (proto's
    scoping: a nested message first, then the package's)."""
    known: set[str] = set()

    def collect(msgs: Any, scope: str) -> None:
        for m in msgs:
            known.add(f"{scope}.{m.name}")
            collect(m.nested_type, f"{scope}.{m.name}")

    collect(fdp.message_type, "." + package)

    def fix(msgs: Any, scope: str) -> None:
        for m in msgs:
            inner = f"{scope}.{m.name}"
            for f in m.field:
                if f.type != 11:
                    continue
                for candidate in (
                    f"{inner}.{f.type_name}",
                    f"{scope}.{f.type_name}",
                    f".{package}.{f.type_name}",
                ):
                    if candidate in known:
                        f.type_name = candidate
                        break
                else:
                    raise SchemaError(f"{m.name}.{f.name}: no message {f.type_name}")
            fix(m.nested_type, inner)

    fix(fdp.message_type, "." + package)


@cache
def _classes() -> dict[str, Any]:
    """Every message class of ``liqi.proto``, by its name without the package."""
    from google.protobuf import descriptor_pool, message_factory

    text = files("paifu.formats.majsoul").joinpath("liqi.proto").read_text(encoding="utf-8")
    fdp = _file_descriptor(text)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    out: dict[str, Any] = {}
    for m in fdp.message_type:
        out[m.name] = message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{fdp.package}.{m.name}"))
    return out


def message_class(name: str) -> Any:
    """The class of a message named as a record's wrapper names it (``.lq.RecordNewRound``) or bare;
    None for a message paifu does not read."""
    return _classes().get(name.rsplit(".", 1)[-1])


def decode(name: str, data: bytes) -> dict[str, Any]:
    """A message's protobuf bytes as a plain dict (``as_dict``)."""
    from google.protobuf.message import DecodeError

    cls = message_class(name)
    if cls is None:
        raise ValueError(f"no definition of the message {name!r}")
    msg = cls()
    try:
        msg.ParseFromString(data)
    except DecodeError as e:
        raise ValueError(f"{name}: not valid protobuf ({e})") from e
    return as_dict(msg)


def from_json(name: str, value: object) -> dict[str, Any]:
    """A message given as JSON (snake_case or camelCase names) as the same plain dict."""
    from google.protobuf import json_format

    cls = message_class(name)
    if cls is None:
        raise ValueError(f"no definition of the message {name!r}")
    if not isinstance(value, dict):
        raise ValueError(f"{name}: an object expected, not {type(value).__name__}")
    try:
        msg = json_format.ParseDict(value, cls(), ignore_unknown_fields=True)
    except json_format.ParseError as e:
        raise ValueError(f"{name}: {e}") from e
    return as_dict(msg)


def _repeated(field: Any) -> bool:
    """Whether a field is repeated: ``is_repeated`` where the library has it (protobuf 6 and later
    dropped ``label``), ``label`` before."""
    flag = getattr(field, "is_repeated", None)
    return flag if isinstance(flag, bool) else bool(field.label == 3)


def as_dict(msg: Any) -> dict[str, Any]:
    """A message as a dict of its fields by their definitions' names, every field present (proto3
    leaves a zero, an empty list or ``false`` out of both its bytes and its JSON), bytes as bytes."""
    out: dict[str, Any] = {}
    for field in msg.DESCRIPTOR.fields:
        value = getattr(msg, field.name)
        repeated = _repeated(field)
        if field.type == 11:  # a message
            if repeated:
                out[field.name] = [as_dict(v) for v in value]
            else:
                out[field.name] = as_dict(value) if msg.HasField(field.name) else None
        elif repeated:
            out[field.name] = list(value)
        else:
            out[field.name] = value
    return out
