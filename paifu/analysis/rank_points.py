"""Rank points for reports: the schemes and arithmetic live in ``paifu.rank_points``, where the
validator checks the points a record claims without importing the reporting layer."""

from paifu.rank_points import *  # noqa: F403 - re-exported
from paifu.rank_points import __all__  # noqa: F401
