"""The platforms' own records (``../shared/platforms``: Mahjong Soul, Riichi City, a Tenhou lobby, wrapped
mjai), written by paifu to each format and judged by the independent programs of ``test_referees.py``,
under the same listed cases and with no game let through: majiang-core replays the 電脳麻将 paipu,
tenhou-log converts the Tenhou XML, libriichi validates and riichienv replays the mjai, each comparing
every win's values with the record's. They judge four-player tables only (``FOUR_PLAYER_ONLY``): Riichi
City's records, all three-player, are written and read back by ``test_riichi_city.py`` and are given to
none of them, which this file checks rather than assumes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import test_referees as judged
from conftest import platforms_dir

import paifu

FOLDERS = ("majsoul_record", "riichicity_json", "tenhou6_lobby", "mjai_wrapped")


@pytest.fixture
def platform_records(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The referee checks' fast tier (every game must pass) given the platforms' records for the samples."""
    roots = [str(platforms_dir(f)) for f in FOLDERS]
    monkeypatch.setattr(judged, "_sources", lambda slow: roots)
    yield


def test_the_four_player_platform_games_are_the_ones_judged(platform_records: None) -> None:
    games = [(f, r) for root in judged._sources(False) for f, r, _ in judged._games(root)]
    four = {f for f, r in games if r.start.num_players == 4}
    assert sum("majsoul_record" in f for f in four) == 2 and any("tenhou6_lobby" in f for f in four)
    three = [f for f, r in games if r.start.num_players == 3]
    assert len(three) == 9 and all("riichicity_json" in f for f in three)  # stampsample is cut short
    assert all(r.format == paifu.read(f)[0].format for f, r in games)


@pytest.mark.parametrize(
    "check",
    [
        judged._check_majiang,
        judged._check_tenhou_log,
        judged._check_libriichi,
        judged._check_riichienv,
    ],
    ids=["majiang-core", "tenhou-log", "libriichi", "riichienv"],
)
def test_the_referees_accept_what_paifu_writes_of_the_platform_records(
    platform_records: None, check: Callable[[bool], None]
) -> None:
    check(False)
