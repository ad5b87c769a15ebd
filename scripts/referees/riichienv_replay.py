"""Replays mjai logs with riichienv (``MjaiReplay``) and values every win with its own evaluator. Runs in the
referee's own environment. Input (stdin): one mjai log path per line; output: one JSON line per log,
``{"error": ...}`` or ``{"wins": [[seat, han, fu, ron, tsumo_dealer, tsumo_other, is_win, yaku names], ...]}``.
"""

import json
import sys

import riichienv  # type: ignore[import-not-found]

for raw in sys.stdin:
    path = raw.strip()
    if not path:
        continue
    try:
        wins = []
        for kyoku in riichienv.MjaiReplay.from_jsonl(path).take_kyokus():
            for ctx in kyoku.take_win_result_contexts():
                w = ctx.calculate(ctx.create_calculator())
                names = [riichienv.get_yaku_by_id(y).name for y in w.yaku]
                wins.append(
                    [ctx.seat, w.han, w.fu, w.ron_agari, w.tsumo_agari_oya, w.tsumo_agari_ko, w.is_win, names]
                )
        out: dict = {"wins": wins}
    except BaseException as e:  # its parser raises its own errors (and panics) as exceptions
        text = str(e).strip()
        out = {"error": f"{type(e).__name__}: {text.splitlines()[0] if text else ''}"[:300]}
    print(json.dumps(out), flush=True)
