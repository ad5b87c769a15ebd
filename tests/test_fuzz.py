"""Robustness: mutated records get a located RecordError or replay to findings, never a traceback.

paifu's standard for bad input (a truncated file, a wrong format, a corrupt tile id, an
impossible call) is a clear error naming file, game, hand and event - never a traceback from
deep inside a reader, never a silent skip. These tests prove it by mutating real records in
memory (nothing derived is written into the repo) for each of the four formats:

- truncation at a byte offset;
- deleting, duplicating or swapping tags / lines / JSON array elements;
- tile ids, tile codes and tile strings replaced by out-of-range or wrong-type values;
- seat numbers set to 7 or -1;
- call strings rewritten (Tenhou ``<N m>``, tenhou.net/6 ``p/c/m/k/a`` strings, mjai
  ``consumed`` lists, 電脳麻将 meld strings such as ``m123-``);
- result numbers turned into strings.

The property: ``read_bytes`` returns records or raises ``RecordError`` whose message names the
file (and, once a game is open, the game); the reader's own handler must catch it, not the
catch-all in ``read_bytes``; ``replay_record`` on whatever was read never raises; every writer
either writes it (and what it writes reads back, or fails as a located ``RecordError``) or
refuses it with a ``RecordError`` of its own, not through the catch-all in ``write``; and the
report (frames, statistics, HTML, CSV, Parquet) over all readable mutations never raises.

Seeds are our own ``sample_logs`` (the XML games also written, by our writers, as the three
other formats) plus, when ``../shared/corpus`` is there, a fixed handful of corpus files.
Mutations are drawn from a seeded ``random.Random``; hypothesis runs derandomized.
"""

from __future__ import annotations

import io
import json
import random
import re
import warnings
from collections.abc import Callable
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, SAMPLES, corpus_dir
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paifu.api import write
from paifu.cli import main as cli_main
from paifu.formats import read_bytes
from paifu.formats.base import RecordError
from paifu.pipeline import replay_record

FMTS = ("tenhou-xml", "tenhou-json", "mjai", "majiang")
#: wrong values: out of range, wrong type, malformed tile text
BAD_VALUES: tuple[Any, ...] = (
    200,
    -1,
    136,
    "9z",
    "0z",
    None,
    "x",
    1.5,
    "",
    [],
    {},
    True,
    10**20,
    "5mr",
    float("inf"),
    float("nan"),
)
BAD_SEATS: tuple[Any, ...] = (7, -1, 4, "1", None)
SEAT_KEYS = frozenset({"actor", "target", "who", "oya", "l", "qijia", "baojia", "id", "pao"})
RESULT_KEYS = frozenset(
    {
        "deltas",
        "scores",
        "ten",
        "fenpei",
        "defen",
        "point",
        "fu",
        "fanshu",
        "damanguan",
        "rank",
        "sc",
        "uradora_markers",
        "hora_points",
        "honba",
        "kyotaku",
        "changbang",
        "lizhibang",
    }
)
CALL_LETTERS = "pcmka"
_TENHOU_CALL = re.compile(r"^\d*[pcmka]\d+$")
_MAJIANG_MELD = re.compile(r"^[mpsz]\d[\d\-+=_*]*$")

Mutation = Callable[[bytes, random.Random], bytes]


# ------------------------------------------------------------------ seeds


def _own_seeds() -> dict[str, list[tuple[str, bytes]]]:
    """Our sample logs, and the 4-player XML games rewritten by our own writers in the other formats."""
    seeds: dict[str, list[tuple[str, bytes]]] = {f: [] for f in FMTS}
    for p in sorted(SAMPLES.rglob("*")):
        if p.suffix in (".xml", ".jsonl"):
            data = p.read_bytes()
            seeds["tenhou-xml" if p.suffix == ".xml" else "mjai"].append((p.name, data))
    for name, data in list(seeds["tenhou-xml"]):
        rec = read_bytes(data, name)[0]
        stem = name.rsplit(".", 1)[0]
        for fmt, ext in (("tenhou-json", ".json"), ("mjai", ".mjson"), ("majiang", ".paipu.json")):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # what a format cannot carry is not the point here
                seeds[fmt].append((stem + ext, write(rec, fmt)))
    return seeds


