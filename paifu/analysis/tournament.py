"""DORA tournament brackets (seed 000 §3): rounds of east-only tables, who advances, the draws.

Every table is replayed under ``dora-tournament``; each table ranks its players by final points
(000: 「各プレイヤーの最終順位や持ち点をもとに勝ち上がりが決定」). The top ``advance`` places of a
table go on. A tie across the last advancing place is drawn at random, ignoring everything else
(000 §3-4: 「ランダムで1人選出」「直前の順位や対局内容、アガリ回数などは考慮されません」). When the
players who go on cannot fill tables of four, lucky losers are drawn from that round's losers
only, score and place ignored (000 §3-3; its example draws one: 3 winners + 1). Entrants who
could not be seated in the first round are refunded (000 §3-2). Prizes are "Take All" or a
distribution over the final table's places (000 §3-5).

Draws use ``random.Random(seed)`` in a fixed order (rounds, then tables in input order, then the
lucky losers), so the same seed and records give the same bracket; every draw is written out.
The players who really played the next round (or a given list) are the *claimed* advancement:
it is checked for being a legal outcome of the rules, whichever way the platform's draw went.
"""

from __future__ import annotations

import html as html_lib
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from paifu.engine.results import GameResult
from paifu.findings import group_findings
from paifu.limits import MAX_NUMBER
from paifu.rank_points import seat_order
from paifu.rules import Ruleset, preset
from paifu.rules.presets.cite import cite_text
from paifu.safety import display_path, printable

if TYPE_CHECKING:
    from paifu.pipeline import Unreadable

TABLE = 4  # 000: 「トーナメントは基本的に四人麻雀で行われる」
#: why an entrant who could not be seated is refunded, as the draw lines cite it
_REFUND = cite_text("000 「参加費が全額返金」")


class TournamentError(ValueError):
    """Input a bracket cannot be built from (named in one line)."""


@dataclass
class Round:
    """One round's tables (replayed games) as read, in input order."""

    name: str
    tables: list[GameResult]


@dataclass
class Bracket:
    rows: pd.DataFrame  # one row per (round, table, player); see ``columns`` below
    draws: list[str]  # every random draw, in the order it was made
    problems: list[str]  # findings of tables, illegal claims, unseated or refunded entrants
    seed: int
    champion: str | None = None
    refunded: list[str] = field(default_factory=list)
    claims: dict[str, list[str]] = field(default_factory=dict)  # round -> who went on, as claimed

    columns = (
        "round",
        "table",
        "source",
        "seat",
        "player",
        "final_score",
        "place",
        "status",
        "findings",
        "claimed",
        "prize",
    )

    @property
    def valid(self) -> bool:
        return not self.problems


def rounds_from_paths(
    paths: Sequence[str],
    rules: Ruleset | None = None,
    on_table: Callable[[GameResult], object] = id,
    guard: Callable[[Iterable[GameResult | Unreadable]], Iterable[GameResult | Unreadable]] = iter,
) -> list[Round]:
    """One folder holding one folder per round (sorted by name), or the files of a single round;
    ``on_table`` is given each table as it is replayed (a count of what Ctrl-C stopped); ``guard``
    wraps each round's replay (``paifu.cli.interrupt.Interrupt.guard``: Ctrl-C ends it between
    tables, where a ``KeyboardInterrupt`` could land in any library's code)."""
    from paifu.pipeline import Unreadable, replay_paths

    rules = rules or preset("dora-tournament")
    if len(paths) == 1 and Path(paths[0]).is_dir():
        subs = sorted(p for p in Path(paths[0]).iterdir() if p.is_dir())
        groups = [(display_path(p.name), [str(p)]) for p in subs] if subs else [("round 1", list(paths))]
    else:
        groups = [("round 1", list(paths))]
    rounds = []
    for name, group in groups:
        tables: list[GameResult] = []
        for item in guard(replay_paths(group, rules)):
            if isinstance(item, Unreadable):
                raise TournamentError(f"{item.file}: unreadable: {item.reason}")
            tables.append(item)
            on_table(item)
        if not tables:
            raise TournamentError(f"{name}: no games found in {', '.join(group)}")
        rounds.append(Round(name, tables))
    return rounds


def _scores(game: GameResult) -> tuple[int, ...]:
    scores = game.final_scores or game.claimed_final_scores
    if scores is None:
        raise TournamentError(
            f"{game.source}: game {game.game_index}: no final scores (the record stops early)"
        )
    return scores


