"""Every record format paifu knows, one entry each: how its content is recognised, where its reader
and writer live, the names users and files give it, and what it carries.

Adding a format is one module (or package) with a ``read(data, source)`` function and one entry in
``ENTRIES``. Detection asks each entry in order, so a format whose signature is a subset of another's
comes later (mjai's ``{"type": ...}`` first, tenhou.net/6's bare ``log`` late). ``UNSUPPORTED``
names the variants we recognise but do not read, so a user learns what their file is.

Only names and small predicates live here: readers are imported on first use, so ``import
paifu.formats`` stays cheap (the CLI imports it to list the formats).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from paifu.formats.sniff import Doc

#: what the table of docs/formats.md says of each format, in its row order
FACTS = (
    "names",
    "ranks",
    "rules",
    "wall",
    "dice",
    "deal order",
    "tsumogiri",
    "win values",
    "score changes",
    "final scores",
    "rank points",
    "three players",
)


class Format(NamedTuple):
    """One record format."""

    #: the canonical name (``--format``, ``--to``, ``GameRecord.format``)
    name: str
    #: what users call it
    title: str
    #: the module whose ``read`` / ``write`` functions read and write it
    module: str
    #: whether it is written (the four open formats) or only read (platforms' own records)
    writable: bool
    #: the file extension ``convert`` gives what it writes
    extension: str
    #: other spellings of ``name`` a user may give
    aliases: tuple[str, ...]
    #: file name endings that say this format when the content says nothing
    suffixes: tuple[str, ...]
    #: the content test: a JSON document's first value (or its start), see ``sniff.Doc``
    detect: Callable[[Doc], bool] | None
    #: the content test for bytes that are no JSON (XML, protobuf)
    detect_bytes: Callable[[bytes], bool] | None
    #: the reader checks its records' structure itself (``check.check_records`` is not run again)
    checks_itself: bool
    #: FACTS -> what the format says of it ("yes", "no", or a few words)
    carries: dict[str, str]


_SPACE = b" \t\r\n"


def looks_like_xml(head: bytes) -> bool:
    """Tenhou XML: ``<mjloggm`` after an optional declaration, comments and blank space.

    One pass over the head (linear: no regular expression that can backtrack), and only
    when the text starts with ``<``, so a JSON record whose player is nicknamed
    ``<mjloggm`` stays JSON. A start tag found later in an XML head (after an unknown
    element, e.g. a wrapper) still counts.
    """
    head = head.lstrip(b"\xef\xbb\xbf").lstrip(_SPACE)
    if not head.startswith(b"<"):
        return False
    i = 0
    if head.startswith(b"<?xml"):
        end = head.find(b"?>")
        if end < 0:
            return False
        i = end + 2
    while True:
        while i < len(head) and head[i] in _SPACE:
            i += 1
        if head.startswith(b"<!--", i):
            end = head.find(b"-->", i + 4)
            if end < 0:
                return False
            i = end + 3
            continue
        break
    return head.startswith(b"<mjloggm", i) or b"<mjloggm" in head


def _mjai(doc: Doc) -> bool:
    """An event (``{"type": ...}``), a list of events, or events wrapped in one object as match
    servers return them (``{"events": [...]}``)."""
    return doc.shape("type") == '"' or doc.item_shape("events") == "{" and doc.has("events")


def _majiang(doc: Doc) -> bool:
    if doc.shape("log") != "[":
        return False
    return doc.has("qijia") or doc.has("player") or doc.item_shape("log") == "[{"


def _tenhou_json(doc: Doc) -> bool:
    if doc.shape("log") != "[":
        return False
    return doc.item_shape("log") == "[[" or doc.has("name") or doc.has("rule")


def _majsoul(doc: Doc) -> bool:
    """A downloaded Mahjong Soul record: ``head`` (uuid, config, accounts) beside ``data`` (the
    decoded ``GameDetailRecords`` object, or its protobuf bytes in base64), the decoded records
    (``details``), or only the address of the body (``data_url``)."""
    if doc.shape("head") != "{":
        return False
    return doc.shape("data") in ("{", '"') or doc.has("details") or doc.has("data_url")


#: how Mahjong Soul's record bytes start: a ``Wrapper`` (field 1, the message's name, 21 bytes long)
MAJSOUL_WRAPPER = b"\n\x15.lq.GameDetailRecords"


def _majsoul_bytes(head: bytes) -> bool:
    return head.startswith(MAJSOUL_WRAPPER)


def _riichi_city(doc: Doc) -> bool:
    """Riichi City's game record: the API's answer (``{"code", "data": {...}}``) or its ``data``."""
    if doc.shape("handRecord") == "[":
        return True
    if isinstance(doc.value, dict):
        inner = doc.value.get("data")
        return isinstance(inner, dict) and isinstance(inner.get("handRecord"), list)
    # a document cut short (a file in a folder, judged by its start): the answer's first keys
    return doc.shape("code") == "0" and doc.shape("data") == "{"


_YES_ALL = dict.fromkeys(FACTS, "yes")

ENTRIES: tuple[Format, ...] = (
    Format(
        name="tenhou-xml",
        title="Tenhou mjlog XML",
        module="paifu.formats.tenhou_xml",
        writable=True,
        extension=".xml",
        aliases=("xml", "mjlog", "tenhou"),
        suffixes=(".mjlog", ".xml", ".xml_"),
        detect=None,
        detect_bytes=looks_like_xml,
        checks_itself=True,
        carries={
            **_YES_ALL,
            "rules": "the table type (GO) and lobby; a lobby's settings (csrule) where it has one",
            "wall": "the shuffle seed (SHUFFLE): every hand's wall",
            "tsumogiri": "no (read from the draw before)",
        },
    ),
    Format(
        name="mjai",
        title="mjai JSON lines",
        module="paifu.formats.mjai",
        writable=True,
        extension=".mjson",
        aliases=("mjai-jsonl", "jsonl"),
        suffixes=(".jsonl", ".mjson"),
        detect=_mjai,
        detect_bytes=None,
        checks_itself=False,
        carries={
            **_YES_ALL,
            "ranks": "no (a match server's wrapper: ratings)",
            "rules": "no (given with --rules)",
            "wall": "no",
            "dice": "no",
            "win values": "score changes; yaku, han and fu where a producer writes them",
            "final scores": "some producers",
            "rank points": "no",
        },
    ),
    Format(
        name="majiang",
        title="電脳麻将 paipu JSON",
        module="paifu.formats.majiang",
        writable=True,
        extension=".json",
        aliases=("paipu", "majiang-paipu"),
        suffixes=(".paipu",),
        detect=_majiang,
        detect_bytes=None,
        checks_itself=False,
        carries={
            **_YES_ALL,
            "ranks": "no",
            "rules": "the rule object, where the paipu carries one",
            "wall": "no",
            "dice": "no",
            "deal order": "no (sorted hands)",
            "three players": "no",
        },
    ),
    Format(
        name="majsoul",
        title="Mahjong Soul game record",
        module="paifu.formats.majsoul",
        writable=False,
        extension=".json",
        aliases=("mahjongsoul", "mahjong-soul", "jantama", "雀魂"),
        suffixes=(),
        detect=_majsoul,
        detect_bytes=_majsoul_bytes,
        checks_itself=False,
        carries={
            **_YES_ALL,
            "ranks": "rank level and rank points before the game, and their change",
            "rules": "the room or contest and its settings (detail_rule)",
            "wall": "every hand's remaining wall (paishan) with its hash",
            "dice": "no",
            "deal order": "no (the deal as a hand)",
        },
    ),
    Format(
        name="tenhou-json",
        title="tenhou.net/6 JSON",
        module="paifu.formats.tenhou_json",
        writable=True,
        extension=".json",
        aliases=("json", "tenhou6", "tenhou-6"),
        suffixes=(),
        detect=_tenhou_json,
        detect_bytes=None,
        checks_itself=False,
        carries={
            **_YES_ALL,
            "rules": "the table's name (disp) and red fives; a lobby's settings (csrule)",
            "wall": "no",
            "dice": "no",
            "deal order": "as its converter lists it (mjx sorts)",
            "tsumogiri": "yes (60)",
        },
    ),
    Format(
        name="riichi-city",
        title="Riichi City game record",
        module="paifu.formats.riichi_city",
        writable=False,
        extension=".json",
        aliases=("riichicity", "mahjong-ichibangai", "一番街"),
        suffixes=(),
        detect=_riichi_city,
        detect_bytes=None,
        checks_itself=False,
        carries={
            **_YES_ALL,
            "ranks": "no",
            "rules": "start points, length, the wall's red fives; local rules as flags (open riichi, wareme "
            "and the room settings read into the rules; those the engine lacks named in notes); a tournament "
            "room takes the `riichicity-sanma-tournament` preset; a 3-player tsumo's payment, which it does "
            "not state, read from its tsumos (a note says so)",
            "wall": "every hand's whole wall (handCardEncode) with its SHA-256",
            "tsumogiri": "yes (the slot the tile left, move_cards_pos)",
            "rank points": "stated (not checked: the room's uma)",
        },
    ),
)

BY_NAME: dict[str, Format] = {f.name: f for f in ENTRIES}
#: every name a user may give, to its format
ALIASES: dict[str, str] = {
    **{a: f.name for f in ENTRIES for a in f.aliases},
    **{f.name: f.name for f in ENTRIES},
}


def _protobuf_text(head: bytes, text: str) -> str | None:
    if "GameDetailRecords" in text[:4096] and not head.lstrip().startswith((b"{", b"[")):
        return "a Mahjong Soul record in a protobuf text dump: not supported (save it as JSON or as the record's bytes)"
    return None


def _json_with_comments(head: bytes, text: str) -> str | None:
    if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[") and _line_comment(text):
        return "JSON with // comments, which JSON does not allow: remove the comments and read it again"
    return None


def _line_comment(text: str) -> bool:
    """Whether a ``//`` stands outside every string of the text (a comment, as JSON5 allows)."""
    in_string = escaped = False
    for i, c in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "/" and text.startswith("//", i):
            return True
    return False


