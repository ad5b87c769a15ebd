"""Gzip-compressed records (Tenhou's ``.mjlog``, any ``.gz``), unpacked within the size limit."""

from __future__ import annotations

import zlib

from paifu.formats.base import RecordError
from paifu.limits import current, human

GZIP_MAGIC = b"\x1f\x8b"


def decompress(data: bytes, source: str = "") -> bytes:
    """Gunzip when the gzip magic is there (any name), else the bytes unchanged.

    Unpacking stops at the ``--max-size`` limit: a gzip bomb is an error, not a full memory.
    Several gzip members one after another (as ``cat a.gz b.gz``) are unpacked in turn.
    """
    if data[:2] != GZIP_MAGIC:
        return data
    limit = current().max_size
    out = bytearray()
    rest = data
    try:
        while True:
            d = zlib.decompressobj(31)
            out += d.decompress(rest, limit - len(out) + 1)
            if len(out) > limit:
                raise RecordError(
                    f"gzip data unpacks to more than {human(limit)} bytes (the --max-size limit)", file=source
                )
            if not d.eof:
                raise RecordError("corrupt gzip data: cut short", file=source)
            rest = d.unused_data
            if not rest.strip(b"\0"):
                return bytes(out)
            if rest[:2] != GZIP_MAGIC:
                raise RecordError("corrupt gzip data: garbage after the compressed data", file=source)
    except zlib.error as e:
        raise RecordError(f"corrupt gzip data: {e}", file=source) from e
