"""The command line's arguments and help: one parser, a sub-parser per command."""

from __future__ import annotations

import argparse
from typing import Any

from paifu._build import BUILD
from paifu.cli.helptext import Formatter, wrap
from paifu.cli.report_options import report_selection_options
from paifu.formats.registry import ENTRIES

DESCRIPTION = """paifu: read, convert, replay and validate riichi mahjong game records.

Formats: Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, 電脳麻将 paipu (detected
from the content; gzip is read transparently). Folders are searched recursively.

exit status (validate, report): 0 every game valid, 1 some game has findings,
2 an input could not be read or the arguments are wrong; every command: 130 stopped by Ctrl-C,
128+N stopped by signal N (143 SIGTERM), 141 standard output closed by its reader (| head).
No command writes over its inputs; outputs are complete or absent (docs/guarantees.md).
"""


def _jobs(text: str) -> int:
    """``--jobs``: worker processes, 0 = one per core."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (all cores) or positive, not {n}")
    return n


def _size(text: str) -> int:
    from paifu.limits import parse_size

    try:
        return parse_size(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text!r}")
    return n


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 10**6:
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text!r}")
    return value


_TIMEOUT = (
    "with --scheduler: seconds to wait for the scheduler and its first worker, and for a worker again "
    "whenever the cluster has none during the run (default 60)"
)


def _limit_options(p: argparse.ArgumentParser) -> None:
    """The input limits (``paifu/limits.py``): a file over one is unreadable, naming it."""
    p.add_argument(
        "--max-size",
        type=_size,
        metavar="BYTES",
        help="largest file to read, before and after gunzip (default 64M; K, M, G accepted)",
    )
    p.add_argument(
        "--max-field",
        type=_positive,
        metavar="CHARS",
        help="longest text field (name, game id) in a record (default 10000)",
    )


class _Version(argparse.Action):
    """``--version``, the version looked up only when asked (``importlib.metadata`` and the 30
    modules it loads would otherwise be a fifth of every command's start-up)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=str(kwargs.get("help"))
        )

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(f"paifu {_version()} ({BUILD})")
        parser.exit()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("paifu")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree without installing
        return "unknown"


def _names(formats: list[str]) -> str:
    return ", ".join(formats[:-1]) + " or " + formats[-1]


_READS = _names([f.name for f in ENTRIES])
_WRITES = _names([f.name for f in ENTRIES if f.writable])
_RULES_HELP = (
    "judge every game under this ruleset instead of the record's own: a preset name "
    "(paifu rules lists them), a ruleset TOML file, or a 電脳麻将 rule JSON, any of them followed by "
    ":key=value,... overrides (qdan:start_points=30000); without it a 電脳麻将 paipu is judged under "
    "the rule object beside it, if any"
)
_JOBS_HELP = "replay in N worker processes (0 = one per core); output identical to --jobs 1"
_SCHEDULER = (
    "replay on Dask: 'dask' starts a local cluster (--jobs workers, default one per core), "
    "tcp://host:port joins a running scheduler (its workers must see the same paths); same output"
)


_EXAMPLES = """examples:
  paifu validate logs/ -q                   findings only, then a summary
  paifu validate --json game.xml            JSON Lines for a program to read
  zcat game.mjson.gz | paifu validate -     read standard input
  paifu convert logs/ --to mjai -o out/ -q  one file per game, a one-line summary of warnings
  paifu report logs/ --html league.html     the HTML report, its tables beside it
  paifu report logs/ --player Aoi           one player's rates against the field
  paifu rules tenhou > my.toml              a preset to edit, then --rules my.toml"""


class _Unbuilt:
    """The parser of a command that does not run: its options are not built."""

    def add_argument(self, *args: object, **kwargs: object) -> None:
        pass

    def add_argument_group(self, *args: object, **kwargs: object) -> _Unbuilt:
        return self