def _rank_table(
    game: GameResult, advance: int, rng: random.Random, label: str, draws: list[str]
) -> list[tuple[int, int, str]]:
    """(seat, place, status) per seat, best first; a tie across the cut is drawn at random."""
    scores = _scores(game)
    n = len(game.players)
    order = seat_order(scores, game.first_dealer)
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < n:
        group = [s for s in order[i:] if scores[s] == scores[order[i]]]
        j = i + len(group)
        if len(group) > 1 and i < advance < j:  # the tie straddles the last advancing place
            drawn = rng.sample(group, len(group))
            won = advance - i
            names = ", ".join(game.players[s] for s in group)
            draws.append(
                f"{label}: tie at {scores[group[0]]} between {names}: drawn "
                f"{', '.join(game.players[s] for s in drawn[:won])} to advance"
            )
            out += [
                (s, i + k + 1, "advances (tie drawn)" if k < won else "out (tie drawn)")
                for k, s in enumerate(drawn)
            ]
        else:
            out += [(s, i + k + 1, "advances" if i + k < advance else "out") for k, s in enumerate(group)]
        i = j
    return out


def build_bracket(
    rounds: Sequence[Round],
    advance: int,
    seed: int | None = None,
    claimed: Sequence[str] | None = None,
    entrants: Sequence[str] | None = None,
    prizes: Sequence[int] | None = None,
) -> Bracket:
    """Rank every table, draw ties and lucky losers, check who really went on.

    ``advance``: places per table that go on. ``claimed``: who the organiser says goes on from the
    last round given (the next round's players are the claim for every earlier round).
    ``entrants``: everyone registered (the first round must seat all but ``len % 4`` of them).
    ``prizes``: per final place; one value is "Take All" (000 §3-5: 「優勝者が賞金を総取り」)."""
    if advance < 1 or advance >= TABLE:
        raise TournamentError(f"--advance {advance}: between 1 and {TABLE - 1} places per table go on")
    if not rounds:
        raise TournamentError("no rounds given")
    seed = secrets.randbelow(2**31) if seed is None else seed
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    draws: list[str] = []
    problems: list[str] = []
    refunded: list[str] = []
    first = [p for g in rounds[0].tables for p in g.players]
    if entrants is not None:
        unseated = [p for p in entrants if p not in set(first)]
        refunded = unseated
        if len(unseated) != len(entrants) % TABLE or set(first) - set(entrants):
            problems.append(
                f"{rounds[0].name}: {len(first)} players seated of {len(entrants)} entrants; "
                f"{len(entrants) % TABLE} should sit out (and be refunded), {len(unseated)} did"
            )
        for p in unseated:
            draws.append(f"{rounds[0].name}: {p} could not be seated: refunded ({_REFUND})")
    champion = None
    claims: dict[str, list[str]] = {}
    for r, rnd in enumerate(rounds):
        seated = [p for g in rnd.tables for p in g.players]
        if len(set(seated)) != len(seated):
            problems.append(f"{rnd.name}: a player sits at two tables")
        going: list[str] = []
        drawn_ties: list[tuple[list[str], int]] = []  # (tied players, places among them) for legality
        losers: list[str] = []
        round_rows: list[dict[str, object]] = []
        for t, game in enumerate(rnd.tables, 1):
            label = f"{rnd.name} table {t}"
            if game.findings:  # each kind in words, not its code alone (as paifu validate says it)
                said = " | ".join(str(g) for g in group_findings(game.findings))
                problems.append(
                    f"{label} ({display_path(game.source)}): {len(game.findings)} finding{'' if len(game.findings) == 1 else 's'} under "
                    f"{game.rules.name}: {said}"
                )
            final = len(rnd.tables) == 1 and r == len(rounds) - 1  # one table left: it plays for the title
            places = _rank_table(game, 1 if final else advance, rng, label, draws)
            tied = [game.players[s] for s, _, st in places if "tie drawn" in st]
            if tied:
                drawn_ties.append((tied, sum(1 for _, _, st in places if st == "advances (tie drawn)")))
            for seat, place, status in places:
                name = game.players[seat]
                (going if status.startswith("advances") else losers).append(name)
                if final:
                    champion = champion or (name if place == 1 else None)
                    status = status.replace("advances", "champion")
                prize = (prizes[place - 1] if place <= len(prizes) else 0) if final and prizes else None
                round_rows.append(
                    dict(
                        round=rnd.name,
                        table=t,
                        source=f"{display_path(game.source)}#{game.game_index}",
                        seat=seat,
                        player=name,
                        final_score=_scores(game)[seat],
                        place=place,
                        status=status,
                        findings=len(game.findings),
                        claimed=None,
                        prize=prize,
                    )
                )
        lucky_needed = (-len(going)) % TABLE if champion is None else 0
        if lucky_needed:
            pool = sorted(losers)
            lucky = rng.sample(pool, min(lucky_needed, len(pool)))
            draws.append(
                f"{rnd.name}: {len(going)} go on, not a multiple of {TABLE}: lucky loser(s) "
                f"{', '.join(lucky)} drawn from this round's {len(pool)} losers"
            )
            for row in round_rows:
                if row["player"] in lucky:
                    row["status"] = "lucky loser"
            going += lucky
        # who really went on: the next round's players, or the given list after the last round
        claim = [p for g in rounds[r + 1].tables for p in g.players] if r + 1 < len(rounds) else claimed
        if claim is not None and champion is None:
            claims[rnd.name] = list(claim)
            for row in round_rows:
                row["claimed"] = row["player"] in set(claim)
            problems += _check_claim(rnd.name, claim, round_rows, drawn_ties, lucky_needed, losers)
        rows += round_rows
    df = pd.DataFrame(rows, columns=list(Bracket.columns))
    return Bracket(df, draws, problems, seed, champion, refunded, claims)