#: a fixed handful of small corpus files per format (chosen by path, never by content)
_CORPUS_PICKS = {
    "tenhou-xml": ("tenhou_xml", "*.xml*", 4),
    "tenhou-json": ("tenhou6_json", "*.json", 4),
    "mjai": ("mjai_jsonl", "*.json*", 3),
    "majiang": ("majiang_selfplay", "*.json", 3),
}


def _corpus_seeds() -> dict[str, list[tuple[str, bytes]]]:
    seeds: dict[str, list[tuple[str, bytes]]] = {f: [] for f in FMTS}
    if not CORPUS.exists():
        return seeds
    for fmt, (folder, pattern, k) in _CORPUS_PICKS.items():
        files = sorted(
            p
            for p in (CORPUS / folder).rglob(pattern)
            if "rules" not in p.parts and p.stat().st_size < 60_000
        )
        step = max(1, len(files) // k)
        seeds[fmt] = [(str(p.relative_to(CORPUS)), p.read_bytes()) for p in files[::step][:k]]
    return seeds


OWN = _own_seeds()
CORP = _corpus_seeds()
ALL = {f: OWN[f] + CORP[f] for f in FMTS}


# ------------------------------------------------------------------ mutations


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(0, max(1, len(data)))]


def _xml_tags(data: bytes) -> list[re.Match[bytes]]:
    return list(re.finditer(rb"<(?![?!])[^>]*>", data))


def _xml_splice(data: bytes, m: re.Match[bytes], new: bytes) -> bytes:
    return data[: m.start()] + new + data[m.end() :]


def xml_structure(data: bytes, rng: random.Random) -> bytes:
    """Delete, duplicate or swap whole tags (never the root)."""
    tags = [m for m in _xml_tags(data) if not m.group(0).startswith((b"<mjloggm", b"</mjloggm"))]
    if len(tags) < 2:
        return data
    op = rng.choice(("delete", "dup", "swap"))
    a = rng.choice(tags)
    if op == "delete":
        return _xml_splice(data, a, b"")
    if op == "dup":
        return _xml_splice(data, a, a.group(0) * 2)
    b = rng.choice(tags)
    first, second = sorted((a, b), key=lambda m: m.start())
    if first.start() == second.start():
        return data
    return (
        data[: first.start()]
        + second.group(0)
        + data[first.end() : second.start()]
        + first.group(0)
        + data[second.end() :]
    )


def xml_cut_closed(data: bytes, rng: random.Random) -> bytes:
    """Cut after a tag and close the root: well-formed XML that stops mid-game."""
    tags = [m for m in _xml_tags(data) if not m.group(0).startswith((b"<mjloggm", b"</mjloggm"))]
    if not tags:
        return data
    return data[: rng.choice(tags).end()] + b"</mjloggm>"


def xml_seat_swap(data: bytes, rng: random.Random) -> bytes:
    """A draw or discard given to another seat (``T12`` -> ``V12``): legal syntax, impossible play."""
    plays = list(re.finditer(rb"<([TUVWDEFG])(\d+)/>", data))
    if not plays:
        return data
    m = rng.choice(plays)
    letters = b"TUVW" if m.group(1) in b"TUVW" else b"DEFG"
    new = bytes([rng.choice(letters)])
    return _xml_splice(data, m, b"<" + new + m.group(2) + b"/>")


def _bad_text(rng: random.Random) -> bytes:
    return str(rng.choice(BAD_VALUES)).encode()


def xml_values(data: bytes, rng: random.Random) -> bytes:
    """Corrupt one value: a draw/discard tile, a seat, a call code, a list element or a result number."""
    tags = _xml_tags(data)
    if not tags:
        return data
    m = rng.choice(tags)
    tag = m.group(0)
    plain = re.match(rb"<([TUVWDEFG])(\d+)\s*/>", tag)
    if plain:
        tile = rng.choice((b"136", b"200", b"-1", b"x", b"1.5", b""))
        return _xml_splice(data, m, b"<" + plain.group(1) + tile + b"/>")
    attrs = list(re.finditer(rb'(\w+)="([^"]*)"', tag))
    if not attrs:
        return data
    at = rng.choice(attrs)
    name, value = at.group(1), at.group(2)
    if name in (b"who", b"oya", b"fromWho", b"paoWho"):
        new = str(rng.choice(BAD_SEATS)).encode()
    elif name == b"m":
        new = rng.choice((str(rng.randrange(0, 1 << 16)).encode(), b"-5", b"x", b"99999999"))
    elif b"," in value and rng.random() < 0.8:
        parts = value.split(b",")
        i = rng.randrange(len(parts))
        parts[i] = rng.choice((_bad_text(rng), b"x", b"" if len(parts) > 1 else b"7"))
        new = b",".join(parts) if rng.random() < 0.8 else b",".join(parts[:-1])
    else:
        new = _bad_text(rng)
    new_tag = tag[: at.start(2)] + new + tag[at.end(2) :]
    return _xml_splice(data, m, new_tag)


