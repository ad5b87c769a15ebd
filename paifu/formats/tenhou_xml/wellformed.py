"""Whether a Tenhou XML document's bytes are well-formed, proved without lxml for the plain documents
producers write (ASCII, one root of empty children, no DOCTYPE, CDATA, instruction or character
reference).

The reader proves it inside its tag scan (``scan``'s ``prove``: one pass over the bytes), with this
module's pieces of the grammar (the prolog, comments, names, entities, end tags); ``plain_well_formed``
is the same grammar as one function, which the tests hold beside lxml and beside the scan's proof.
lxml's check runs only on what the proof declines, and its verdict and messages stand for those. The
proof is a subset of XML's grammar, so it can decline a well-formed document but never pass one lxml
refuses (``tests/test_tenhou_xml_scan.py`` holds lxml's verdict beside it on every hostile edit and on
mutated games).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64


def space(c: i64) -> bool:
    """Whether this byte is XML's white space (space, line feed, carriage return, tab); the scan's too."""
    return c == 32 or c == 10 or c == 13 or c == 9


#: ``_VALUED[byte]``: 0 for a byte an attribute's value may hold as it is: ASCII, no control character
#: but tab, line feed and carriage return, no ``<``, ``&`` or quote (1: looked at one by one)
_VALUED: Final = bytes(
    0 if (b >= 32 or b in (9, 10, 13)) and b < 128 and b not in (34, 38, 39, 60) else 1 for b in range(256)
)
#: the declarations a plain document may open with (byte for byte: any other goes to lxml)
_DECLARATIONS: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>',
    b'<?xml version="1.0" encoding="utf-8"?>',
    b'<?xml version="1.0"?>',
    b"<?xml version='1.0' encoding='UTF-8'?>",
    b"<?xml version='1.0' encoding='utf-8'?>",
    b"<?xml version='1.0'?>",
)
#: the five entities XML defines, the only references a plain value may hold
_ENTITIES: Final = (b"&lt;", b"&gt;", b"&amp;", b"&apos;", b"&quot;")
_NAME_MAX: Final = 200  # a longer name, or more attributes on one tag, goes to lxml (its limits apply)
_ATTRS_MAX: Final = 64
_SIZE_MAX: Final = 1_000_000_000  # lxml's limit on a value's length, with ``huge_tree``


def plain_well_formed(raw: bytes) -> bool:
    """Whether ``raw`` is a well-formed XML document of the plain shape producers write, proved here
    byte by byte: True only where lxml's parser would also find the document well-formed; False for
    anything else, well-formed or not (lxml then judges it, with its own message).

    The shape: ASCII bytes only; an optional declaration of ``_DECLARATIONS`` at the very start;
    comments and white space before and after one root element; inside the root, white space and
    elements with no content but white space; names of ASCII letters, digits, ``_``, ``.`` and
    ``-`` (no ``:``); attributes distinct, each value quoted, of characters XML allows, with no
    ``<`` and no reference but the five entities. No DOCTYPE, CDATA, instruction or text.
    """
    size: i64 = len(raw)
    if size >= _SIZE_MAX or b"xmlns" in raw:  # no value or name near lxml's limits; no namespace
        return False
    i = _plain_prolog(raw, None)
    if i < 0:
        return False
    root: i64 = i + 1
    found = _start_tag(raw, i, size)
    if found < 0:
        return False
    i = found >> 1
    if not found & 1:  # the root's content: its children, then its end tag
        while True:
            while i < size and space(raw[i]):
                i += 1
            if i + 1 >= size or raw[i] != 60:
                return False  # the end, or text
            if raw[i + 1] == 47:
                i = _end_tag(raw, i, size, root)
                if i < 0:
                    return False
                break
            child: i64 = i + 1
            found = _start_tag(raw, i, size)
            if found < 0:
                return False
            i = found >> 1
            if not found & 1:  # ``<T5></T5>``: white space at most, then its end tag
                while i < size and space(raw[i]):
                    i += 1
                if i + 1 >= size or raw[i] != 60 or raw[i + 1] != 47:
                    return False
                i = _end_tag(raw, i, size, child)
                if i < 0:
                    return False
    return _misc(raw, i, size, None) == size


def _plain_prolog(raw: bytes, comments: list[str] | None) -> i64:
    """Where the root's start tag opens (its ``<``), past an optional declaration of
    ``_DECLARATIONS`` at the very start, then white space and comments (their texts put in
    ``comments``); -1 where anything else comes first."""
    size: i64 = len(raw)
    i: i64 = 0
    for declaration in _DECLARATIONS:
        if raw.startswith(declaration):
            i = len(declaration)
            break
    i = _misc(raw, i, size, comments)
    return i if 0 <= i < size and raw[i] == 60 else -1


def _misc(raw: bytes, i: i64, size: i64, comments: list[str] | None) -> i64:
    """Past white space and comments from ``i`` (their texts put in ``comments``); -1 for a comment
    that is not well-formed or not plain (a ``--`` inside it, a byte outside printable ASCII but tab
    and line ends)."""
    while True:
        while i < size and space(raw[i]):
            i += 1
        if not raw.startswith(b"<!--", i):
            return i
        j: i64 = i + 4
        while True:
            if j + 2 >= size:
                return -1
            c: i64 = raw[j]
            if c == 45 and raw[j + 1] == 45:  # the first ``--`` must end the comment
                if raw[j + 2] != 62:
                    return -1
                break
            if (c < 32 and not space(c)) or c >= 128:
                return -1
            j += 1
        if comments is not None:
            comments.append(raw[i + 4 : j].decode("ascii"))
        i = j + 3


def _name_end(raw: bytes, i: i64, size: i64) -> i64:
    """Where the name starting at ``i`` ends; -1 where none starts there, or it is too long."""
    if i >= size or not _starts_name(raw[i]):
        return -1
    j: i64 = i + 1
    while j < size and _in_name(raw[j]):
        j += 1
    return -1 if j - i > _NAME_MAX else j


def _starts_name(c: i64) -> bool:
    """Whether a name may start with this byte: an ASCII letter or ``_`` (compared: compiled, a table
    read from the module took a reference to the table for every byte)."""
    return 97 <= c <= 122 or 65 <= c <= 90 or c == 95


def _in_name(c: i64) -> bool:
    """Whether a name may go on with this byte: one that may start it, a digit, ``.`` or ``-`` (no
    ``:``: a prefix is the namespaces' business)."""
    return 97 <= c <= 122 or 65 <= c <= 90 or 45 <= c <= 57 and c != 47 or c == 95


def _start_tag(raw: bytes, i: i64, size: i64) -> i64:
    """The start tag whose ``<`` is at ``i``: where it ends, times two, plus one where it closed
    itself (``/>``); -1 where it is not plain and well-formed (a repeated attribute too)."""
    j = _name_end(raw, i + 1, size)
    if j < 0:
        return -1
    if j + 1 < size and raw[j] == 47 and raw[j + 1] == 62:  # ``<T52/>``: nine tags in ten
        return (j + 2) * 2 + 1
    seen: list[int] = []  # each attribute name's fingerprint: two names alike in it go to lxml
    while True:
        k: i64 = j
        while k < size and space(raw[k]):
            k += 1
        if k >= size:
            return -1
        c: i64 = raw[k]
        if c == 62:
            return (k + 1) * 2
        if c == 47:
            return (k + 2) * 2 + 1 if k + 1 < size and raw[k + 1] == 62 else -1
        if k == j:  # an attribute must follow white space
            return -1
        end = _name_end(raw, k, size)
        if end < 0 or len(seen) >= _ATTRS_MAX:
            return -1
        key: i64 = end - k
        m: i64 = k
        while m < end:
            key = (key * 131 + raw[m]) & 0xFFFFFFFFFFFF
            m += 1
        if key in seen:
            return -1
        seen.append(key)
        while end < size and space(raw[end]):
            end += 1
        if end >= size or raw[end] != 61:
            return -1
        end += 1
        while end < size and space(raw[end]):
            end += 1
        if end >= size:
            return -1
        quote: i64 = raw[end]
        if quote != 34 and quote != 39:
            return -1
        end += 1
        while True:
            while end < size and _VALUED[raw[end]] == 0:
                end += 1
            if end >= size:
                return -1
            b: i64 = raw[end]
            if b == quote:
                break
            if b == 34 or b == 39:  # the other quote
                end += 1
            elif b == 38:
                end = _entity(raw, end)
                if end < 0:
                    return -1
            else:
                return -1  # ``<``, a control character or a byte beyond ASCII
        j = end + 1


def _entity(raw: bytes, i: i64) -> i64:
    """Past the reference at ``i`` where it is one of the five entities; -1 for any other."""
    for entity in _ENTITIES:
        if raw.startswith(entity, i):
            return i + len(entity)
    return -1


def _end_tag(raw: bytes, i: i64, size: i64, name: i64) -> i64:
    """Past the end tag at ``i`` (``</``) where it names the element whose name starts at ``name``;
    -1 for any other."""
    j = _name_end(raw, i + 2, size)
    if j < 0 or j - (i + 2) != _name_end(raw, name, size) - name:
        return -1
    k: i64 = i + 2
    m: i64 = name
    while k < j:
        if raw[k] != raw[m]:
            return -1
        k += 1
        m += 1
    while j < size and space(raw[j]):
        j += 1
    return j + 1 if j < size and raw[j] == 62 else -1
