"""Reading and writing game records: one entry point for the four formats.

Readers are imported lazily so ``import paifu.formats`` stays cheap (the CLI
imports it just to list formats). The format comes from the content
(``detect.py``), then the file name; an explicit ``fmt`` overrides both.
"""

from __future__ import annotations

import gzip
import importlib
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from paifu.formats.base import RecordError

if TYPE_CHECKING:
    from paifu.events import GameRecord

__all__ = ["FORMATS", "RecordError", "guess_format", "iter_record_files", "read_bytes", "read_path", "write"]

FORMATS = ("tenhou-xml", "tenhou-json", "mjai", "majiang")

_READERS = {
    "tenhou-xml": ("paifu.formats.tenhou_xml", "read_tenhou_xml"),
    "tenhou-json": ("paifu.formats.tenhou_json", "read_tenhou_json"),
    "mjai": ("paifu.formats.mjai", "read_mjai"),
    "majiang": ("paifu.formats.majiang", "read_majiang"),
}
_WRITERS = {
    "tenhou-xml": ("paifu.formats.tenhou_xml", "write_tenhou_xml"),
    "tenhou-json": ("paifu.formats.tenhou_json", "write_tenhou_json"),
    "mjai": ("paifu.formats.mjai", "write_mjai"),
    "majiang": ("paifu.formats.majiang", "write_majiang"),
}
_ALIASES = {
    "xml": "tenhou-xml", "mjlog": "tenhou-xml", "tenhou": "tenhou-xml",
    "json": "tenhou-json", "tenhou6": "tenhou-json", "tenhou-6": "tenhou-json",
    "mjai-jsonl": "mjai", "jsonl": "mjai",
    "paipu": "majiang", "majiang-paipu": "majiang", "majiang_paipu": "majiang",
}
GZIP_MAGIC = b"\x1f\x8b"
#: names that are never records, whatever folder they sit in
_NOT_RECORDS = {"readme.md", "readme", "readme.txt", "license", "licence", "manifest.csv"}
_NOT_RECORD_SUFFIXES = (".md", ".csv", ".txt", ".py", ".toml", ".yaml", ".yml", ".parquet", ".png", ".ipynb")


def normalise_format(fmt: str) -> str:
    """A canonical format name from a user's spelling; RecordError for an unknown one."""
    f = fmt.strip().lower().replace("_", "-")
    f = _ALIASES.get(f, f)
    if f not in FORMATS:
        raise RecordError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    return f


def _load(table: dict[str, tuple[str, str]], fmt: str, what: str) -> Callable:
    module, func = table[fmt]
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise RecordError(f"no {what} for {fmt} yet ({e})") from e
    fn = getattr(mod, func, None)
    if fn is None:
        raise RecordError(f"no {what} for {fmt} yet ({module}.{func} missing)")
    return fn


def decompress(data: bytes, source: str = "") -> bytes:
    """Gunzip when the gzip magic is there (any name), else the bytes unchanged."""
    if data[:2] == GZIP_MAGIC:
        try:
            return gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise RecordError(f"corrupt gzip data: {e}", file=source) from e
    return data


def guess_format(data: bytes, source: str = "") -> str:
    """The format of record bytes: content first, then the file name."""
    from paifu.formats.detect import detect_format, format_from_name

    fmt = detect_format(data) or (format_from_name(source) if source else None)
    if fmt is None:
        _raise_if_broken_json(data, source)
        raise RecordError(
            "not a game record in any known format (tried " + ", ".join(FORMATS) + ")", file=source
        )
    return fmt


def _raise_if_broken_json(data: bytes, source: str) -> None:
    """A JSON document that does not parse (e.g. cut short) says so, rather than "no known format"."""
    if data.lstrip(b"\xef\xbb\xbf").lstrip()[:1] not in (b"{", b"["):
        return
    import json

    try:
        json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e}", file=source) from e
    except ValueError as e:
        if "Extra data" not in str(e):  # JSON lines: each line may be fine
            raise RecordError(f"not valid JSON (cut short or corrupt?): {e}", file=source) from e


def read_bytes(data: bytes, source: str = "", fmt: str | None = None) -> list[GameRecord]:
    """Every game in one file's bytes."""
    data = decompress(data, source)
    f = normalise_format(fmt) if fmt else guess_format(data, source)
    reader = _load(_READERS, f, "reader")
    try:
        return reader(data, source)
    except RecordError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, OverflowError) as e:  # a reader slipped
        raise RecordError(f"cannot read as {f}: {type(e).__name__}: {e}", file=source) from e


def read_path(path: str | os.PathLike[str], fmt: str | None = None) -> list[GameRecord]:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise RecordError(f"cannot open: {e.strerror or e}", file=str(p)) from e
    return read_bytes(data, str(p), fmt)


def _skippable(name: str) -> bool:
    n = name.lower()
    return n.startswith(".") or n in _NOT_RECORDS or n.endswith(_NOT_RECORD_SUFFIXES)


def iter_record_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[str]:
    """Record files under the given paths: files as given, directories recursively and sorted.

    Inside directories, documentation, tables and hidden files are skipped by name, and
    a 電脳麻将 rule object (``{"rule": {...}}`` with no ``log``) is skipped by content;
    anything else is yielded, so a file we cannot read is reported by the caller.
    """
    for path in paths:
        p = Path(path)
        if not p.is_dir():
            yield str(p)
            continue
        for root, dirs, files in os.walk(p):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if _skippable(name):
                    continue
                full = os.path.join(root, name)
                if _is_rule_object(full):
                    continue
                yield full


def _is_rule_object(path: str) -> bool:
    """A 電脳麻将 rule file (as in majiang_selfplay/rules): not a record."""
    if not path.lower().endswith(".json"):
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(65536)
    except OSError:
        return False
    if head[:2] == GZIP_MAGIC or b'"log"' in head:
        return False
    import json

    try:
        obj = json.loads(head.decode("utf-8-sig"))
    except ValueError:
        return False
    return isinstance(obj, dict) and isinstance(obj.get("rule"), dict) and "log" not in obj


def write(record: GameRecord, fmt: str) -> bytes:
    """One game in the given format."""
    from paifu.formats.base import with_stated_scores

    f = normalise_format(fmt)
    return _load(_WRITERS, f, "writer")(with_stated_scores(record) if f != "mjai" else record)
