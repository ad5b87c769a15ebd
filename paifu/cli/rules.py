"""``paifu rules``: list the presets, or print one as TOML (with ``--sources``, each value's source)."""

from __future__ import annotations

import argparse
from typing import TextIO

from paifu.cli.common import rules_option
from paifu.rules import PRESETS
from paifu.rules.presets import sources_text


def run_rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.name:
        rules = rules_option(args.name)
        assert rules is not None
        out.write(sources_text(rules) if args.sources else rules.to_toml())
        return 0
    for name, r in PRESETS.items():
        out.write(f"{name:18} {r.description}\n")
    return 0
