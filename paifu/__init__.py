"""paifu: read, convert, replay and validate Japanese riichi mahjong game records.

The short API (``paifu.api``): ``paifu.read(path)``, ``paifu.replay(record, rules=None)``,
``paifu.preset(name)``, ``paifu.validate(paths)``, ``paifu.write(record, fmt)``, and the table
at any event: ``paifu.tables(record)`` or ``paifu.game(record).goto(event)``.
"""

import gc as _gc
from typing import Any

from paifu import stopping as _stopping

if _stopping.running_as_the_command():  # the command meets stop signals from its first line
    _stopping.stop_on_signals()
    # and imports its modules without the cyclic collector, which found nothing to free in them (a
    # twentieth of a small record's run walking the new modules' objects): ``paifu.cli`` turns it on
    # again, the imported objects frozen, once the command's module is in (``paifu.cli._main``)
    _gc.disable()
try:
    from paifu._build import BUILD  # first: decides whether compiled modules may load (docs/speed.md)
    from paifu.api import game, preset, read, replay, tables, validate, write
except (KeyboardInterrupt, Exception) as _e:
    _stopping.stopped_while_starting(_e)  # the command stopped while it loads: one line; else raised
    raise

__version__ = "0.1.0"

__all__ = [
    "BUILD",
    "Unreadable",
    "__version__",
    "game",
    "preset",
    "read",
    "replay",
    "tables",
    "validate",
    "write",
]


def __getattr__(name: str) -> Any:  # the engine's types load when first asked for
    if name == "Unreadable":
        from paifu.pipeline import Unreadable

        return Unreadable
    raise AttributeError(f"module 'paifu' has no attribute {name!r}")
