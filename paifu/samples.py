"""Where the sample records are, from any working folder: the notebooks and a first run use them.

A wheel carries them inside the package (``paifu/sample_logs``, copied there by ``setup.py``); an
editable install or a checkout has them beside the package (``sample_logs/``). ``PAIFU_SAMPLES``
names another folder (your own records) for the notebooks.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


class NoSamples(FileNotFoundError):
    """Neither an installed copy nor a checkout's ``sample_logs/`` (nor ``PAIFU_SAMPLES``) exists."""


def sample_dir() -> Path:
    """The folder of sample records: ``$PAIFU_SAMPLES``, else the installed copy, else the checkout's."""
    given = os.environ.get("PAIFU_SAMPLES")
    places = [Path(given)] if given else [_PACKAGE / "sample_logs", _PACKAGE.parent / "sample_logs"]
    for place in places:
        if place.is_dir():
            return place
    raise NoSamples(
        "no sample records at " + " or ".join(str(p) for p in places) + ": set PAIFU_SAMPLES to a folder "
        "of records (or point the notebook's RECORD / RECORDS at your own files)"
    )


def sample(*parts: str) -> Path:
    """One sample record, e.g. ``sample("tenhou-xml", "chankan.xml")``."""
    return sample_dir().joinpath(*parts)
