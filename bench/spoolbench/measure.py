"""Running one process and measuring it from outside, and running tools in interleaved rounds.

Wall time is taken from fork to reap, CPU time (user + system) and peak RSS from the kernel's
rusage of the reaped child (wait4, what /usr/bin/time -v prints). Nothing here trusts a tool's
own report of its speed.
"""

import json
import os
import subprocess
import tempfile
import threading
import time

from .common import log


class Run:
    def __init__(self, wall, user, system, max_rss_kb, returncode, stdout, stderr, timed_out):
        # A failed run counts for nothing: its measures are None, and it is reported as failed.
        self.ok = returncode == 0 and not timed_out
        self.wall = wall if self.ok else None
        self.cpu = user + system if self.ok else None
        self.max_rss_kb = max_rss_kb if self.ok else None
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out

    def stats(self):
        """spool's --stats object (the last JSON line on stdout), or {}."""
        for line in reversed(self.stdout.splitlines()):
            line = line.strip()
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except json.JSONDecodeError:
                    return {}
        return {}


def measure(command, timeout=300, env=None):
    """Runs `command` with no stdin; wall time fork→reap, rusage of the reaped child."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   env=env, start_new_session=True)
        timed_out = []

        def kill():
            timed_out.append(True)
            try:
                os.killpg(process.pid, 9)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss, process.returncode,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"), bool(timed_out))


def interleave(tools, reps, label):
    """tools: [(name, command-or-callable)]. Runs every tool once per round, rotating who goes
    first, `reps` rounds. Returns {name: [Run]}."""
    runs = {name: [] for name, _ in tools}
    for rep in range(reps):
        order = tools[rep % len(tools):] + tools[:rep % len(tools)]
        for name, command in order:
            run = command() if callable(command) else measure(command)
            if run.returncode != 0 or run.timed_out:
                log(f"{label}: {name} failed (exit {run.returncode}{', timed out' if run.timed_out else ''}): "
                    f"{run.stderr.strip()[-300:]}")
            runs[name].append(run)
        log(f"{label}: round {rep + 1}/{reps} done")
    return runs
