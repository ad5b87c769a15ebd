"""Tenhou XML bytes to games: decompress, parse (repairing duplicated attributes, splitting
concatenated games), name each game, and hand each ``<mjloggm>`` root to ``game._GameReader``."""

from __future__ import annotations

import os
import re
import threading
from pathlib import PurePath
from typing import Final

from lxml import etree

from paifu.events import GameRecord, RecordIssue
from paifu.findings import Code
from paifu.formats.base import RecordError
from paifu.formats.check import check_records
from paifu.formats.gzipped import decompress
from paifu.formats.tenhou_xml.game import _GameReader
from paifu.formats.tenhou_xml.names import _LOG_ID
from paifu.formats.tenhou_xml.scan import scan_head
from paifu.safety import display_path

# a start tag and its attributes, for the duplicate-attribute repair only
_START_TAG = re.compile(rb"<([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)(\s*/?>)")
_ATTR = re.compile(rb"\s+([^\s=>/]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


def _file_name(source: str) -> str:
    """``PurePath(source).name`` without making a path object (1.2% of an end-to-end run):
    the text after the last separator, where that is a name; else the path's own answer."""
    if os.altsep is None:
        tail = source.rpartition(os.sep)[2]
        if tail and tail != ".":
            return tail
    return PurePath(source).name


def _game_id(source: str, root: etree._Element | None, comments: list[str] | None = None) -> str:
    """The log id in the file's name, else in a comment before the root (nearest first: the tree's
    ``root``, or the ``comments`` the scan read), else the file's stem."""
    m = _LOG_ID.search(_file_name(source)) if source else None
    if m:
        return m.group(0)
    if root is not None:
        texts = [
            sib.text or "" for sib in root.itersiblings(preceding=True) if isinstance(sib, etree._Comment)
        ]
    else:
        texts = list(reversed(comments or []))
    for text in texts:
        m = _LOG_ID.search(text)
        if m:
            return m.group(0)
    return display_path(PurePath(source).stem) if source else ""  # text, whatever bytes name the file


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


class _Null:
    """A parser target that builds nothing: lxml then only checks the bytes (``_well_formed``)."""

    def close(self) -> None:
        return None


#: one checking parser per thread, kept: a target parser is a reference cycle inside lxml, so a new
#: one per document left garbage for the collector; a parser is not shared across threads
_CHECKERS: Final = threading.local()


def _well_formed(raw: bytes) -> bool:
    """Whether ``raw`` is one well-formed document, found with no tree built (half a tree parse)."""
    parser = getattr(_CHECKERS, "parser", None)
    if parser is None:
        parser = _CHECKERS.parser = etree.XMLParser(target=_Null(), resolve_entities=False, huge_tree=True)  # type: ignore[arg-type]
    try:
        etree.fromstring(raw, parser)
    except etree.XMLSyntaxError:
        return False
    return True


def _scanned(raw: bytes, source: str) -> GameRecord | None:
    """The one game of ``raw`` read from its bytes (``scan``), with no tree; None where the bytes may
    not be its tree, or are no well-formed document: the tree's reading then says what they hold.

    First as a plain document, proved well-formed as it is scanned (one pass over the bytes, and no
    event made before the proof reaches the end); where the scan declines, lxml judges the bytes,
    and a document it passes is scanned again trusting them (the scan decodes the header's
    references: it must not meet one lxml refuses)."""
    rec = _scanned_as(raw, source, True)
    if rec is None and _well_formed(raw):
        rec = _scanned_as(raw, source, False)
    return rec


def _scanned_as(raw: bytes, source: str, prove: bool) -> GameRecord | None:
    head = scan_head(raw, prove)
    if head is None:
        return None
    reader = _GameReader(head.root, source, 0, _game_id(source, None, head.comments))
    rec = reader.read_scanned(head, raw, prove)
    if rec is not None:
        check_records([rec], source, [reader.fresh])
    return rec


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


def read_tenhou_xml(data: bytes, source: str = "") -> list[GameRecord]:
    """Read a Tenhou mjlog (plain or gzip bytes) into one GameRecord per ``<mjloggm>``, checked
    (``check_records``) on the events the reader did not take from its trusted shared ones."""
    raw = decompress(data, source)  # bounded by --max-size
    if not raw.strip():
        raise RecordError("empty file", file=source)
    scanned = _scanned(raw, source)
    if scanned is not None:
        return [scanned]
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
                Code.MALFORMED_RECORD,
                f"duplicated attribute(s) dropped, first value kept: {', '.join(dropped)}",
            )
        )
    out: list[GameRecord] = []
    fresh: list[list[int]] = []
    for gi, root in enumerate(roots):
        if root.tag != "mjloggm":
            raise RecordError(f"root element is <{root.tag}>, not <mjloggm>", file=source, game=gi)
        game_id = _game_id(source, root)
        if len(roots) > 1:
            game_id = f"{game_id}#{gi}"
        reader = _GameReader(root, source, gi, game_id)
        rec = reader.read()
        rec.issues[:0] = issues
        out.append(rec)
        fresh.append(reader.fresh)
    check_records(out, source, fresh)
    return out
