"""``python -m paifu.cli``: the same as the ``paifu`` command."""

from paifu.cli import main

raise SystemExit(main())
