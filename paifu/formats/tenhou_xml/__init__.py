"""Tenhou mjlog XML: reader and writer (formats.md section 1).

One ``<mjloggm>`` root is one game. The reader walks the root's children once and
maps each tag to events of :mod:`paifu.events`; it knows nothing of rules (a
discard's ``tsumogiri`` flag is the only thing it infers, because the format does
not say it). Everything it cannot read becomes a :class:`RecordError` naming the
file, game, hand (``E2-1`` = East 2, honba 1) and event index.

Choices worth knowing:

- ``GameStart.wall_seed`` is the SHUFFLE ``seed`` as written; very old logs carry
  one ``shuffle="mt19937ar,..."`` per INIT instead, kept as
  ``INIT_SHUFFLE_PREFIX`` + the per-hand values joined by ``;`` so the wall module
  can tell that form apart (it cannot reproduce it). An empty seed gives ``None``.
- A full ``UN`` (with ``dan``) repeated mid-game is the server re-sending the
  player list; it is not an event. A ``UN`` carrying only names is a reconnect.
- Yakuman wins: ``han`` is None, each ``yakuman`` id is a ClaimedYaku of 13 han and
  ``yakuman_multiple`` is the number of ids (Tenhou scores no double yakuman).
- Chip lobbies write 16 values in ``sc``/``owari``; only the first 8 (points) are read.
  ``chip``/``ratio`` attributes are not carried into events.

Layout: ``names`` (the format's words, shared both ways), ``document`` (bytes to ``<mjloggm>``
roots), ``game`` (one root's tags to events), ``header`` (the tags before the first deal),
``writer``.
"""

from typing import TYPE_CHECKING

from paifu.formats.lxml_import import import_etree

import_etree()  # before any module of this package imports lxml: without inspect (see there)

from paifu.formats.tenhou_xml.document import read_tenhou_xml  # noqa: E402 - after import_etree
from paifu.formats.tenhou_xml.names import FORMAT, INIT_SHUFFLE_PREFIX  # noqa: E402

#: the registry's names for this format's reader and writer (``paifu.formats.registry``)
read = read_tenhou_xml

if TYPE_CHECKING:
    from paifu.formats.tenhou_xml.writer import write_tenhou_xml
    from paifu.formats.tenhou_xml.writer import write_tenhou_xml as write


def __getattr__(name: str) -> object:
    """The writer, imported on first use: a process that only reads never pays for it."""
    if name in ("write_tenhou_xml", "write"):
        from paifu.formats.tenhou_xml.writer import write_tenhou_xml

        return write_tenhou_xml
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["read", "write", "FORMAT", "INIT_SHUFFLE_PREFIX", "read_tenhou_xml", "write_tenhou_xml"]
