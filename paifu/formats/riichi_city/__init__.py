"""Riichi City (麻雀一番街) game records as its API returns them: a reader (paifu writes no Riichi City
record). Layout: ``names`` (tile codes, event, action and end codes, fan ids), ``wall`` (the hand's
wall laid out, its hash), ``reader``."""

from paifu.formats.riichi_city.names import FORMAT
from paifu.formats.riichi_city.reader import read_riichi_city

#: the registry's name for this format's reader (``paifu.formats.registry``)
read = read_riichi_city

__all__ = ["FORMAT", "read", "read_riichi_city"]
