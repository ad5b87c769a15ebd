"""A Tenhou XML game's tags read from the document's bytes, with no tree.

lxml's tree costs an element for every tag, and draws and discards, nine tags in ten, carry nothing
but their name (``<T52/>``). So where a document allows it the reader asks lxml only whether the
bytes are well-formed (a parser with no callbacks: ``document._well_formed``), then reads every tag
from the bytes here: a draw or discard is its shared play, any other tag a ``Tag`` holding the
attributes as the tree's element would give them (``get``).

The bytes are the tree only where every ``<`` in the root opens a tag or an end tag: a well-formed
document (no ``<`` in text or a value) in UTF-8 or ASCII (another encoding's bytes may hold a ``<``
inside a character), a prolog of nothing but a declaration, comments, instructions and space (no
DOCTYPE: no entity nodes, no ``<`` in a DTD), no comment, CDATA or instruction inside the root, no
namespace (``xmlns`` anywhere, or a ``:`` in a name: the tree would name the tag otherwise), and the
root's children empty (``<T5/>`` or ``<T5></T5>``; a tag inside one is a grandchild, which the tree
walk never reads). Anywhere else the scan returns None and the reader parses the tree and walks it
(``tests/test_tenhou_xml_scan.py`` holds each case, several from reviews that found holes: a game
copied into a comment, a DTD or a JIS attribute, a namespaced draw).

The scan proves the bytes well-formed as it reads them (``prove``), for the plain documents producers
write (``paifu.formats.tenhou_xml.wellformed`` says which): one pass over the bytes, not a proof and then
a scan. Where it meets anything that is not plain it declines, and the reader asks lxml whether the bytes
are well-formed, then scans them again trusting that (``prove`` False), as it did before the proof.
"""

from __future__ import annotations

import re
from typing import Any, Final, overload

from mypy_extensions import i64

from paifu.formats.tenhou_xml.text import _decoded, _name, _short_value, _value
from paifu.formats.tenhou_xml.wellformed import (
    _ATTRS_MAX,
    _SIZE_MAX,
    _end_tag,
    _entity,
    _misc,
    _name_end,
    _plain_prolog,
    space,
)

#: ``_LETTER[byte]``: 0..7 for the letters of draws (T U V W) and discards (D E F G), else 8 (bytes:
#: compiled, an index into bytes is a native load)
_LETTER: Final = bytes("TUVWDEFG".find(chr(b)) % 9 if 65 <= b <= 90 else 8 for b in range(256))
#: the encodings whose bytes below 0x80 are ASCII characters, as a declaration may spell them
_ASCII_SAFE: Final = frozenset({"UTF-8", "UTF8", "ASCII", "US-ASCII"})
_DECLARED: Final = re.compile(rb"<\?xml\s[^?]*?encoding\s*=\s*[\"']([^\"']*)[\"']")


class Tag:
    """A tag read from the bytes: its name and attributes, asked as of an lxml element (``get``).
    The attributes are two lists, looked up in order: a dict cost more to fill than the reader's
    few questions cost to answer this way."""

    tag: str
    keys: list[str]
    values: list[str]

    def __init__(self, tag: str, keys: list[str], values: list[str]) -> None:
        self.tag = tag
        self.keys = keys
        self.values = values

    @overload
    def get(self, key: str) -> str | None: ...
    @overload
    def get(self, key: str, default: str) -> str: ...
    def get(self, key: str, default: str | None = None) -> str | None:
        keys = self.keys
        for i in range(len(keys)):
            if keys[i] == key:
                return self.values[i]
        return default

    @property
    def attrib(self) -> dict[str, str]:
        return dict(zip(self.keys, self.values, strict=True))

    def __repr__(self) -> str:
        return f"Tag({self.tag!r}, {self.attrib!r})"


def _ends(c: i64) -> bool:
    """Whether this byte ends a tag name: space, tab, line feed, carriage return, ``/`` or ``>`` (compared:
    a set lookup boxed every byte)."""
    return c == 47 or c == 62 or c == 32 or c == 10 or c == 13 or c == 9


class Head:
    """A document's root and the tags before its first INIT, read from its bytes (``scan_head``)."""

    root: Tag
    comments: list[str]  # the prolog's comments' texts (a log id may be written there)
    header: list[Tag]
    first: Tag  # the first INIT
    at: int  # where its ``<`` is

    def __init__(self, root: Tag, comments: list[str], header: list[Tag], first: Tag, at: int) -> None:
        self.root = root
        self.comments = comments
        self.header = header
        self.first = first
        self.at = at


