"""``python -m paifu.cli``: the same as the ``paifu`` command."""

from paifu.__main__ import run

raise SystemExit(run())
