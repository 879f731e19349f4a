"""The measurements of a run as JSON: .cache/bench/results.json (or `--json FILE`). The report is
written from this file, and `bench/run --report-only` rewrites the report from it.

One file holds each suite's latest results under its own key ("core": §1–§6, "hls": §7), as
RESULTS.md keeps each section: a run replaces only its own. Measured objects (measure.Run, and
hls.Request / hls.PlayerRun) are stored as their attributes plus "_type" and come back as the
same classes; tuples come back as lists, which everything reading them only iterates or unpacks.
"""

import json
import os

from . import hls
from .measure import Run

# The classes a result may hold, by the name stored under TYPE_KEY.
TYPES = {"Run": Run, "Request": hls.Request, "PlayerRun": hls.PlayerRun}
TYPE_KEY = "_type"


def _encode(value):
    for name, cls in TYPES.items():
        if type(value) is cls:
            return {TYPE_KEY: name, **vars(value)}
    raise TypeError(f"{type(value).__name__} has no place in the results")


def _decode(fields):
    cls = TYPES.get(fields.get(TYPE_KEY))
    if cls is None:
        return fields
    # The attributes as they were measured: __init__ would derive them again (Run's None for a
    # failed run's measures) from arguments that are not stored.
    value = cls.__new__(cls)
    value.__dict__.update((key, item) for key, item in fields.items() if key != TYPE_KEY)
    return value


def load(path):
    """{suite: results} from `path`; {} when there is no such file."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f, object_hook=_decode)


def save(path, suite, results):
    """Stores `results` as `suite`'s in `path`, keeping the other suites' results."""
    try:
        stored = load(path)
    except ValueError:
        # An unreadable file (cut short, or another format) must not cost this run its results.
        stored = {}
    stored[suite] = results
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    # Written whole beside it, then renamed: an interrupted write leaves the last complete file.
    temporary = path + ".tmp"
    with open(temporary, "w") as f:
        json.dump(stored, f, default=_encode, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(temporary, path)