def scan_head(raw: bytes, prove: bool = False) -> Head | None:
    """The root and the header of ``raw``, or None where its bytes may not be its tree (see the
    module's docstring). ``prove``: only where they are plain, proved well-formed as they are read
    (``scan_body`` proves the rest); else asked only once lxml says the bytes are well-formed: a
    value's references are then characters."""
    comments: list[str] = []
    if prove:  # plain: UTF-8 or no declaration, no value near lxml's limits (and no ``xmlns``: ``_tag``)
        i = _plain_prolog(raw, comments) if len(raw) < _SIZE_MAX else -1
    else:
        i = _root_start(raw, comments) if b"xmlns" not in raw and _encoding(raw) in _ASCII_SAFE else -1
    if i < 0:
        return None
    found = _tag(raw, i, prove)
    if found is None or found[2] or found[0].tag != "mjloggm":
        return None  # a root with no children (``<mjloggm/>``): the walk says it has no hand
    root, at, _ = found
    header: list[Tag] = []
    while True:
        i = _next_open(raw, at, prove)
        if i < 0 or raw[i + 1] == 47:  # the end, or the root's end: no INIT
            return None
        sibling = _sibling(raw, i, prove)
        if sibling is None:
            return None
        tag, at = sibling
        if tag.tag == "INIT":
            return Head(root, comments, header, tag, i)
        header.append(tag)


def scan_body(raw: bytes, at: i64, table: list[list[Any]], prove: bool = False) -> list[Any] | None:
    """The root's children from the first INIT (at ``at``) to the root's end: a draw's or discard's
    play from ``table`` (``[letter][tile]``), any other tag a ``Tag``; None where the bytes may not
    be the tree (``prove``: or are not proved well-formed, to their end)."""
    out: list[Any] = []
    size: i64 = len(raw)
    while True:
        i = _next_open(raw, at, prove)
        if i < 0:
            return None
        c: i64 = raw[i + 1]
        if c == 47:  # the root's end: the only end tag met at its children's depth
            if prove:  # ``</mjloggm>``, then nothing but space and comments
                end = _end_tag(raw, i, size, i + 2) if raw.startswith(b"</mjloggm", i) else -1
                return out if end >= 0 and _misc(raw, end, size, None) == size else None
            return None if _prefixed_instruction(raw, i) else out
        letter = _LETTER[c]
        if letter < 8:
            j: i64 = i + 2
            tile: i64 = 0
            digits: i64 = 0
            d: i64 = raw[j]
            while 48 <= d <= 57 and digits < 4:
                tile = tile * 10 + d - 48
                digits += 1
                j += 1
                if j >= size:
                    return None
                d = raw[j]
            # the tag as a plays key writes it: no leading zero, a tile id, then the name's end
            if 0 < digits < 4 and (digits == 1 or raw[i + 2] != 48) and tile < 136 and _ends(d):
                play = table[letter][tile]
                if play is not None and d == 47:  # ``<T52/>``: nine tags in ten
                    if prove and (j + 1 >= size or raw[j + 1] != 62):
                        return None
                    out.append(play)
                    at = j + 2
                    continue
                if play is not None:  # ``<T52 ...>`` or ``<T52>``: read as any tag, for its end
                    sibling = _sibling(raw, i, prove)
                    if sibling is None:
                        return None
                    out.append(play)
                    at = sibling[1]
                    continue
        sibling = _sibling(raw, i, prove)
        if sibling is None:
            return None
        out.append(sibling[0])
        at = sibling[1]


def _sibling(raw: bytes, i: i64, prove: bool) -> tuple[Tag, int] | None:
    """The child of the root whose start tag is at ``i``, and where the next may begin; None where
    it has a child of its own (or the bytes may not be the tree)."""
    found = _tag(raw, i, prove)
    if found is None:
        return None
    at = _past_children(raw, found[1], found[2], i, prove)
    return None if at < 0 else (found[0], at)


def _next_open(raw: bytes, at: i64, prove: bool) -> i64:
    """The next ``<`` from ``at``, or -1 where there is none or it opens a comment, CDATA or an
    instruction (``prove``: or where anything but space comes before it: text). Byte by byte: the
    next is a byte or two on; ``bytes.find`` builds a tuple of its arguments."""
    size: i64 = len(raw)
    i = at
    if prove:
        while i < size and space(raw[i]):
            i += 1
        if i < size and raw[i] != 60:
            return -1
    else:
        while i < size and raw[i] != 60:
            i += 1
    if i + 5 >= size:
        return -1  # no tag, or no room for the root's end: not a parsed document's bytes
    c: i64 = raw[i + 1]
    if c == 33 or c == 63:
        return -1
    return i


def _past_children(raw: bytes, at: i64, closed: bool, start: i64, prove: bool) -> i64:
    """Where to look for the next sibling after the tag opened at ``start`` that ends at ``at``:
    there, when it closed itself; past its end tag when nothing but text (``prove``: space) comes
    before it; -1 for a child in it (``prove``: or an end tag naming another)."""
    if closed:
        return at
    i = _next_open(raw, at, prove)
    if i < 0 or raw[i + 1] != 47:
        return -1
    if prove:
        return _end_tag(raw, i, len(raw), start + 1)
    end: i64 = raw.find(b">", i)
    return -1 if end < 0 else end + 1


