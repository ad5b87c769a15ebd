"""Temporary files removed even after ``kill -9``: a watcher process that outlives the run.

``paifu.outfiles`` names each temporary file and folder it makes (``.paifu-XXXX.part``) to the
watcher before it exists and again when it is renamed or removed. The watcher reads those names on
a pipe; when the pipe closes (the run ended, however it ended) it removes what is still there. Only
names of our temporary files are ever removed. Used by the command line only
(``cleanup_after_kill``): a library caller's process needs no second process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from paifu.formats.walk import TEMP_PREFIX, TEMP_SUFFIX

#: the watcher: reads "+HEX" (a temporary path made) and "-HEX" (renamed or removed) lines; when its
#: input ends (the run is over, however it ended) it removes what is still there. Only names of our
#: temporary files are ever removed.
_WATCHER = r"""
import os, shutil, signal, sys
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGQUIT):
    signal.signal(s, signal.SIG_IGN)
live = set()
for line in sys.stdin.buffer:
    try:
        path = bytes.fromhex(line[1:].strip().decode("ascii"))
    except ValueError:
        continue
    (live.add if line[:1] == b"+" else live.discard)(path)
for path in live:
    name = os.path.basename(path)
    if not (name.startswith(PREFIX) and name.endswith(SUFFIX)):
        continue
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.unlink(path)
        except OSError:
            pass
"""
_watcher: int | None = None  # the pipe to the watcher
_watching = False


def cleanup_after_kill() -> None:
    """From now on, the temporary files and folders this process makes are removed even if it is
    killed (``kill -9``, an out-of-memory kill) before it can remove them: a watcher process, started
    with the first of them, in a session of its own (a Ctrl-C or a signal to the process group does
    not reach it), removes what is left when this process's end closes the pipe it reads."""
    global _watching
    _watching = True


def _start_watcher() -> int:
    """The watcher started; the pipe to it. Never waited for: it ends after this process."""
    code = _WATCHER.replace("PREFIX", repr(TEMP_PREFIX.encode())).replace(
        "SUFFIX", repr(TEMP_SUFFIX.encode())
    )
    argv = [sys.executable, "-I", "-S", "-c", code]
    r, w = os.pipe()  # neither end is inherited: the read end becomes the watcher's standard input
    try:
        if hasattr(os, "posix_spawn"):
            quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
            os.posix_spawn(
                sys.executable,
                argv,
                os.environ,
                file_actions=[(os.POSIX_SPAWN_DUP2, r, 0), *quiet],
                setsid=True,
            )
        else:  # pragma: no cover - no posix_spawn (Windows)
            subprocess.Popen(argv, stdin=r, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except BaseException:
        os.close(w)
        raise
    finally:
        os.close(r)
    return w


def _send(line: bytes) -> None:
    global _watcher, _watching
    if not _watching:
        return
    try:
        if _watcher is None:
            _watcher = _start_watcher()
        os.write(_watcher, line)  # one short line: written whole
    except OSError:  # no process to spare, or the watcher is gone: the run's own clean-up still holds
        _watching = False


def watch(tmp: Path) -> None:
    """The watcher told a temporary path is about to exist."""
    _send(b"+" + os.fsencode(os.path.abspath(tmp)).hex().encode() + b"\n")


def forget(tmp: Path) -> None:
    """The watcher told a temporary path is gone (renamed or removed)."""
    _send(b"-" + os.fsencode(os.path.abspath(tmp)).hex().encode() + b"\n")