def _riichi_city_answer(head: bytes, text: str) -> str | None:
    """Riichi City's API answering with an error (``code`` not 0) and no record."""
    if '"code"' not in text:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if (
        isinstance(value, dict)
        and "code" in value
        and "message" in value
        and not isinstance(value.get("data"), dict)
    ):
        return (
            f"a Riichi City API answer with no game record in it (code {value.get('code')!r}: "
            f"{str(value.get('message'))[:200]!r})"
        )
    return None


#: kinds of file we recognise but do not read: each test gives what to tell the file's owner
UNSUPPORTED: tuple[Callable[[bytes, str], str | None], ...] = (
    _protobuf_text,
    _json_with_comments,
    _riichi_city_answer,
)


def carries_table() -> str:
    """What each format carries, as the Markdown table of docs/formats.md (a test keeps them equal)."""
    head = "| | " + " | ".join(f.title for f in ENTRIES) + " |"
    rule = "|---" * (len(ENTRIES) + 1) + "|"
    rows = [f"| {fact} | " + " | ".join(f.carries[fact] for f in ENTRIES) + " |" for fact in FACTS]
    written = "| written by paifu | " + " | ".join("yes" if f.writable else "no" for f in ENTRIES) + " |"
    return "\n".join([head, rule, *rows, written])


_LOADED: dict[tuple[str, str], Callable[..., object]] = {}


def load(name: str, what: str) -> Callable[..., object]:
    """A format's ``read`` or ``write`` function, its module imported on first use (a process that
    reads one format never imports the others' readers)."""
    key = (name, what)
    fn = _LOADED.get(key)
    if fn is None:
        import importlib

        module = BY_NAME[name].module
        fn = getattr(importlib.import_module(module), what, None)
        if fn is None:
            raise ImportError(f"{module}.{what} is missing")
        _LOADED[key] = fn
    return fn
