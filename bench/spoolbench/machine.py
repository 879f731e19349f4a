"""The facts about the machine, the tools and the commit that the report's **Machine:** line
states."""

import datetime
import os
import platform
import subprocess

from .common import ROOT


def first_line(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


def machine_line(caps):
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(f.readline().split()[1])
    debian = open("/etc/debian_version").read().strip() if os.path.exists("/etc/debian_version") else "?"
    ffmpeg = first_line(["ffmpeg", "-version"]).split(" Copyright")[0]
    mpv = first_line(["mpv", "--version"]).split(" Copyright")[0]
    swift = first_line(["swift", "--version"])
    commit = first_line(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no", "--",
                            "Sources", "Package.swift"],
                           capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()
    return (f"{cpu}, {os.cpu_count()} cores (shared with other jobs; load average at the end "
            f"{load[0]:.2f}), {mem_kb / 1024 / 1024:.1f} GiB RAM, Linux {platform.release()}, "
            f"Debian {debian}; {ffmpeg} (ffplay the same build), {mpv}, {caps['version']} "
            f"(commit {commit}{' + local changes' if dirty else ''}), {swift}; "
            f"report written {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}")
