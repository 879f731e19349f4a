# The checks every IPC client script here makes: a failed check prints FAIL with its message
# (and whatever `diagnostics` prints), quits the player through the socket so the test does not
# wait out its timeout, and exits 1; a wait polls its condition until it holds or times out.
import os
import socket
import time


class Checks:
    def __init__(self, socket_path, timeout=30, interval=0.02, ignoring=(), diagnostics=None):
        self.socket_path = socket_path
        self.timeout = timeout
        self.interval = interval
        # Errors a waited-on condition may raise while the state it reads is not there yet.
        self.ignoring = tuple(ignoring)
        self.diagnostics = diagnostics

    def fail(self, message):
        print("FAIL: " + message, flush=True)
        if self.diagnostics is not None:
            try:
                self.diagnostics()
            except Exception as error:  # what the script saw is a help, never a second failure
                print("(diagnostics failed: %r)" % error, flush=True)
        try:
            raw = socket.socket(socket.AF_UNIX)
            raw.settimeout(5)
            raw.connect(self.socket_path)
            raw.sendall(b'{"command":["quit",1]}\n')
            raw.recv(4096)
        except OSError:
            pass
        os._exit(1)

    def check(self, condition, message):
        if not condition:
            self.fail(message)

    def wait_until(self, condition, what, timeout=None):
        """`what` names the wait; a function is called for the name when the wait fails."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            try:
                if condition():
                    return
            except self.ignoring:
                pass
            if time.monotonic() > deadline:
                self.fail("timed out waiting for " + (what() if callable(what) else what))
            time.sleep(self.interval)