class _OneCommand:
    """``add_subparsers``' action, building only ``command``'s parser (``None``: every one). A run whose
    first argument names its command parses no other, and prints no list of them (that is ``paifu -h``);
    argparse makes a help formatter per option and looks for translations per parser: all six commands
    were a twentieth of a small ``validate``'s start-up."""

    def __init__(self, sub: argparse._SubParsersAction, command: str | None) -> None:
        self.sub, self.command = sub, command

    def add_parser(self, name: str, **kwargs: object) -> argparse.ArgumentParser | _Unbuilt:
        if self.command in (None, name):
            return self.sub.add_parser(name, **kwargs)  # type: ignore[arg-type]
        return _Unbuilt()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (``command``, the first argument of a run) only that command's parser:
    the same parse, errors and help for that command."""
    fmt = Formatter
    p = argparse.ArgumentParser(prog="paifu", description=DESCRIPTION, formatter_class=fmt, epilog=_EXAMPLES)
    p.add_argument("--version", action=_Version, help="show the version and build, and exit")
    sub: Any = _OneCommand(p.add_subparsers(dest="cmd", required=True, metavar="COMMAND"), command)
    v = sub.add_parser(
        "validate",
        formatter_class=fmt,
        help="replay records and report every rule they break",
        description=wrap(
            "Replay every game through the rules engine and report each rule it breaks: one line per "
            "game, one per finding (the record's value beside the one the rules give), then a summary."
        ),
        epilog=wrap(
            "exit status: 0 every game valid, 1 some finding, 2 an input could not be read or bad arguments"
        ),
    )
    v.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="record files or folders (searched recursively); - reads standard input",
    )
    v.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    v.add_argument(
        "--format",
        metavar="FMT",
        help=f"read every input as this format ({_READS}) instead of detecting it",
    )
    v.add_argument(
        "--json",
        action="store_true",
        help="JSON Lines: one object per finding, note, unreadable input and skipped file, then a summary object",
    )
    v.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only games with findings or notes, unreadable "
        "inputs and the summary (no line per valid game)",
    )
    v.add_argument("--jobs", type=_jobs, metavar="N", help=_JOBS_HELP)
    v.add_argument("--scheduler", metavar="dask|tcp://HOST:PORT", help=_SCHEDULER)
    v.add_argument("--timeout", type=_seconds, default=60.0, metavar="SECONDS", help=_TIMEOUT)
    _limit_options(v)
    c = sub.add_parser(
        "convert",
        formatter_class=fmt,
        help="convert records to another format",
        description=wrap(
            "Convert records to another format. What the target cannot carry is warned about per game "
            "on standard error (a summary of the warnings by kind ends the run); a game the target cannot "
            "express at all is named and skipped."
        ),
        epilog=wrap(
            "exit status: 0 all written, 2 an input unreadable or a game not writable (the rest still written)"
        ),
    )
    c.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="record files or folders; - reads standard input"
    )
    c.add_argument("--to", required=True, metavar="FMT", help=f"the format to write: {_WRITES}")
    c.add_argument(
        "-o",
        "--output",
        metavar="FILE|DIR",
        help="a file (one game) or a folder (one file per game; created). Default: standard output",
    )
    c.add_argument("--format", metavar="FMT", help=f"read every input as this format ({_READS})")
    c.add_argument(
        "-q", "--quiet", action="store_true", help="no line per warning: only the summary of warnings by kind"
    )
    c.add_argument(
        "--overwrite", action="store_true", help="replace files already in -o DIR (never an input of the run)"
    )
    _limit_options(c)
    r = sub.add_parser(
        "report",
        formatter_class=fmt,
        help="validate and report statistics, rank points and plots",
        description=wrap(
            "Replay and validate the games, then report per-player statistics with 95% intervals, "
            "rank points and flagged games: a summary on standard output, and on request an HTML "
            "report and tables (CSV or Parquet, by suffix)."
        ),
        epilog=wrap(
            "exit status: 0 all games valid, 1 some games flagged (still counted), 2 unreadable input, an "
            "unknown player or scheme, or an output path that cannot be written"
        ),
    )
    r.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="record files or folders (searched recursively); - reads standard input",
    )
    r.add_argument(
        "--player",
        metavar="NAME",
        help="add one player's section: rates against the field, rank-point "
        "curve, yaku (case-insensitive when unambiguous)",
    )
    r.add_argument(
        "--scheme",
        default="auto",
        metavar="NAME|FILE",
        help="rank-point scheme: auto (each game's own; default), a scheme name such as tenhou, "
        "mahjongsoul, mleague (docs/statistics.md), or a TOML file",
    )
    r.add_argument(
        "--html",
        metavar="FILE",
        help="write the HTML report; its full tables go beside it as CSV "
        "(league.html: league-players.csv, league-games.csv, "
        "league-findings.csv)",
    )
    r.add_argument(
        "--viewer-links",
        action="store_true",
        help="in the HTML report, link each finding to viewer/<stem>-<N>.html#event=E beside it, and "
        "write those pages there (the page paifu show FILE --game N writes; each link comes with its command)",
    )
    r.add_argument("--players", metavar="FILE", help="write per-player statistics to FILE (.csv or .parquet)")
    r.add_argument(
        "--games", metavar="FILE", help="write one row per (game, seat) to FILE (.csv or .parquet)"
    )
    r.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    r.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="only the summary on standard output (by default the first 10 flagged games follow it)",
    )
    r.add_argument("--jobs", type=_jobs, metavar="N", help=_JOBS_HELP)
    r.add_argument("--scheduler", metavar="dask|tcp://HOST:PORT", help=_SCHEDULER)
    r.add_argument("--timeout", type=_seconds, default=60.0, metavar="SECONDS", help=_TIMEOUT)
    r.add_argument(
        "--out",
        metavar="DIR",
        help="write every table (games, game_players, hands, hand_players, wins, findings) to "
        "this new or empty folder as a Parquet dataset",
    )
    r.add_argument(
        "--partition",
        choices=["source", "date", "none"],
        default="source",
        help="--out partitions: the record's folder (default), its month, or none",
    )
    report_selection_options(r)
    _limit_options(r)
    sh = sub.add_parser(
        "show",
        formatter_class=fmt,
        help="write one game as a self-contained HTML viewer",
        description=wrap(
            "Write one game as a single HTML file (no network needed): the table drawn at every "
            "event, arrow keys and buttons to step, the hands, the findings (each jumps to its "
            "event), the game's end, the score curve and the review of every discard. A file of "
            "several games: --game N draws one, --all every one with an index."
        ),
        epilog=wrap("exit status: 0 written, 2 the file or game cannot be read"),
    )
    sh.add_argument("file", metavar="FILE", help="a record file, or - for standard input")
    sh.add_argument(
        "--game",
        type=int,
        default=None,
        metavar="N",
        help="which game of the file (0 = the first, the default)",
    )
    sh.add_argument(
        "--all",
        action="store_true",
        help="every game of the file, each its page (viewer/<stem>-<N>.html) and an index of them "
        "(viewer/<stem>-index.html, or -o)",
    )
    sh.add_argument("--hand", metavar="LABEL", help="open at this hand, e.g. E2-1")
    sh.add_argument("--event", type=int, metavar="N", help="open at this event index")
    sh.add_argument("--rules", metavar="PRESET|FILE", help=_RULES_HELP)
    sh.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the HTML file (default: viewer/<stem>-<N>.html in the current folder, made if missing: "
        "the record's name without its endings (.xml, .mjlog.gz) and the game number, e.g. viewer/chankan-0.html, "
        "with a hash of its path for a record in a folder (a/x.xml and b/x.xml get their own pages); "
        "the page paifu report --viewer-links links to)",
    )
    _limit_options(sh)
    ru = sub.add_parser(
        "rules",
        formatter_class=fmt,
        help="list presets, or print one as TOML",
        description=wrap(
            "Without a name, list the presets; with one, print it as TOML to edit "
            'and pass back with --rules FILE (base = "tenhou" plus the fields you '
            "change)."
        ),
    )
    ru.add_argument("name", nargs="?", metavar="PRESET", help="the preset to print")
    ru.add_argument(
        "--sources",
        action="store_true",
        help="each value with the seed sentence it comes from, or 'choice' where the source is silent",
    )
    t = sub.add_parser(
        "tournament",
        formatter_class=fmt,
        help="DORA tournament rounds: validate, rank, draw, write the bracket",
        description=wrap(
            "Validate every table of a round under dora-tournament, rank each table, draw ties for "
            "an advancing place and lucky losers with a seed you can give (printed, reusable), "
            "refund entrants who could not be seated, and write the bracket."
        ),
        epilog=wrap(
            "exit status: 0 the bracket is written and any claimed advancement is legal, 1 a table has "
            "findings or a claim is not, 2 unreadable input or bad arguments"
        ),
    )
    t.add_argument(
        "paths", nargs="+", metavar="PATH", help="one round's records, or one folder with a folder per round"
    )
    t.add_argument(
        "--advance", type=int, default=1, metavar="N", help="places per table that go on (default 1)"
    )
    t.add_argument(
        "--seed", type=int, metavar="S", help="seed of the random draws (ties, lucky losers); printed"
    )
    t.add_argument(
        "--claimed", metavar="FILE", help="who goes on from the last round, one player a line (checked)"
    )
    t.add_argument(
        "--entrants", metavar="FILE", help="everyone registered, one a line (the unseated are refunded)"
    )
    t.add_argument("--prizes", metavar="SPEC", help="take-all:AMOUNT or AMOUNT,AMOUNT,... per final place")
    t.add_argument("--table", metavar="FILE", help="the bracket to .csv or .parquet")
    t.add_argument("--html", metavar="FILE", help="the bracket as an HTML page")
    _limit_options(t)
    return p
