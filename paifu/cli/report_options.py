"""``paifu report``'s options that choose the games and how they are counted (``paifu.analysis.tables``,
``paifu.analysis.stats.CONVENTIONS``)."""

from __future__ import annotations

from typing import Any


def report_selection_options(r: Any) -> None:
    """Add the filters (date window, last N games, lobby, length, table size, players) and the
    counting options (table split, stats site convention) to the report's parser."""
    f = r.add_argument_group(
        "which games (every filter given must hold; the games left out are counted in the summary)"
    )
    f.add_argument(
        "--since",
        metavar="DATE",
        help="games started on or after DATE (2017-01-31, 2017-01, 2017-01-31T05: the hour a Tenhou "
        "log id names, or the date a record states); a game whose record states no date is left out",
    )
    f.add_argument(
        "--until", metavar="DATE", help="games started on or before DATE (a day or month: all of it)"
    )
    f.add_argument(
        "--last",
        type=int,
        metavar="N",
        help="only the N latest of the games the other filters keep (by date; ties in input order)",
    )
    f.add_argument(
        "--lobby",
        action="append",
        metavar="NAME",
        help="lobby or room: Tenhou's ippan, joukyuu, tokujou, houou, or the room a record names "
        "(repeat or comma-separate for several)",
    )
    f.add_argument("--length", action="append", metavar="east|south", help="game length (repeatable)")
    f.add_argument(
        "--table-size", action="append", type=int, choices=[3, 4], help="3- or 4-player tables only"
    )
    f.add_argument(
        "--member",
        action="append",
        metavar="NAME",
        help="games of these players only, and rows for them alone (the rest of their tables counts "
        "in the field); repeatable",
    )
    f.add_argument("--members", metavar="FILE", help="the same from a file, one player a line")
    g = r.add_argument_group("how to count")
    g.add_argument(
        "--split",
        choices=["table", "size"],
        default="table",
        help="keep apart every table a record states (size, platform, lobby, length; default), or table "
        "sizes only; three- and four-player games never pool",
    )
    g.add_argument(
        "--convention",
        choices=["paifu", "amae-koromo"],
        default="paifu",
        help="where stats sites count differently, count as this one does: win values with or without "
        "honba and sticks, turns of the player or of the table, the dealer's start with or without the "
        "first draw (docs/statistics.md)",
    )