def _paths(obj: Any, path: tuple = ()) -> list[tuple]:
    """Every container path of a JSON value (the value's own path included)."""
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*path, i))
    return out


def _get(obj: Any, path: tuple) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def _set(obj: Any, path: tuple, value: Any) -> None:
    _get(obj, path[:-1])[path[-1]] = value


def _mutate_call(s: str, rng: random.Random) -> str:
    """A call or meld string rewritten: a digit changed, the marker moved/changed, a piece cut off."""
    op = rng.randrange(6)
    chars = list(s)
    digits = [i for i, c in enumerate(chars) if c.isdigit()]
    if op == 0 and digits:
        chars[rng.choice(digits)] = rng.choice("0123456789")
    elif op == 1:
        letters = [i for i, c in enumerate(chars) if c in CALL_LETTERS or c in "-+="]
        if letters:
            chars[rng.choice(letters)] = rng.choice("pcmkaxz-+=")
    elif op == 2:
        return s[: rng.randrange(len(s))] if s else s
    elif op == 3:
        return s + rng.choice(("99", "9", "-", "p11", "x"))
    elif op == 4:
        rng.shuffle(chars)
    else:
        return rng.choice(("p", "c", "m", "", "z9", "m123-", "p999999", "a1", "k11"))
    return "".join(chars)


def _is_call(v: Any, fmt: str) -> bool:
    if not isinstance(v, str) or not v:
        return False
    if fmt == "tenhou-json":
        return bool(_TENHOU_CALL.match(v))
    return bool(_MAJIANG_MELD.match(v)) and len(v) > 3


def json_mutate(obj: Any, rng: random.Random, fmt: str, kind: str) -> None:
    """Mutate a parsed JSON value in place (one change of the given kind)."""
    paths = _paths(obj)
    if kind == "structure":
        lists = [p for p in paths if isinstance(_get(obj, p), list) and _get(obj, p)]
        if not lists:
            return
        lst = _get(obj, rng.choice(lists))
        i = rng.randrange(len(lst))
        op = rng.choice(("delete", "dup", "swap"))
        if op == "delete":
            del lst[i]
        elif op == "dup":
            lst.insert(i, copy_json(lst[i]))
        else:
            j = rng.randrange(len(lst))
            lst[i], lst[j] = lst[j], lst[i]
        return
    leaves = [p for p in paths if p and not isinstance(_get(obj, p), dict | list)]
    if kind == "seat":
        cands = [p for p in leaves if isinstance(p[-1], str) and p[-1] in SEAT_KEYS]
        value = rng.choice(BAD_SEATS)
    elif kind == "call":
        cands = [p for p in leaves if _is_call(_get(obj, p), fmt)]
        cands += [p for p in paths if p and p[-1] == "consumed"]  # mjai
        if not cands:
            return
        p = rng.choice(cands)
        v = _get(obj, p)
        if isinstance(v, list):
            v = list(v)
            op = rng.randrange(3)
            if op == 0 and v:
                v[rng.randrange(len(v))] = rng.choice(BAD_VALUES + ("1z", "5mr", "9m"))
            elif op == 1 and v:
                v.pop()
            else:
                v.append(rng.choice(("1m", "5pr", "E")))
            _set(obj, p, v)
        else:
            _set(obj, p, _mutate_call(v, rng))
        return
    elif kind == "result":
        cands = [
            p
            for p in leaves
            if isinstance(_get(obj, p), int | float)
            and not isinstance(_get(obj, p), bool)
            and any(isinstance(k, str) and k in RESULT_KEYS for k in p)
        ]
        if fmt == "tenhou-json":  # each hand's last element is its result
            cands += [
                p
                for p in leaves
                if len(p) >= 4
                and p[0] == "log"
                and p[2] == len(_get(obj, p[:2])) - 1
                and isinstance(_get(obj, p), int)
            ]
        value = rng.choice(("x", "1000", "", None))
    else:  # "value": any leaf, tiles included
        cands = leaves
        value = rng.choice(BAD_VALUES)
    if cands:
        _set(obj, rng.choice(cands), value)


