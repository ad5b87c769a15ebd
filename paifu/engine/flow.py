"""The flow of a game: a hand starts where the last one said, who deals next, when the game ends.

After each hand the replay works out the next hand (round, hand number, honba, sticks, dealer) and
whether the game should end (bust, the last scheduled hand, the extension, the last dealer's stop);
the next ``HandStart`` or ``GameEnd`` must agree. At the end, sticks left on the table are settled
as the ruleset says and the final scores compared.
"""

from __future__ import annotations

from paifu.board.phases import BETWEEN, HAND_OVER
from paifu.board.state import TableState, hand_label
from paifu.engine.game import Game, GameOverFacts
from paifu.engine.outcomes import check_hand_start
from paifu.engine.results import HandResult
from paifu.events import GameEnd, HandStart
from paifu.findings import Code
from paifu.rank_points import SchemeError, apply_leftover_sticks, seat_order


def start_hand(r: Game, ev: HandStart) -> None:
    """Close the last hand, check the new hand's start (``outcomes.check_hand_start``) against the
    replay, and set up its table."""
    assert r.result is not None
    prev = r.state
    if prev is not None and prev.phase == HAND_OVER:
        conclude_hand(r)
    elif prev is not None and prev.phase != BETWEEN:
        r.find(Code.TRUNCATED, f"hand {prev.label} has no result before the next hand")
    flags = r.flags
    n = r.n
    if r.game_over_expected:
        r.find(Code.GAME_END_MISMATCH, f"the game goes on after it should have ended: {game_over_reason(r)}")
        r.game_over_expected = False
    prev_scores = prev.scores if prev else None
    first = r.hand_index < 0
    check = check_hand_start(ev, flags, r.expected_next, prev_scores, first, r.partial)
    if check.faults:  # findings about this hand, named before its table is set up
        r.report(check.faults, hand_label(ev.round_wind, ev.hand_number, ev.honba))
    scores = check.scores
    if first and not flags.start_points and scores:
        r.game_start_points = sum(scores[:n]) // n  # the record states the start (e.g. 004: 25k or 30k)
    r.hand_index += 1
    st = TableState.new_hand(r.flags.table, ev, scores, r.red_of)
    r.state = st
    r.ids_taken = [False] * 136
    r.kan_events = []
    r.kan_dora_missed = 0
    r.hand = HandResult(
        index=r.hand_index,
        label=st.label,
        round_wind=ev.round_wind,
        hand_number=ev.hand_number,
        honba=ev.honba,
        sticks=ev.sticks,
        dealer=ev.dealer,
        scores_start=tuple(st.scores),
    )
    r.result.hands.append(r.hand)


def on_hand_start(r: Game, ev: HandStart) -> None:
    """A new hand: its start checked against the replay, its deal against the set and the wall."""
    assert r.result is not None
    start_hand(r, ev)
    n = r.n
    st = r.state
    assert st is not None
    r.walls.start_hand(ev.wall, n)
    st.deal(ev.hands[:n], ev.dora_indicator)
    r.wareme_seat = None
    r.open_riichi = [False] * n
    if r.rules.wareme and ev.dice is not None:
        r.wareme_seat = (ev.dealer + ev.dice[0] + ev.dice[1] - 1) % n
    if r.hand is not None:
        r.hand.deal = tuple(tuple(tiles) for tiles in ev.hands[:n])
    # the deal's tiles are judged one by one, in the order they appear, where the table's counts
    # show that one of them is too many (else none is)
    judge = r.too_many_seen() or not _all_ids(ev.dora_indicator, ev.hands[:n])
    seen = ([0] * 34, [0, 0, 0]) if judge else None
    if seen is not None:
        r.count_seen(ev.dora_indicator, None, seen)
    for seat, tiles in enumerate(ev.hands[:n]):
        if len(tiles) != 13:
            r.find(
                Code.HAND_SIZE,
                f"seat {seat} is dealt {len(tiles)} tiles",
                seat=seat,
                expected=13,
                actual=len(tiles),
            )
        for t in tiles:
            if seen is not None:
                r.count_seen(t, seat, seen)
            r.take(t, seat)
    if r.walls.wall is not None and r.walls.check_deal(ev, n, r, r.flags.table.red_fives):
        r.result.wall_checked = True


