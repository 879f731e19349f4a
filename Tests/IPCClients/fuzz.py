# Sends 10,000 random and malformed lines to `spool play --input-ipc-server=SOCKET` (random
# bytes, truncated JSON, wrong types, huge numbers, unknown commands, deep nesting, one line
# over the length limit), reading every reply as it goes. Checks: each line that mpv answers
# (starting with "{") gets exactly one reply, every reply is a JSON object with an "error",
# and afterwards the player still answers and time-pos has advanced. Prints OK or FAIL.
import json
import os
import random
import socket
import sys
import threading
import time

socket_path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)


def fail(message):
    print("FAIL: " + message, flush=True)
    os._exit(1)


deadline = time.monotonic() + 30
while not os.path.exists(socket_path):
    if time.monotonic() > deadline:
        fail("no socket")
    time.sleep(0.05)
sock = socket.socket(socket.AF_UNIX)
sock.connect(socket_path)

replies = []
bad = []
lock = threading.Lock()
arrived = threading.Condition(lock)


def reader():
    buffer = b""
    while True:
        data = sock.recv(1 << 16)
        if not data:
            return
        buffer += data
        *lines, buffer = buffer.split(b"\n")
        with arrived:
            for line in lines:
                try:
                    message = json.loads(line)
                except ValueError:
                    bad.append(line[:200])
                    continue
                if "event" not in message:
                    replies.append(message)
            arrived.notify_all()


threading.Thread(target=reader, daemon=True).start()

safe_properties = ["volume", "speed", "mute", "aid", "sid", "vid", "time-pos", "duration", "filename",
                   "track-list", "playlist", "percent-pos", "no-such", "", "pause\u0000x"]
values = [None, True, False, 0, -1, 1.5, 1e308, -1e308, 10 ** 30, "yes", "no", "", [], {}, [[[]]],
          {"a": 1}, "\u00e9\ud83c\udfb5", 2 ** 63, -(2 ** 63) - 1]


def random_value():
    return rng.choice(values)


def random_request():
    kind = rng.randrange(9)
    if kind == 0:
        command = ["get_property", rng.choice(safe_properties)]
    elif kind == 1:
        command = ["set_property", rng.choice(["volume", "speed", "mute", "aid", "sid", "duration", "nope"]),
                   random_value()]
    elif kind == 2:
        command = ["seek", rng.choice([1e400, 1e308, -1e308, 5, -3, "x", None, [], 10 ** 40]),
                   rng.choice(["relative", "absolute", "absolute-percent", "bogus", 7, "exact+absolute"])]
    elif kind == 3:
        command = [rng.choice(["frobnicate", "", "QUIT", "loadfilex", "playlist_next", "\u0000"])]
    elif kind == 4:
        command = [rng.choice(["observe_property", "unobserve_property", "cycle", "add"]),
                   rng.choice([1, "x", 2.5, None]), rng.choice(["volume", "mute", "sid", 3])]
    elif kind == 5:
        command = rng.choice([None, 5, "get_property", {}, [], [1, 2], [None]])
    elif kind == 6:
        command = [random_value() for _ in range(rng.randrange(5))]
    elif kind == 7:
        command = ["get_property", "time-pos", random_value()]
    else:
        command = ["client_name"]
    message = {"command": command}
    if rng.random() < 0.7:
        message["request_id"] = rng.choice([rng.randrange(1 << 31), "id", None, 1.5, [1], 2 ** 70])
    return json.dumps(message)


def random_line():
    kind = rng.randrange(7)
    if kind == 0:
        return bytes(rng.choice([b for b in range(256) if b != 10]) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        text = random_request()
        return text[: rng.randrange(1, len(text))].encode()
    if kind == 2:
        depth = rng.choice([49, 51, 200, 10000])
        return ('{"command":' + "[" * depth + "]" * depth + "}").encode()
    if kind == 3:
        return rng.choice([b"", b"   ", b"# comment", b"{", b"}", b"{}", b"{\"command\":[]}", b"null", b"[1]",
                           b"{\"command\":[\"get_property\",\"volume\"],\"request_id\":1e999}",
                           b"{\"command\":[\"get_property\",\"volume\"]} trailing", b"\xff\xfe{"])
    if kind == 4:
        return rng.choice([b"set volume 50", b"cycle mute", b"frobnicate", b"seek 1e999", b"set speed x",
                           b"'unterminated", b"\"unterminated", b"add volume -3"])
    return random_request().encode()


def expects_reply(line):
    return line.lstrip(b" \t\r")[:1] == b"{"


expected = 0
started = time.monotonic()
batch = []
for index in range(10000):
    line = random_line()
    expected += expects_reply(line)
    batch.append(line + b"\n")
    if len(batch) == 100:
        sock.sendall(b"".join(batch))
        batch = []
# One line over the limit (5 MiB), answered with an error and dropped.
sock.sendall(b'{"command":["get_property","' + b"x" * (5 << 20) + b'"]}\n')
expected += 1
with arrived:
    if not arrived.wait_for(lambda: len(replies) >= expected, timeout=120):
        fail("%d replies for %d answerable lines" % (len(replies), expected))
elapsed = time.monotonic() - started
if bad:
    fail("lines that are not JSON: %r" % bad[:3])
if any(not isinstance(r, dict) or "error" not in r for r in replies):
    fail("a reply without error")
if not any(r.get("error") == "success" for r in replies):
    fail("no command succeeded")
if replies[-1] != {"error": "invalid parameter"}:
    fail("the over-long line got %r" % replies[-1])


def ask(command):
    with arrived:
        count = len(replies)
    sock.sendall(json.dumps({"command": command, "request_id": 4242}).encode() + b"\n")
    with arrived:
        if not arrived.wait_for(lambda: len(replies) > count, timeout=30):
            fail("no reply to %r" % (command,))
        return replies[count]


ask(["set_property", "pause", False])
ask(["set_property", "speed", 1])
before = ask(["get_property", "time-pos"])
time.sleep(1.0)
after = ask(["get_property", "time-pos"])
if before.get("error") != "success" or after.get("error") != "success" or before.get("request_id") != 4242:
    fail("time-pos replies %r, %r" % (before, after))
# Playing on: later in the same pass, or (--loop inf) into the next one, which starts at 0.
if after["data"] == before["data"]:
    fail("time-pos did not advance: %r then %r" % (before["data"], after["data"]))
print("OK %d lines, %d replies, %.1f s" % (10001, len(replies), elapsed), flush=True)
os._exit(0)