def copy_json(v: Any) -> Any:
    return json.loads(json.dumps(v))


def _json_op(fmt: str, kind: str) -> Mutation:
    def mutate(data: bytes, rng: random.Random) -> bytes:
        text = data.decode("utf-8-sig")
        if fmt == "mjai":
            lines = [ln for ln in text.split("\n") if ln.strip()]
            if kind == "structure":
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                op = rng.choice(("delete", "dup", "swap"))
                if op == "delete":
                    del lines[i]
                elif op == "dup":
                    lines.insert(i, lines[i])
                else:
                    lines[i], lines[j] = lines[j], lines[i]
            else:
                i = rng.randrange(len(lines))
                try:
                    ev = json.loads(lines[i])
                except json.JSONDecodeError:
                    return data
                json_mutate(ev, rng, fmt, kind)
                lines[i] = json.dumps(ev, ensure_ascii=False)
            return ("\n".join(lines) + "\n").encode()
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:  # JSON lines of one-hand documents
            try:
                docs = [json.loads(ln) for ln in text.split("\n") if ln.strip()]
            except json.JSONDecodeError:  # an earlier change broke it: nothing to mutate
                return data
            i = rng.randrange(len(docs))
            json_mutate(docs[i], rng, fmt, kind)
            return "\n".join(json.dumps(d, ensure_ascii=False) for d in docs).encode()
        json_mutate(obj, rng, fmt, kind)
        return json.dumps(obj, ensure_ascii=False).encode()

    mutate.__name__ = f"json_{kind}"
    return mutate


MUTATIONS: dict[str, tuple[Mutation, ...]] = {
    "tenhou-xml": (truncate, xml_structure, xml_values, xml_values, xml_cut_closed, xml_seat_swap),
    **{
        f: (truncate,) + tuple(_json_op(f, k) for k in ("structure", "value", "seat", "call", "result"))
        for f in ("tenhou-json", "mjai", "majiang")
    },
}


# ------------------------------------------------------------------ the property


def check(data: bytes, name: str, results: list | None = None) -> str:
    """Read, replay and write in every format; return 'error' or 'read'. Anything but a located
    RecordError fails. ``results`` (when given) collects the replayed games for a report."""
    try:
        records = read_bytes(data, name)
    except RecordError as e:
        assert e.file == name, f"RecordError without the file name: {e}"
        assert str(e).startswith(name), str(e)
        assert not e.reason.startswith("cannot read as"), f"a reader slipped: {e}"
        return "error"
    for i, rec in enumerate(records):
        res = replay_record(rec, game_index=i)
        assert res.source == name or res.source == rec.source
        if results is not None:
            results.append(res)
        for to in FMTS:
            check_write(rec, to, name)
    return "read"


def check_write(rec: Any, to: str, name: str) -> None:
    """A writer gives bytes that read back (or fail as a located RecordError), or refuses the game
    with a RecordError of its own: never a crash that the safety net in ``write`` had to catch."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what a format cannot carry is not the point here
        try:
            out = write(rec, to)
        except RecordError as e:
            assert str(e).startswith(name), str(e)
            assert "cannot say (" not in e.reason, f"a {to} writer slipped: {e}"
            return
    try:
        read_bytes(out, "back")
    except RecordError as e:
        assert str(e).startswith("back"), str(e)
        assert not e.reason.startswith("cannot read as"), f"our {to} output made a reader slip: {e}"


def mutated(fmt: str, seed: int) -> tuple[str, bytes, str]:
    """The seed-th mutation of a record of this format (deterministic)."""
    rng = random.Random(seed)
    name, data = rng.choice(ALL[fmt])
    ops = [rng.choice(MUTATIONS[fmt])]
    while ops[0] is not truncate and rng.random() < 0.25 and len(ops) < 4:  # sometimes several changes
        ops.append(rng.choice(MUTATIONS[fmt][1:]))
    out = data
    for op in ops:
        out = op(out, rng)
    return name, out, "+".join(op.__name__ for op in ops)


# ------------------------------------------------------------------ tests


def test_seeds_read_cleanly() -> None:
    """Every unmutated seed reads and replays (so a failure below is the mutation's doing)."""
    for fmt in FMTS:
        assert OWN[fmt], f"no own seed for {fmt}"
        for name, data in ALL[fmt]:
            assert check(data, name) == "read"


#: seeds of the fixed run per format: the fast tier's first ones, the slow tier's twin the rest
DETERMINISTIC_CASES = 300
FAST_CASES = 100


@pytest.mark.parametrize("fmt", FMTS)
def test_seeded_mutations(fmt: str) -> None:
    """A fixed run of seeded mutations per format: every outcome is a record or a located RecordError.
    The fast tier runs the first ``FAST_CASES`` seeds; ``test_many_seeded_mutations`` (slow) the rest."""
    _seeded_mutations(fmt, range(FAST_CASES))


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FMTS)
def test_many_seeded_mutations(fmt: str) -> None:
    _seeded_mutations(fmt, range(FAST_CASES, DETERMINISTIC_CASES))


