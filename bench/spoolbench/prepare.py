"""Preparing a run: the Debian packages the benchmarks need beyond scripts/bootstrap's, the
release build of spool that is measured, and bench/present-probe.c (the LD_PRELOAD probe that
timestamps the frames spool's video output takes, for the real-time A/V sync line)."""

import os
import shutil
import subprocess

from . import hls
from .common import CACHE, ROOT, log

# Bench-only Debian packages (the rest — ffmpeg, pulseaudio, nginx — comes from scripts/bootstrap).
BENCH_PACKAGES = ["mpv", "pulseaudio-utils"] + hls.GST_PACKAGES


def ensure_packages():
    subprocess.run([os.path.join(ROOT, "scripts", "bootstrap")], check=True)
    missing = []
    for package in BENCH_PACKAGES:
        status = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True
        ).stdout
        if status != "install ok installed":
            missing.append(package)
    if not missing:
        return
    log(f"installing {' '.join(missing)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
        check=True, env=env, stdout=subprocess.DEVNULL,
    )


# The build a user installs (`make release`): optimised, with the Swift runtime and Foundation
# linked in statically, as Swift executables are deployed on Linux. Resolving the dynamic
# Swift libraries' symbols at start-up was a third of a first frame's process time.
# The link flags are the Makefile's RELEASE_LINK (lld, packed relative relocations).
RELEASE_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "spool",
                 "-Xswiftc", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]


def build_spool():
    log("building spool (release, static Swift runtime, warnings as errors)")
    subprocess.run(RELEASE_BUILD + ["-Xswiftc", "-warnings-as-errors"], cwd=ROOT, check=True)
    bin_dir = subprocess.run(
        RELEASE_BUILD + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return os.path.join(bin_dir, "spool")


def compiler():
    for name in ("cc", "gcc", "clang"):
        if shutil.which(name):
            return shutil.which(name)
    swift = shutil.which("swift")
    if swift and os.path.exists(os.path.join(os.path.dirname(swift), "clang")):
        return os.path.join(os.path.dirname(swift), "clang")
    return None


def build_probe():
    source = os.path.join(ROOT, "bench", "present-probe.c")
    target = os.path.join(CACHE, "present-probe.so")
    if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(source):
        return target
    cc = compiler()
    if cc is None:
        return None
    result = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", target, source, "-ldl", "-lpthread"])
    return target if result.returncode == 0 else None
