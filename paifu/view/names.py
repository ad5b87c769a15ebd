"""How a game is named where a person reads it: its viewer page's file name and its readable id.

One place for both, so ``paifu show`` writes the page the report's ``--viewer-links`` open, and
every table and page calls a game without an id in its record by the same name.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import PurePath

#: the folder ``paifu show`` writes into by default, and the one ``paifu report --viewer-links`` links to
VIEWER_DIR = "viewer"
#: the source name of a record read from standard input (``-``)
STDIN = "<stdin>"
#: characters of a player's name the viewer shows (Tenhou's names have at most 8, Mahjong Soul's
#: 14): a longer one is cut, with "…". A name is drawn at every event (its glyphs too, legible
#: without a CJK font) and in every discard review line, so four names of 3,000 characters (within
#: ``--max-field``) cost 1.8 GB, 177 s and a 69 MB page; cut, a page costs what any other does
NAME_CHARS = 16


def shown_name(name: str) -> str:
    """A player's name as the viewer shows it: at most ``NAME_CHARS`` characters."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


@functools.lru_cache(maxsize=64)
def shown_names(players: tuple[str, ...]) -> tuple[str, ...]:
    """Every name of a table as the viewer shows it (``shown_name``)."""
    return tuple(shown_name(p) for p in players)


def source_stem(source: str) -> str:
    """The record file's name up to its first dot (``a/b.mjlog.gz`` -> ``b``); ``stdin`` for ``-``."""
    if source == STDIN:
        return "stdin"
    return PurePath(source).name.split(".")[0] or "game"


#: endings a record's file name drops in its page name (``b.mjlog.gz`` -> ``b``)
_RECORD_ENDINGS = re.compile(r"(\.(gz|xml_?|mjlog|json|jsonl|mjson|paipu|txt))+$", re.I)


def page_name(source: str, game_index: int) -> str:
    """The viewer page of a game: ``<stem>-<N>.html`` (``paifu show`` writes it under ``viewer/``).

    One page per input path, the same on every run: the stem is the file name without its record
    endings, with letters of any script, digits and ``_ . -`` kept (``東風戦``, ``a.b`` and ``a.c``
    stay apart). A record in a folder (``a/x.xml`` beside ``b/x.xml`` in one report) or whose name
    loses anything else (a space, bytes that are no UTF-8) gets a hash of its path as given
    (``x~1f2e3d4c-0.html``), which does not depend on the working folder. A name too long for the
    file system is cut, with that hash."""
    return _page(source, f"-{game_index}.html")


def index_name(source: str) -> str:
    """The index of a file's games that ``paifu show --all`` writes beside their pages:
    ``<stem>-index.html``, the stem ``page_name``'s."""
    return _page(source, "-index.html")


def _page(source: str, ending: str) -> str:
    from paifu.outfiles import name_hash, short_name

    if source == STDIN:
        return f"stdin{ending}"
    path = os.path.normpath(source)
    name = PurePath(path).name
    base = _RECORD_ENDINGS.sub("", name) or "game"
    stem = re.sub(r"[^\w.-]+|^[.-]", "_", base)  # a plain name in a link and a shell
    if stem != base or path != name:
        stem += f"~{name_hash(path)}"
    return short_name(stem, ending)


def default_page(source: str, game_index: int) -> str:
    """Where ``paifu show`` writes a game without ``-o``: ``viewer/<stem>-<N>.html``."""
    return f"{VIEWER_DIR}/{page_name(source, game_index)}"


def game_label(game_id: str | None, source: str, game_index: int) -> str:
    """The game's id, or for a record that states none (mjai) ``<stem>#<N>``: readable and stable
    (the same file and game always give the same label), as Tenhou XML names a file's N-th game."""
    return game_id or f"{source_stem(source)}#{game_index}"