def _seeded_mutations(fmt: str, seeds: range) -> None:
    outcomes = {"error": 0, "read": 0}
    for seed in seeds:
        name, data, op = mutated(fmt, seed)
        try:
            outcomes[check(data, name)] += 1
        except AssertionError:
            raise
        except Exception as e:  # noqa: BLE001 - the point: report which mutation broke what
            raise AssertionError(f"{fmt} seed {seed} ({op} of {name}): {type(e).__name__}: {e}") from e
    assert outcomes["error"] > 0  # the mutations do reach the error paths


@settings(max_examples=100, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fmt=st.sampled_from(FMTS), seed=st.integers(min_value=10_000, max_value=10**9))
def test_hypothesis_mutations(fmt: str, seed: int) -> None:
    name, data, _ = mutated(fmt, seed)
    check(data, name)


@pytest.mark.slow
def test_report_on_mutated_records(tmp_path: Path) -> None:
    """The report (frames, statistics, HTML with plots, CSV and Parquet tables) over every game the
    mutations leave readable: flagged games are reported, never a crash."""
    from paifu.analysis.report import build_report, write_html, write_table

    results: list[Any] = []
    for fmt in FMTS:
        for seed in range(60):
            name, data, _ = mutated(fmt, 2000 + seed)
            check(data, name, results)
    assert len(results) > 50 and any(not r.valid for r in results)
    report = build_report(results)
    assert len(report.frames.games) == len(results)
    write_html(report, tmp_path / "r.html")
    write_table(report.stats, tmp_path / "p.csv")
    write_table(report.frames.game_players, tmp_path / "g.parquet")
    assert (tmp_path / "r.html").stat().st_size > 1000


def test_corpus_seeded_mutations() -> None:
    """The same property over corpus records only (skipped without ../shared/corpus)."""
    corpus_dir()
    for fmt in FMTS:
        assert CORP[fmt], f"no corpus seed for {fmt}"
        for seed in range(40):
            rng = random.Random(seed)
            name, data = rng.choice(CORP[fmt])
            op = rng.choice(MUTATIONS[fmt])
            check(op(data, rng), name)


# ------------------------------------------------------------------ regressions: crashes the fuzzing found


def _own(name: str) -> bytes:
    return next(d for fmt in FMTS for n, d in OWN[fmt] if n == name)


def _json_edit(name: str, edit: Callable[[Any], Any]) -> bytes:
    obj = json.loads(_own(name))
    edit(obj)
    return json.dumps(obj, ensure_ascii=False).encode()


def _mjai_edit(name: str, line: int, edit: Callable[[dict], Any]) -> bytes:
    lines = _own(name).decode().splitlines()
    ev = json.loads(lines[line])
    edit(ev)
    lines[line] = json.dumps(ev)
    return ("\n".join(lines) + "\n").encode()


def _first_hora(name: str) -> int:
    return next(i for i, ln in enumerate(_own(name).decode().splitlines()) if '"hora"' in ln)