def _all_ids(dora_indicator: int, hands: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the dora indicator and every dealt tile are tile ids (0-135), with no list made of
    them: asked at every hand start."""
    if not 0 <= dora_indicator < 136:
        return False
    for tiles in hands:
        for t in tiles:
            if not 0 <= t < 136:
                return False
    return True


def end_hand(r: Game) -> None:
    """Hand over: record its totals. Dealer rotation is checked by the next HandStart."""
    st = r.state
    assert st is not None and r.hand is not None
    hand = r.hand
    hand.scores_end = tuple(st.scores)
    hand.deltas = tuple(st.deltas)
    hand.riichi = tuple(st.riichi_declared)
    hand.riichi_turn = tuple(t if t is not None and t >= 0 else None for t in st.riichi_turn)
    hand.riichi_order = tuple(st.riichi_order)
    hand.double_riichi = tuple(s.double_riichi and s.riichi_accepted for s in st.seats)
    hand.riichi_accepted = tuple(s.riichi_accepted for s in st.seats)
    hand.opened = tuple(s.calls > 0 for s in st.seats)
    hand.calls = tuple(s.calls for s in st.seats)
    hand.kans = tuple(st.kans.count(i) for i in range(r.n))
    st.close_hand()


def conclude_hand(r: Game) -> None:
    """Hand over: totals, then who deals next and whether the game should end."""
    end_hand(r)
    st = r.state
    hand = r.hand
    assert st is not None and hand is not None
    flags = r.flags
    n = r.n
    dealer = st.dealer
    honba = st.honba
    if hand.wins:
        dealer_won = any(w.seat == dealer for w in hand.wins)
        renchan = dealer_won and flags.renchan_on_win
        honba = honba + 1 if renchan else 0
        dealer_kept_by = "win" if dealer_won else ""
    elif hand.ryuukyoku is not None and hand.ryuukyoku.abortive:
        renchan = flags.abort_renchan
        honba += 1
        dealer_kept_by = ""
    else:
        tenpai = hand.tenpai[dealer] if hand.tenpai else False
        renchan = flags.renchan_always or (flags.renchan_on_tenpai and tenpai)
        honba += 1
        dealer_kept_by = "tenpai" if tenpai else ""
    rnd, num = st.round_wind, st.hand_number
    if not renchan:
        num += 1
        if num >= n:
            rnd, num = rnd + 1, 0
    next_dealer = (r.first_dealer + num) % n
    r.expected_next = (rnd, num, honba, st.sticks, next_dealer)
    r.game_over_facts = facts = (
        st.round_wind,
        st.hand_number,
        st.honba,
        dealer,
        tuple(st.scores),
        rnd,
        renchan,
        dealer_kept_by,
    )
    r.game_over_expected = game_over_why(r, facts, words=False)[0]


_ROUNDS = ("East", "South", "West", "North")


def game_over_why(r: Game, facts: GameOverFacts, words: bool = True) -> tuple[bool | None, str]:
    """Whether the game ends after the hand ``facts`` describe (None where the rules leave it open),
    and the rule that decides it, in words (a ``game-end-mismatch`` names it); with ``words`` false
    the words are "" and not made: after every hand the answer is needed, the words almost never
    (``game_over_reason`` makes them from the same facts when a finding does)."""
    flags = r.flags
    n = r.n
    round_wind, hand_number, honba, dealer, scores, next_round, renchan, dealer_kept_by = facts
    label = hand_label(round_wind, hand_number, honba) if words else ""
    for s, score in enumerate(scores):
        if flags.bust and (score < 0 or (flags.bust_at_zero and score == 0)):
            edge = "at zero or below" if flags.bust_at_zero else "below zero"
            return True, (
                f"after {label} seat {s} has {score:,}, {edge}: the table ends the game at a bust (bust)"
                if words
                else ""
            )
    if flags.one_hand and not renchan:  # its hand is the last: it ends unless the dealer keeps the deal
        return True, (
            f"after {label} the table plays one hand and its dealer did not keep the deal (length)"
            if words
            else ""
        )
    sched = flags.scheduled_rounds
    last_round = round_wind >= sched - 1
    # the last hand's rules (the last dealer's stop) hold for a one-hand game's hand, however many
    # times its dealer keeps the deal (003 「最終局だけは例外」: 1局のみ is a game of one last hand)
    all_last = (last_round and hand_number == n - 1) or flags.one_hand
    top = max(scores)
    extra = 0 if flags.no_extension else flags.extension_rounds
    if next_round >= sched + extra:
        return True, (
            f"after {label} the {_ROUNDS[min(sched + extra, 4) - 1]} round, the last the table plays "
            f"(length, extension), is over"
            if words
            else ""
        )
    if round_wind >= sched and flags.sudden_death and not (renchan and flags.extension_dealer_plays_on):
        aim = target(r, flags.extension_target)
        if top >= aim:
            # extension: ends as soon as someone reached the target; where a dealer who keeps the deal
            # plays on, as in the last hand, that stop is the dealer's (the all-last rule below)
            return True, (
                f"after {label}, in the extra round, the top has {top:,}, at least {aim:,}: the extra round "
                "ends as soon as someone has it (extension, extension_target)"
                if words
                else ""
            )
    if all_last or round_wind >= sched:
        if (
            renchan
            and dealer_kept_by
            and not flags.last_stop_never
            and (flags.last_stop_on_tenpai or dealer_kept_by == "win")
        ):
            d = dealer
            order = seat_order(scores, r.first_dealer)
            least = target(r, flags.last_dealer_stop_min)
            if order[0] == d and scores[d] >= least:
                why = (
                    f"after {label} the last dealer (seat {d}) kept the deal by a {dealer_kept_by} and is top with "
                    f"{scores[d]:,}, at least {least:,}: the last dealer's stop ends the game "
                    "(last_dealer_stop, last_dealer_stop_min)"
                    if words
                    else ""
                )
                return (None if flags.last_stop_tenpai_unproven and dealer_kept_by == "tenpai" else True), why
        if not renchan and next_round >= sched:
            aim = target(r, flags.extension_target)
            if flags.no_extension or top >= aim:
                return True, (
                    f"after {label}, the last scheduled hand of the {_ROUNDS[min(sched, 4) - 1]} round (length), "
                    + (
                        "the table plays no extra round (extension)"
                        if flags.no_extension
                        else f"the top has {top:,}, at least {aim:,} (extension_target)"
                    )
                    if words
                    else ""
                )
            return False, (
                f"after {label}, the last scheduled hand of the {_ROUNDS[min(sched, 4) - 1]} round (length), "
                f"nobody has {aim:,}: the game goes on into an extra "
                "round (extension, extension_target)"
                if words
                else ""
            )
        if renchan:
            return False, (
                f"after {label} the last dealer (seat {dealer}) keeps the deal and plays on (renchan)"
                if words
                else ""
            )
    return False, (
        f"after {label} the table plays on to the end of the {_ROUNDS[min(sched, 4) - 1]} round (length)"
        if words
        else ""
    )


def game_over_reason(r: Game) -> str:
    """The words of the rule that decided ``game_over_expected`` after the last hand, made from the
    facts kept then (only a ``game-end-mismatch`` needs them)."""
    facts = r.game_over_facts
    return game_over_why(r, facts)[1] if facts is not None else "no hand of it came to an end"


def target(r: Game, fixed: int) -> int:
    """A game-end target in points: ``fixed``, or the game's start plus ``target_margin``
    (004: 「延長・アガリ止めの目標は開始点＋5,000点」: 35,000 at a 30,000 start)."""
    margin = r.flags.target_margin
    return fixed if margin is None else r.game_start_points + margin


def on_game_end(r: Game, ev: GameEnd) -> None:
    assert r.result is not None
    r.game_end_seen = True
    st = r.state
    phase = st.phase if st is not None else BETWEEN
    if phase not in (BETWEEN, HAND_OVER):
        r.find(Code.TRUNCATED, "the game ends in the middle of a hand")
    if phase == HAND_OVER:
        conclude_hand(r)
    if r.game_over_expected is False and st is not None and not r.partial:
        r.find(Code.GAME_END_MISMATCH, f"the game stops before it should have ended: {game_over_reason(r)}")
    r.game_over_expected = False
    result = r.result
    result.complete = True
    result.claimed_final_scores = tuple(ev.final_scores) if ev.final_scores else None
    result.claimed_rank_points = tuple(ev.rank_points) if ev.rank_points else None
    result.claimed_rank_points_text = tuple(ev.rank_points_text) if ev.rank_points_text else None
    result.claimed_placements = tuple(ev.placements) if ev.placements else None
    if st is None:
        return
    final = final_scores(r, st)
    result.final_scores = final
    claimed = tuple(ev.final_scores[: r.n]) if ev.final_scores is not None else None
    if final is not None and claimed is not None and claimed != final:
        # the table followed the record's own score changes; a wrong one is its own finding, and
        # the total the rules give is built from the rules' changes (a claim that matches it is right)
        ours = final_scores(r, st, r.score_drift) if any(r.score_drift) else final
        if ours is not None and claimed != ours:
            r.find(
                Code.FINAL_SCORE_MISMATCH,
                "final scores differ from the replay",
                expected=tuple(ours),
                actual=claimed,
            )
    st.close_hand()


def final_scores(r: Game, st: TableState, drift: list[int] | None = None) -> tuple[int, ...] | None:
    """Scores after the sticks left on the table are settled as ``rules.leftover_sticks`` says;
    None where "kept" meets sticks put down before the record starts (their owners are unknown).
    ``drift``: what the rules' own score changes add to the record's (``Game.score_drift``)."""
    rules = r.rules
    owners = r.stick_owners if sum(r.stick_owners) == st.sticks else None
    scores = list(st.scores)
    if drift is not None:
        scores = [v + d for v, d in zip(scores, drift, strict=False)]
    try:
        return apply_leftover_sticks(
            scores, st.sticks, rules.leftover_sticks, r.first_dealer, rules.rank_ties, owners
        )
    except SchemeError:
        r.find(
            Code.UNSUPPORTED,
            "riichi sticks of unknown owners are left at the end and the ruleset "
            "returns them to their owners: the final scores are not checked",
        )
        return None