def _check_claim(
    name: str,
    claim: Sequence[str],
    rows: list[dict[str, object]],
    ties: list[tuple[list[str], int]],
    lucky: int,
    losers: list[str],
) -> list[str]:
    """Problems with a claimed advancement: legal when it holds every sure advancer, the drawn
    number from each tie, and ``lucky`` others from this round's losers (any draw could give it)."""
    got = set(claim)
    sure = {str(r["player"]) for r in rows if r["status"] == "advances"}
    tied = {p for group, _ in ties for p in group}
    out = [f"{name}: {p} placed to advance but is not in the claimed list" for p in sorted(sure - got)]
    for group, places in ties:
        if len(got & set(group)) < places:
            out.append(f"{name}: fewer than {places} of the tied {', '.join(group)} go on")
    tie_spots = sum(places for _, places in ties)
    others = got - sure - tied
    strangers = others - set(losers)
    out += [f"{name}: {p} is claimed to advance but did not play this round" for p in sorted(strangers)]
    extra = len(got - sure) - tie_spots
    if extra != lucky:
        out.append(f"{name}: {extra} lucky loser(s) claimed where the advancers need {lucky} to fill tables")
    return out


def parse_prizes(text: str) -> list[int]:
    """``take-all:10000`` (the winner only) or ``5000,3000,2000`` (per final place)."""
    try:
        if text.lower().startswith("take-all:"):
            amounts = [int(text.split(":", 1)[1])]
        else:
            amounts = [int(x) for x in text.split(",")]
    except ValueError:
        raise TournamentError(
            printable(f"--prizes {text!r}: expected take-all:AMOUNT or AMOUNT,AMOUNT,...")
        ) from None
    if any(a < 0 or a > MAX_NUMBER for a in amounts):
        raise TournamentError(printable(f"--prizes {text!r}: a prize is an amount from 0 to 2**53"))
    return amounts


def html_section(bracket: Bracket) -> str:
    """The bracket as an HTML fragment in the report's style (``paifu.analysis.html``): the draw seed and
    champion as cards, the problems, the draws, one table per round (who goes on highlighted)."""
    from paifu.analysis.htmlparts import cards, html_table

    esc = html_lib.escape
    rounds = bracket.rows.groupby("round", sort=False)
    parts = [
        "<h2>Tournament bracket</h2>",
        cards(
            [
                ("champion", bracket.champion or "not decided"),
                ("draw seed", f"{bracket.seed} (--seed {bracket.seed} draws the same)"),
                ("rounds", f"{rounds.ngroups}: {bracket.rows.groupby(['round', 'table']).ngroups} tables"),
                ("problems", f"{len(bracket.problems)}" if bracket.problems else "none"),
            ],
            flagged="problems" if bracket.problems else None,
        ),
    ]
    if bracket.problems:
        parts += ["<h3>Problems</h3><ul>", *(f"<li>{esc(p)}</li>" for p in bracket.problems), "</ul>"]
    parts += ["<h3>Draws</h3><ul>", *(f"<li>{esc(d)}</li>" for d in bracket.draws), "</ul>"]
    if not bracket.draws:
        parts[-2:] = ["<h3>Draws</h3>", "<p>none: no tie and no lucky loser to draw</p>"]
    head = [c.replace("_", " ") for c in Bracket.columns if c != "round"]
    for name, df in rounds:
        rows = []
        for r in df.itertuples(index=False):
            cells = "".join(_cell(c, getattr(r, c)) for c in Bracket.columns if c != "round")
            on = str(r.status).startswith(("advances", "lucky", "champion"))
            mark = " class='me'" if on else ""
            rows.append(f"<tr{mark}>{cells}</tr>")
        parts += [f"<h3>{esc(str(name))}</h3>", html_table(head, rows)]
    return "\n".join(parts)


def _cell(column: str, value: object) -> str:
    """One bracket cell: empty for a missing value (a round without prizes), numbers aligned."""
    if value is None or (isinstance(value, float) and value != value) or value is pd.NA:
        return "<td></td>"
    if isinstance(value, bool):
        return f"<td>{'yes' if value else 'no'}</td>"
    if isinstance(value, int | float) and column != "seat":
        return f"<td class='n'>{value:,.0f}</td>"
    return f"<td>{html_lib.escape(str(value))}</td>"