def _tag(raw: bytes, i: i64, prove: bool = False) -> tuple[Tag, int, bool] | None:
    """The start tag at ``i``: its ``Tag``, where it ends, and whether it closed itself; None for a
    name or an attribute the tree would read otherwise (a prefix). ``prove``: None too where it is
    not plain and well-formed (``wellformed._start_tag``'s grammar: names of its characters, a space
    before each attribute, no attribute twice, values of printable ASCII with no ``<`` and no
    reference but the five entities)."""
    size: i64 = len(raw)
    j: i64 = i + 1
    if prove:
        j = _name_end(raw, j, size)
        if j < 0:
            return None
    else:
        while j < size and not _ends(raw[j]):
            j += 1
    name = _name(raw, i + 1, j)
    if name is None or not name or ":" in name:
        return None
    keys: list[str] = []
    values: list[str] = []
    while True:
        after: i64 = j  # the end of the name or of the last value
        while j < size and space(raw[j]):
            j += 1
        if j >= size:
            return None
        c: i64 = raw[j]
        if c == 47:
            if j + 1 >= size or raw[j + 1] != 62:
                return None
            return Tag(name, keys, values), j + 2, True
        if c == 62:
            return Tag(name, keys, values), j + 1, False
        k: i64 = j
        if prove:
            k = _name_end(raw, j, size)
            if k < 0 or j == after or len(keys) >= _ATTRS_MAX:  # an attribute follows white space
                return None
        else:
            while k < size and raw[k] != 61 and not space(raw[k]):
                k += 1
        key = _name(raw, j, k)
        if key is None or (prove and (key in keys or key == "xmlns")) or (not prove and ":" in key):
            return None  # proved: a name has no ``:``, and no namespace is declared
        while k < size and space(raw[k]):
            k += 1
        if k >= size or raw[k] != 61:
            return None
        k += 1
        while k < size and space(raw[k]):
            k += 1
        if k >= size:
            return None
        quote: i64 = raw[k]
        if quote != 34 and quote != 39:
            return None
        found = _value_end(raw, k + 1, size, quote, prove)
        if found < 0:
            return None
        end: i64 = found >> 1
        plain = found & 1 == 1  # no reference, tab, line feed or carriage return to normalize
        value = _short_value(raw, k + 1, end) if plain and end - k <= 8 else _decoded(raw[k + 1 : end])
        if value is None:
            return None
        keys.append(key)
        values.append(value if plain else _value(value))
        j = end + 1


def _value_end(raw: bytes, i: i64, size: i64, quote: i64, prove: bool) -> i64:
    """Where the value from ``i`` (past its opening quote) ends, at its closing quote, times two, plus
    one where it holds nothing to normalize (no reference, tab, line feed or carriage return); -1
    where it does not end (``prove``: or holds a ``<``, a control character, a byte beyond ASCII or
    a reference but the five entities)."""
    plain: i64 = 1
    while True:
        b: i64 = -1
        while i < size:  # compared, not read from a table: compiled, each read took a reference to it
            b = raw[i]
            if 44 <= b <= 59 or 61 <= b <= 126 or b == 32 or b == 33 or 35 <= b <= 37 or 40 <= b <= 43:
                i += 1  # digits and commas first: most of a value
            else:
                break
        if i >= size:
            return -1
        if b == quote:
            return i * 2 + plain
        if b == 38:
            plain = 0
            if prove:
                i = _entity(raw, i)
                if i < 0:
                    return -1
                continue
        elif b == 9 or b == 10 or b == 13:
            plain = 0
        elif prove and b != 34 and b != 39:  # the other quote is a character
            return -1
        i += 1


def _prefixed_instruction(raw: bytes, start: int) -> bool:
    """Whether an instruction from ``start`` on may have a ``:`` in its target, which the tree's parser
    refuses (a namespace rule) and the checking parser lets pass."""
    i = raw.find(b"<?", start)
    while i >= 0:
        j = i + 2
        while j < len(raw) and not space(raw[j]) and raw[j] != 63:
            if raw[j] == 58:
                return True
            j += 1
        i = raw.find(b"<?", j)
    return False


def _encoding(raw: bytes) -> str:
    """The encoding ``raw`` declares, upper case; UTF-8 without a declaration (XML 1.0, 4.3.3)."""
    start = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    if not raw.startswith(b"<?xml", start):
        return "UTF-8"
    m = _DECLARED.match(raw, start)  # not cut short: a declaration may hold any run of spaces
    return m.group(1).decode("ascii", "replace").upper() if m else "UTF-8"


def _root_start(raw: bytes, comments: list[str]) -> int:
    """Where the root's start tag opens, past a prolog of a declaration, comments (their texts put in
    ``comments``), instructions and space; -1 for anything else there (a DOCTYPE, another encoding's
    bytes)."""
    size = len(raw)
    i = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    while True:
        while i < size and space(raw[i]):
            i += 1
        if raw.startswith(b"<!--", i):
            end = raw.find(b"-->", i + 4)
            text = _decoded(raw[i + 4 : end]) if end >= 0 else None
            if text is None:
                return -1
            comments.append(text)
            i = end + 3
        elif raw.startswith(b"<?", i):
            end = raw.find(b"?>", i + 2)
            if end < 0 or _prefixed_instruction(raw[: end + 2], i):
                return -1
            i = end + 2
        elif raw.startswith(b"<mjloggm", i) and i + 8 < size and _ends(raw[i + 8]):
            return i
        else:
            return -1
