"""paifu: read, convert, replay and validate Japanese riichi mahjong game records."""

__version__ = "0.1.0"
