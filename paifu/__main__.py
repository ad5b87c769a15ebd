"""``python -m paifu`` and the ``paifu`` command (``run``)."""

from __future__ import annotations


def run() -> int:
    """The ``paifu`` command. The stop signals raise from its first moment, before the command's
    modules load (``paifu.stopping``): a run stopped while it starts says so in one line and exits
    with 128 + the signal, as one stopped later does."""
    import sys

    from paifu.stopping import signal_name, stop_behind, stop_on_signals

    stop_on_signals()
    try:
        from paifu.cli import main
    except (KeyboardInterrupt, Exception) as e:  # or an error a class body made of a KeyboardInterrupt
        signum = stop_behind(e)
        if signum is None:
            raise
        sys.stderr.write(f"paifu: interrupted ({signal_name(signum)}) while starting: nothing done\n")
        return 128 + signum
    return main()


if __name__ == "__main__":
    raise SystemExit(run())