REGRESSIONS: list[tuple[str, str, Callable[[], bytes], str]] = [
    # tenhou.net/6: final 'sc' values not numbers (was ValueError/TypeError caught only by read_bytes)
    (
        "sc-string",
        "four-winds-abort.json",
        lambda: _json_edit("four-winds-abort.json", lambda o: o["sc"].__setitem__(2, "x")),
        "game 0: 'sc'",
    ),
    (
        "sc-infinity",
        "four-winds-abort.json",
        lambda: _json_edit("four-winds-abort.json", lambda o: o["sc"].__setitem__(0, float("inf"))),
        "game 0: 'sc'",
    ),
    # tenhou.net/6: a header 'aka' that is no number, a 'rule' that is no object
    (
        "aka-empty",
        "chankan.json",
        lambda: _json_edit("chankan.json", lambda o: o["rule"].__setitem__("aka", "")),
        "game 0: bad header",
    ),
    (
        "rule-not-object",
        "chankan.json",
        lambda: _json_edit("chankan.json", lambda o: o.__setitem__("rule", 5)),
        "game 0: bad header",
    ),
    # tenhou.net/6: a 4-player table name with three names made replay_record raise RulesetError
    (
        "disp-vs-names",
        "chankan.json",
        lambda: _json_edit("chankan.json", lambda o: o["name"].pop()),
        "game 0: bad header",
    ),
    # tenhou.net/6: a wrong-type value inside a hand names the hand and the event
    (
        "hand-score-string",
        "chankan.json",
        lambda: _json_edit("chankan.json", lambda o: o["log"][0][1].__setitem__(0, "x")),
        "game 0, hand 1, event 0",
    ),
    # mjai: an action with no actor reached the engine as seat None (TypeError in the replayer)
    (
        "actor-null",
        "four-winds-abort.mjson",
        lambda: _mjai_edit("four-winds-abort.mjson", 3, lambda e: e.__setitem__("actor", None)),
        "game 0, hand E1-0, event 4: actor None",
    ),
    (
        "target-7",
        "double-ron-head-bump-free.mjson",
        lambda: _mjai_edit(
            "double-ron-head-bump-free.mjson",
            _first_hora("double-ron-head-bump-free.mjson"),
            lambda e: e.__setitem__("target", 7),
        ),
        "game 0, hand E1-0, event",
    ),
    # mjai: a bad start_game field was caught only by read_bytes (no game, no line)
    (
        "kyoku-first",
        "kita-dora-1m-indicates-9m.jsonl",
        lambda: _mjai_edit(
            "kita-dora-1m-indicates-9m.jsonl", 0, lambda e: e.__setitem__("kyoku_first", "9z")
        ),
        "game 0, event 1: start_game",
    ),
    (
        "array-non-object",
        "chankan.mjson",
        lambda: b"[" + b",".join(_own("chankan.mjson").splitlines()[:3]) + b", 5]",
        "event 4: element 4 is not an mjai event",
    ),
    # 電脳麻将: a per-seat list of three left a seat's score None (TypeError in the replayer)
    (
        "fenpei-three",
        "chankan.paipu.json",
        lambda: _json_edit(
            "chankan.paipu.json",
            lambda o: next(ev["hule"]["fenpei"].pop() for ev in o["log"][0] if "hule" in ev),
        ),
        "game 0, hand 1, event",
    ),
    (
        "qipai-defen-three",
        "chankan.paipu.json",
        lambda: _json_edit("chankan.paipu.json", lambda o: o["log"][0][0]["qipai"]["defen"].pop()),
        "game 0, hand 1, event 0: qipai",
    ),
    # 電脳麻将: a hand string that is no string (AttributeError) and game-level fields
    (
        "shoupai-int",
        "chankan.paipu.json",
        lambda: _json_edit(
            "chankan.paipu.json", lambda o: o["log"][0][0]["qipai"]["shoupai"].__setitem__(1, 7)
        ),
        "game 0, hand 1, event 0: qipai",
    ),
    (
        "defen-empty",
        "chankan.paipu.json",
        lambda: _json_edit("chankan.paipu.json", lambda o: o["defen"].__setitem__(0, "")),
        "game 0: game end",
    ),
    (
        "point-tile",
        "chankan.paipu.json",
        lambda: _json_edit("chankan.paipu.json", lambda o: o["point"].__setitem__(0, "5mr")),
        "game 0: game end",
    ),
    (
        "qijia-7",
        "chankan.paipu.json",
        lambda: _json_edit("chankan.paipu.json", lambda o: o.__setitem__("qijia", 7)),
        "game 0: qijia 7",
    ),
    (
        "fenpei-infinity",
        "chankan.paipu.json",
        lambda: _json_edit(
            "chankan.paipu.json",
            lambda o: next(
                ev["hule"]["fenpei"].__setitem__(0, float("inf")) for ev in o["log"][0] if "hule" in ev
            ),
        ),
        "game 0, hand 1, event",
    ),
    # wrong types and marks that were read without a word (no crash, but a silent skip)
    (
        "meld-two-marks",
        "chankan.paipu.json",
        lambda: _json_edit(
            "chankan.paipu.json",
            lambda o: next(
                ev["fulou"].__setitem__("m", ev["fulou"]["m"] + "-") for ev in o["log"][0] if "fulou" in ev
            ),
        ),
        "more than one player",
    ),
    (
        "fu-string",
        "chankan.paipu.json",
        lambda: _json_edit(
            "chankan.paipu.json",
            lambda o: next(ev["hule"].__setitem__("fu", "x") for ev in o["log"][0] if "hule" in ev),
        ),
        "fu 'x' is not an integer",
    ),
    (
        "tsumogiri-number",
        "chankan.mjson",
        lambda: _mjai_edit("chankan.mjson", 3, lambda e: e.__setitem__("tsumogiri", 1.5)),
        "tsumogiri 1.5",
    ),
    (
        "pao-7",
        "chankan.mjson",
        lambda: _mjai_edit("chankan.mjson", _first_hora("chankan.mjson"), lambda e: e.__setitem__("pao", 7)),
        "hora pao 7 is not a seat",
    ),
    # a JSON record cut short said "not a game record in any known format"
    ("json-cut", "chankan.paipu.json", lambda: _own("chankan.paipu.json")[:300], "not valid JSON (cut short"),
]


