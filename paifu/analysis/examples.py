"""Small hand-built ``GameResult``s with known numbers, for tests, docs and notebooks.

Built directly (no record, no replay) so every statistic can be checked by hand.
"""

from __future__ import annotations

from paifu.engine.results import GameResult, HandResult, WinResult
from paifu.events import RyuukyokuKind
from paifu.findings import Code, Finding
from paifu.rules import preset


def example_game(
    game_id: str = "example", players: tuple[str, ...] = ("A", "B", "C", "D"), with_finding: bool = False
) -> GameResult:
    """A three-hand 4-player Tenhou game.

    E1-0: C riichi (turn 6); B wins by ron from C: 3,900 (open, pon), deltas B +4,900 incl. the stick.
    E2-0: exhaustive draw; A and B tenpai, C and D noten (1,500 each way).
    E3-0: A wins by tsumo, closed without riichi (damaten) on turn 9: 8,000 (2,000/4,000, D dealer).
    Final: A 34,500, B 29,400, C 16,600, D 19,500; Tenhou points +44.5, +9.4, -33.4, -20.5.
    """
    rules = preset("tenhou")
    h1 = HandResult(
        index=0,
        label="E1-0",
        round_wind=0,
        hand_number=0,
        honba=0,
        sticks=0,
        dealer=0,
        scores_start=(25000, 25000, 25000, 25000),
        scores_end=(25000, 29900, 20100, 25000),
        deltas=(0, 4900, -4900, 0),
        wins=[
            WinResult(
                seat=1,
                from_seat=2,
                tsumo=False,
                dealer=False,
                han=2,
                fu=40,
                points=3900,
                limit=None,
                yaku=(("yakuhai-haku", 1), ("dora", 1), ("ura-dora", 0)),
                deltas=(0, 4900, -3900, 0),
                riichi=False,
                closed=False,
                turn=8,
            )
        ],
        riichi=(False, False, True, False),
        riichi_turn=(None, None, 6, None),
        opened=(False, True, False, False),
        calls=(0, 1, 0, 0),
        kans=(0, 0, 0, 0),
        complete=True,
    )
    h2 = HandResult(
        index=1,
        label="E2-0",
        round_wind=0,
        hand_number=1,
        honba=0,
        sticks=0,
        dealer=1,
        scores_start=(25000, 29900, 20100, 25000),
        scores_end=(26500, 31400, 18600, 23500),
        deltas=(1500, 1500, -1500, -1500),
        ryuukyoku=RyuukyokuKind.EXHAUSTIVE,
        tenpai=(True, True, False, False),
        riichi=(False,) * 4,
        riichi_turn=(None,) * 4,
        opened=(False, False, False, True),
        calls=(0, 0, 0, 2),
        kans=(0, 0, 0, 0),
        complete=True,
        draws_checked=True,
    )
    h3 = HandResult(
        index=2,
        label="E3-0",
        round_wind=0,
        hand_number=2,
        honba=0,
        sticks=0,
        dealer=3,
        scores_start=(26500, 31400, 18600, 23500),
        scores_end=(34500, 29400, 16600, 19500),
        deltas=(8000, -2000, -2000, -4000),
        wins=[
            WinResult(
                seat=0,
                from_seat=0,
                tsumo=True,
                dealer=False,
                han=4,
                fu=30,
                points=8000,
                limit="mangan",
                yaku=(("menzen-tsumo", 1), ("pinfu", 1), ("tanyao", 1), ("aka-dora", 1)),
                deltas=(8000, -2000, -2000, -4000),
                riichi=False,
                closed=True,
                turn=9,
                recomputed=True,
            )
        ],
        riichi=(False,) * 4,
        riichi_turn=(None,) * 4,
        opened=(False,) * 4,
        calls=(0,) * 4,
        kans=(0,) * 4,
        complete=True,
    )
    final = h3.scores_end
    findings = (
        [Finding(code=Code.POINTS_MISMATCH, message="example", game_id=game_id, hand="E3-0")]
        if with_finding
        else []
    )
    return GameResult(
        source=f"{game_id}.xml",
        format="tenhou-xml",
        game_id=game_id,
        game_index=0,
        players=players,
        rules=rules,
        hands=[h1, h2, h3],
        findings=findings,
        final_scores=final,
        complete=True,
        claimed_rank_points=(44.5, 9.4, -33.4, -20.5),
        first_dealer=0,
    )
