"""A game's tags after its first INIT read from the document's bytes, where the bytes are the tree.

lxml makes an element object and a tag string for every tag walked, and draws and discards, nine
tags in ten, carry nothing but their name (``<T52/>``): walking them was most of reading a game
(issue 26). So the reader scans the bytes for tag names, takes a draw or discard from its name, and
asks lxml only for the elements of the other tags (``itersiblings`` with their names: filtered in
C, no object for a skipped one).

The scan answers only where every ``<`` in the root's bytes opens one of its tags: the document
parsed (well-formed, so no ``<`` in text or a value), in UTF-8 or ASCII (another encoding's bytes
may hold a ``<`` inside a character), a prolog of nothing but a declaration, comments, instructions
and space (no DOCTYPE: no entity nodes, no ``<`` in a DTD), no comment, CDATA or instruction after
the root's start, no ``mjloggm`` inside the root (its first end tag is the root's), no namespace
(a draw's name would be read without it). Then the scanned tags from the first INIT are every start
tag there, the tree's children among them; each other tag must be the next element's, and there
must be as many tags as the root has children from the first INIT, so the two are the same
sequence. Anywhere else it returns None and the reader walks the tree, as before
(``tests/test_tenhou_xml_scan.py`` holds each case, from a review that found the holes of a first
version: a game copied into a comment, a DTD or a JIS attribute, a namespaced draw).
"""

from __future__ import annotations

from typing import Any, Final

#: ``_LETTER[byte]``: 0..7 for the letters of draws (T U V W) and discards (D E F G), else 8 (bytes:
#: compiled, an index into bytes is a native load)
_LETTER: Final = bytes("TUVWDEFG".find(chr(b)) % 9 if 65 <= b <= 90 else 8 for b in range(256))
#: the encodings whose bytes below 0x80 are ASCII characters, as lxml names them
_ASCII_SAFE: Final = frozenset({"UTF-8", "UTF8", "ASCII", "US-ASCII"})


def _ends(c: int) -> bool:
    """Whether this byte ends a tag name: space, tab, line feed, carriage return, ``/`` or ``>`` (compared:
    a set lookup boxed every byte)."""
    return c == 47 or c == 62 or c == 32 or c == 10 or c == 13 or c == 9


def plays_by_letter(plays: dict[str, Any]) -> list[list[Any]]:
    """``plays`` (tag -> play) as ``[letter][tile]`` (None where the table has no such tag)."""
    table: list[list[Any]] = [[None] * 136 for _ in range(8)]
    for tag, play in plays.items():
        table["TUVWDEFG".index(tag[0])][int(tag[1:])] = play
    return table


def scan_tags(
    raw: bytes, encoding: str, first: Any, count: int, elements: list[Any], table: list[list[Any]]
) -> list[Any] | None:
    """The ``count`` tags from ``first`` (the first INIT) on: a draw's or discard's play from
    ``table``, any other tag as the next of ``elements`` (``first`` and its siblings of the other
    tags, in order); None where the bytes might not be the tree. ``encoding``: the document's, as
    lxml read it."""
    if encoding.upper() not in _ASCII_SAFE or b"xmlns" in raw:
        return None
    at = _root_start(raw)
    if at < 0 or raw.find(b"<mjloggm", at) >= 0:
        return None
    out: list[Any] = []
    taken = 0
    size = len(raw)
    started = False  # from the first INIT start tag on; the header's tags before it are passed over
    while True:
        i = at  # the next ``<``, byte by byte: a few bytes on (``bytes.find`` builds a tuple of its arguments)
        while i < size and raw[i] != 60:
            i += 1
        if i + 2 >= size:
            return None  # a root that never closes: not a parsed document's bytes
        c = raw[i + 1]
        if c == 47:  # an end tag; the root's is the last that counts
            if raw.startswith(b"mjloggm", i + 2):
                break
            at = i + 2
            continue
        if c == 33 or c == 63:  # a comment, CDATA, an instruction: the tree walk handles them
            return None
        j = i + 2
        if started:
            letter = _LETTER[c]
            if letter < 8:
                tile = 0
                digits = 0
                d = raw[j]
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
                    if play is not None:
                        out.append(play)
                        at = j
                        continue
        while j < size and not _ends(raw[j]):
            j += 1
        if not started:
            if j - i != 5 or not raw.startswith(b"INIT", i + 1):
                at = _past(raw, j)  # a header tag
                if at < 0:
                    return None
                continue
            started = True
        if taken >= len(elements):
            return None
        el = elements[taken]
        try:
            name = raw[i + 1 : j].decode("utf-8")
        except UnicodeDecodeError:
            return None
        if el.tag != name:
            return None
        out.append(el)
        taken += 1
        at = _past(raw, j)
        if at < 0:
            return None
    if taken != len(elements) or len(out) != count or not out or out[0] is not first:
        return None
    return out


def _past(raw: bytes, j: int) -> int:
    """The next ``<`` after a long tag, in one C call (hundreds of bytes of attributes), or -1."""
    return raw.find(b"<", j)


def _root_start(raw: bytes) -> int:
    """Where the root's name ends in its start tag, past a prolog of a declaration, comments,
    instructions and space; -1 for anything else there (a DOCTYPE, another encoding's bytes)."""
    size = len(raw)
    i = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
    while True:
        while i < size and (raw[i] == 32 or raw[i] == 10 or raw[i] == 13 or raw[i] == 9):
            i += 1
        if raw.startswith(b"<!--", i):
            end = raw.find(b"-->", i + 4)
            if end < 0:
                return -1
            i = end + 3
        elif raw.startswith(b"<?", i):
            end = raw.find(b"?>", i + 2)
            if end < 0:
                return -1
            i = end + 2
        elif raw.startswith(b"<mjloggm", i) and i + 8 < size and _ends(raw[i + 8]):
            return i + 8
        else:
            return -1
