# Generated from records/limits.py by scripts/gen_records.py (not edited here):
# edit records/limits.py, then run python scripts/gen_records.py.
"""Input limits: how much one file may make paifu read, unpack and keep.

Records from the wild can be hostile or broken: a gzip bomb, a 50 MB player name, a device
file that never ends. Each limit below bounds one of them; a file over a limit is reported as
unreadable with the limit named (never read until memory runs out). The defaults are far
above any real record (a Tenhou game is ~50 KB, a name a few dozen characters) and can be
raised per run (``paifu validate --max-size 512M``) or in code with ``configure``.

Worker processes (``--jobs``) see the same limits: ``configure`` also records them in the
environment (``PAIFU_LIMITS``), which every process started afterwards inherits.

``Limits`` is declared once, in ``records/limits.py``: ``scripts/gen_records.py`` writes this module
from it.
"""

from __future__ import annotations

import json
import os
import re
from typing import BinaryIO

from paifu.frozen import Frozen, dataclass, set_field

#: magnitude above which a number in a record is nonsense (scores, honba, points); 2**53 keeps
#: every number exact as a float and far inside the 64-bit integers pandas and writers use
MAX_NUMBER = 2**53
_ENV = "PAIFU_LIMITS"


@dataclass(init=False, repr=False, eq=False, slots=True)
class Limits(Frozen):
    """What one input file may cost. Sizes in bytes, lengths in characters."""

    #: bytes of one file as stored, and again after gunzip (a bomb stops here)
    max_size: int = 64 * 2**20
    #: characters of one text field (a name, a game id, a yaku name, a header value)
    max_field: int = 10_000

    def __init__(self, max_size: int = 64 * 2**20, max_field: int = 10_000) -> None:
        set_field(self, "max_size", max_size)
        set_field(self, "max_field", max_field)

    def describe(self) -> str:
        return f"--max-size {human(self.max_size)}, --max-field {self.max_field}"


_current: Limits | None = None


def current() -> Limits:
    """The limits in force: those ``configure`` set, else the environment's, else the defaults."""
    global _current
    if _current is None:
        _current = Limits()
        raw = os.environ.get(_ENV)
        if raw:
            try:
                _current = Limits(**{k: int(v) for k, v in json.loads(raw).items()})
            except (ValueError, TypeError, AttributeError):
                _current = Limits()
    return _current


def configure(limits: Limits | None = None, **changes: int) -> Limits:
    """Set the limits for this process and the processes it starts; returns them."""
    import dataclasses  # here: only a caller that sets limits needs it (start-up)

    global _current
    new = dataclasses.replace(limits or current(), **changes)
    for f in dataclasses.fields(new):
        if getattr(new, f.name) <= 0:
            raise ValueError(f"limit {f.name} must be positive")
    _current = new
    os.environ[_ENV] = json.dumps(dataclasses.asdict(new))
    return new


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$", re.I)


def parse_size(text: str) -> int:
    """``"64M"``, ``"1.5G"``, ``"4096"`` as bytes (K, M, G, T are powers of 1024)."""
    m = _SIZE.match(text)
    if not m:
        raise ValueError(f"not a size: {text!r} (e.g. 64M, 2G, 100000)")
    value = float(m.group(1)) * 1024 ** " kmgt".index((m.group(2) or " ").lower())
    if value < 1:
        raise ValueError(f"a size must be at least 1 byte, not {text!r}")
    return int(value)


def human(n: int) -> str:
    """A byte count the way ``parse_size`` reads it back."""
    for unit, size in (("G", 2**30), ("M", 2**20), ("K", 2**10)):
        if n >= size and n % size == 0:
            return f"{n // size}{unit}"
    return str(n)


#: bytes a settings file may have (``--rules``, ``--scheme``, ``paifu rules FILE``, a 電脳麻将 rule
#: object beside its records): a preset written out as TOML is 3 KB, a rule object 1 KB, and a file
#: of this size costs about 30 MB to parse
SETTINGS_BYTES = 2**20
#: bytes asked of a stream in one read (standard input): a read allocates what it asks for
_CHUNK = 2**20


def read_limited(fh: BinaryIO, limit: int, size: int = 0) -> bytes:
    """At most ``limit + 1`` bytes of ``fh`` (one more says "over the limit"), never asking for more
    than is there: a read allocates what it asks for, so ``read(limit + 1)`` under a 200 GB limit was
    a ``MemoryError`` on an 8 KB file. ``size``: the file's size where known (one read of it all)."""
    first = fh.read(min(limit, size) + 1) if size else b""
    if size and len(first) <= size:  # all of it (the size it was said to have, or less)
        return first
    parts, n = [first], len(first)
    while n <= limit:
        chunk = fh.read(min(_CHUNK, limit + 1 - n))
        if not chunk:
            break
        parts.append(chunk)
        n += len(chunk)
    return b"".join(parts)


def read_stdin() -> bytes:
    """Standard input, read no further than one byte past ``--max-size`` (the reader then names
    the limit): ``yes | paifu validate -`` ends, and memory stays bounded."""
    import sys

    return read_limited(sys.stdin.buffer, current().max_size)


def read_side_file(path: str) -> bytes:
    """A small input beside the records (a list of players): only a regular file, within
    ``--max-size`` (a FIFO is never waited on, ``/dev/zero`` never read); ``OSError`` says why not."""
    import stat

    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"{path}: not a regular file: not read")
    limit = current().max_size
    with open(path, "rb") as fh:
        data = read_limited(fh, limit, st.st_size)
    if len(data) > limit:
        raise OSError(f"{path}: over the --max-size limit of {human(limit)}")
    return data


def read_settings(path: str | os.PathLike[str]) -> str:
    """A settings file's text: a regular file of ``SETTINGS_BYTES`` at most (and ``--max-size``);
    ``OSError`` says why it cannot be read (the caller names the file),
    ``UnicodeDecodeError`` that it is no UTF-8."""
    import stat

    p = os.fspath(path)
    st = os.stat(p)
    why = None
    if not stat.S_ISREG(st.st_mode):
        why = "not a regular file: not read"
    else:
        limit = min(SETTINGS_BYTES, current().max_size)
        with open(p, "rb") as fh:
            data = read_limited(fh, limit, st.st_size)
        if len(data) > limit:
            why = f"over the limit of a settings file, {human(limit)} (a preset written out is 3 KB)"
    if why is not None:
        raise OSError(why)
    return data.decode("utf-8-sig")