@pytest.mark.parametrize(("case", "name", "make", "where"), REGRESSIONS, ids=[r[0] for r in REGRESSIONS])
def test_regressions(case: str, name: str, make: Callable[[], bytes], where: str) -> None:
    """Each crash the fuzzing found, now a RecordError naming the file and the place."""
    data = make()
    with pytest.raises(RecordError) as info:
        read_bytes(data, name)
    assert str(info.value).startswith(name)
    assert where in str(info.value), str(info.value)
    assert check(data, name) == "error"


@pytest.mark.parametrize("fmt", FMTS)
def test_truncation_is_never_silent(fmt: str) -> None:
    """A record cut short is an error or replays to findings / an incomplete game, never a clean pass."""
    rng = random.Random(fmt)
    for name, data in OWN[fmt]:
        for _ in range(8):
            cut = data[: rng.randrange(len(data) // 4, len(data) - 1)]
            if cut.strip() == data.strip():
                continue
            try:
                records = read_bytes(cut, name)
            except RecordError as e:
                assert str(e).startswith(name)
                continue
            results = [replay_record(r, game_index=i) for i, r in enumerate(records)]
            assert any(r.findings or not r.complete for r in results), f"{name} cut at {len(cut)} passed"


def test_cli_validate_mutated_folder(tmp_path: Path) -> None:
    """``paifu validate`` on a folder of mutated files: exit 1 or 2, one line per file, no traceback."""
    for fmt in FMTS:
        for seed in range(3):
            name, data, _ = mutated(fmt, 500 + seed)
            ext = {"tenhou-xml": ".xml", "mjai": ".mjson"}.get(fmt, ".json")
            (tmp_path / f"{fmt}-{seed}{ext}").write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        code = cli_main(["validate", str(tmp_path)], out=out)
    text = out.getvalue() + err.getvalue()
    assert code in (1, 2), text
    assert "Traceback" not in text
    assert "12 files" in out.getvalue()


# ------------------------------------------------------------------ every command, capped, on mutated inputs and outputs

#: the caps every command runs under here: address space and seconds (a hang or a blow-up fails)
MEMORY_CAP = 3 * 2**30
TIME_CAP = 240


def _capped_run(argv: list[str], cwd: Path) -> tuple[int, str]:
    """``paifu ARGV`` in a process under ``MEMORY_CAP`` and ``TIME_CAP``: exit code and standard error."""
    import os
    import resource
    import subprocess
    import sys

    from conftest import ROOT

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(ROOT)}
    res = subprocess.run(
        [sys.executable, "-m", "paifu", *argv],
        cwd=cwd,
        env=env,
        preexec_fn=cap,
        capture_output=True,
        text=True,
        timeout=TIME_CAP,
        stdin=subprocess.DEVNULL,
    )
    return res.returncode, res.stderr


def _mutated_folder(folder: Path, seeds: range) -> dict[Path, bytes]:
    """Mutations of every format (tenhou.net/6, mjai and 電脳麻将 as well as XML), written to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for fmt in FMTS:
        for seed in seeds:
            _, data, _ = mutated(fmt, 7000 + seed)
            ext = {"tenhou-xml": ".xml", "mjai": ".mjson"}.get(fmt, ".json")
            path = folder / f"{fmt}-{seed}{ext}"
            path.write_bytes(data)
            files[path] = data
    return files


#: output names an unlucky user or an attacker gives: odd characters, a long name, a name that is
#: an existing file, one in a folder that is a file, a dangling link, bytes that are no UTF-8
def _output_names(root: Path) -> list[str]:
    import os

    (root / "exists.html").write_text("mine")
    (root / "afile").write_text("x")
    (root / "dangling.html").symlink_to(root / "nowhere" / "x.html")
    return [
        "out put.html",
        "東風戦 -x.html",
        "-dash.html",
        "x" * 240 + ".html",
        "exists.html",
        "afile/inside.html",
        "dangling.html",
        os.fsdecode(b"caf\xe9.html"),
    ]


def _commands(inputs: Path, one: Path, out: str) -> list[list[str]]:
    stem = out.rsplit(".", 1)[0]
    return [
        ["validate", str(inputs), "-q"],
        ["validate", str(inputs), "--json"],
        ["convert", str(inputs), "--to", "tenhou-json", "-o", f"{stem}-conv/"],
        ["convert", str(one), "--to", "mjai", "-o", f"{stem}.mjson"],
        ["report", str(inputs), "--html", out, "--games", f"{stem}-g.csv", "-q"],
        ["show", str(one), "-o", out],
        ["tournament", str(one), "--html", out, "--table", f"{stem}-t.csv"],
    ]


def _check_capped(tmp_path: Path, outs: list[str], seeds: range) -> None:
    inputs = tmp_path / "in"
    files = _mutated_folder(inputs, seeds)
    one = next(p for p in sorted(files) if p.suffix == ".xml")
    one.write_bytes(next(d for n, d in OWN["tenhou-xml"]))  # a readable game for show and tournament
    files[one] = one.read_bytes()
    work = tmp_path / "work"
    work.mkdir()
    names = _output_names(work)
    for out in outs if outs else names:
        for argv in _commands(inputs, one, out):
            code, err = _capped_run(argv, work)
            where = f"{' '.join(argv)[:160]}: exit {code}: {err[-400:]}"
            assert code in (0, 1, 2), where
            assert "Traceback" not in err and "MemoryError" not in err, where
            assert all(line.strip() for line in err.splitlines()), where  # one line per problem
    assert all(p.read_bytes() == data for p, data in files.items())  # no input ever overwritten
    assert (work / "exists.html").exists()
    assert not (work.parent / "nowhere").exists()  # no link followed out of the folder
    left = [p.name for p in work.rglob("*") if p.name.endswith(".part")]
    assert not left, left  # no half-written output under any name
    for page in work.rglob("*.html"):
        if not page.is_file():  # the planted dangling link, where no run wrote
            continue
        text = page.read_text(encoding="utf-8", errors="replace")
        assert text == "mine" or text.rstrip().endswith("</html>"), page  # complete or absent


@pytest.mark.slow
def test_every_command_capped_on_mutated_records(tmp_path: Path) -> None:
    """Every command on mutated records of all four formats and a few hostile output names, under a
    memory and time cap: exit 0, 1 or 2, no traceback, inputs untouched, outputs complete or absent."""
    import os

    _check_capped(tmp_path, [os.fsdecode(b"caf\xe9 x.html")], range(2))


@pytest.mark.slow
def test_every_command_capped_on_every_output_name(tmp_path: Path) -> None:
    """The same over every hostile output name and more mutations (a few minutes)."""
    _check_capped(tmp_path, [], range(6))
