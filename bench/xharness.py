"""What the window benchmarks share: a fresh X display per program run, the
programs compared (cardgui, KPatience, AisleRiot), and readings taken from
outside a process (its memory, its CPU time, the screen it painted).

Each run gets its own Xvfb (no window manager), its own private D-Bus session
bus and its own empty HOME, so no program restores a game, shows a first-run
dialog from an old config or finds another program's services.  The session
bus starts no services on demand (no portals, no accessibility bus), the same
for all three programs; KPatience crashes without any session bus at all.

Xvfb is run with ``-fbdir``: it keeps its screen in a file in XWD format,
mapped into memory, so this module reads exactly the pixels on the screen,
as often as it likes, without asking the X server (which would compete with
the program being measured).
"""

from __future__ import annotations

import mmap
import os
import pathlib
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Sequence

SCREEN = (1280, 800)
PEER_DIRS = ["/usr/games", "/usr/local/games"]

PRIVATE_BUS = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={folder}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


# -- the programs ------------------------------------------------------------------

@dataclass(frozen=True)
class Program:
    """A program to measure: how to start it on Klondike with a fresh config."""

    name: str                       # short name used in tables: cardgui, kpat, sol
    title: str                      # what people call it
    argv: tuple[str, ...]
    window_class: str               # for ``xdotool search --class``
    env: dict[str, str] = field(default_factory=dict)


def find_peer(command: str) -> str | None:
    """The path of a peer program (games live outside root's PATH on Debian)."""
    path = os.pathsep.join([os.environ.get("PATH", ""), *PEER_DIRS])
    return shutil.which(command, path=path)


def cardgui_program(deal: int = 617, extra: Sequence[str] = ()) -> Program:
    """cardgui's window on a Klondike deal, started the way a user starts it
    (a fresh Python interpreter running ``python -m cardgui``)."""
    argv = (sys.executable, "-m", "cardgui", "klondike", "--deal", str(deal), *extra)
    return Program("cardgui", "cardgui", argv, "cardgui", {"QT_QPA_PLATFORM": "xcb"})


def peer_programs() -> list[Program]:
    """KPatience and AisleRiot, each on Klondike, where installed."""
    found = []
    kpat = find_peer("kpat")
    if kpat:
        # Without --gametype KPatience opens on its game chooser, not a table.
        found.append(Program("kpat", "KPatience", (kpat, "--gametype", "klondike"), "kpat",
                             {"QT_QPA_PLATFORM": "xcb"}))
    sol = find_peer("sol")
    if sol:
        found.append(Program("sol", "AisleRiot", (sol, "--variation", "klondike"), "sol"))
    return found


# -- reading the screen ------------------------------------------------------------

class Framebuffer:
    """Xvfb's screen, read straight from the XWD file it keeps with -fbdir."""

    def __init__(self, path: pathlib.Path) -> None:
        self._file = open(path, "rb")
        self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
        header = struct.unpack(">25I", self._map[:100])
        header_size, bits_per_pixel, self.bytes_per_line = header[0], header[11], header[12]
        self.width, self.height, colours = header[4], header[5], header[19]
        if bits_per_pixel != 32 or header[7] != 0:
            raise RuntimeError("expected a 32-bit little-endian Xvfb screen (-screen 0 WxHx24)")
        self._start = header_size + colours * 12
        self._end = self._start + self.bytes_per_line * self.height

    def grab(self) -> bytes:
        """The pixels now on the screen (a copy: about half a millisecond)."""
        return self._map[self._start:self._end]

    def grab_rows(self, first: int, last: int) -> bytes:
        """The pixels now in screen rows ``first`` to ``last - 1`` (a copy; a
        band of the screen is quicker to copy and compare than all of it)."""
        first, last = max(0, first), min(self.height, last)
        line = self.bytes_per_line
        return self._map[self._start + first * line:self._start + last * line]

    def changed_rows(self, before: bytes, after: bytes) -> list[int]:
        """The rows of the screen that differ between two grabs."""
        line = self.bytes_per_line
        return [row for row in range(self.height)
                if before[row * line:(row + 1) * line] != after[row * line:(row + 1) * line]]

    def save_png(self, pixels: bytes, path: pathlib.Path) -> None:
        """Write a grab as a PNG (to look at what was timed)."""
        from PySide6.QtGui import QImage

        image = QImage(pixels, self.width, self.height, self.bytes_per_line,
                       QImage.Format.Format_RGB32)
        if not image.save(str(path)):
            raise OSError(f"could not write {path}")

    def close(self) -> None:
        self._map.close()
        self._file.close()


# -- readings from /proc --------------------------------------------------------------

def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (and VmHWM) from /proc/<pid>/status, Pss from smaps_rollup where readable."""
    found: dict[str, int] = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0])
    try:
        for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _, value = line.partition(":")
            if key == "Pss":
                found["Pss"] = int(value.split()[0])
    except OSError:
        pass
    return found


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by all threads of the process (user + system).

    Uses the nanosecond counters in /proc/<pid>/task/*/schedstat where the
    kernel has them; else utime + stime from /proc/<pid>/stat (10 ms ticks).
    A thread that has already exited is only counted by the second; the
    programs measured keep their threads while a drag is timed.
    """
    try:
        total = 0
        for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
            total += int((task / "schedstat").read_text().split()[0])
        if total:
            return total / 1e9
    except (OSError, ValueError, IndexError):
        pass
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- one display per run --------------------------------------------------------------

class Display:
    """A fresh Xvfb with its screen in a file, a private session bus and an
    empty home; ``launch`` starts a program in it.  Everything started here
    is stopped on exit (SIGTERM, then SIGKILL after a few seconds)."""

    def __init__(self, screen: tuple[int, int] = SCREEN, cache: pathlib.Path | None = None,
                 keep: bool = False) -> None:
        self.screen = screen
        self.cache = cache                  # a cache folder kept across runs, if given
        self.keep = keep
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="cardgui-bench-"))
        self.home = self.folder / "home"
        self.name = ""
        self.env: dict[str, str] = {}
        self.framebuffer: Framebuffer | None = None
        self._server: subprocess.Popen[bytes] | None = None
        self._bus: subprocess.Popen[bytes] | None = None
        self._programs: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> "Display":
        try:
            self._start()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self) -> None:
        if shutil.which("Xvfb") is None:
            raise SystemExit("needs Xvfb (apt-get install xvfb)")
        fb = self.folder / "fb"
        fb.mkdir()
        width, height = self.screen
        self._server = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-screen", "0", f"{width}x{height}x24", "-fbdir",
             str(fb), "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self._server.stdout is not None
        number = self._server.stdout.readline().decode().strip()
        if not number.isdigit():
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"
        for folder in ("config", "data", "runtime", "bus"):
            (self.folder / folder).mkdir(mode=0o700)
        self.home.mkdir()
        (self.folder / "bus.conf").write_text(PRIVATE_BUS.format(folder=self.folder / "bus"))
        self._bus = subprocess.Popen(
            ["dbus-daemon", "--nofork", "--config-file", str(self.folder / "bus.conf"),
             "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self._bus.stdout is not None
        address = self._bus.stdout.readline().decode().strip()
        cache = self.cache or self.folder / "cache"
        cache.mkdir(parents=True, exist_ok=True)
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "DISPLAY": self.name,
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.folder / "config"),
            "XDG_DATA_HOME": str(self.folder / "data"),
            "XDG_CACHE_HOME": str(cache),
            "XDG_RUNTIME_DIR": str(self.folder / "runtime"),
            "DBUS_SESSION_BUS_ADDRESS": address,
            "CARDGUI_HOME": str(self.folder / "data" / "cardgui"),
        }
        self.framebuffer = Framebuffer(fb / "Xvfb_screen0")
        # The pointer waits in the bottom-right corner, off every window.
        self.xdotool("mousemove", str(width - 1), str(height - 1))

    @property
    def server_pid(self) -> int:
        assert self._server is not None
        return self._server.pid

    def wait_quiet(self, quiet: float, timeout: float = 30.0) -> float:
        """Wait until the screen has not changed for ``quiet`` seconds; returns
        the seconds waited.  Raises RuntimeError after ``timeout``."""
        assert self.framebuffer is not None
        began = changed = time.perf_counter()
        last = self.framebuffer.grab()
        while True:
            time.sleep(0.01)
            now = time.perf_counter()
            frame = self.framebuffer.grab()
            if frame != last:
                last, changed = frame, now
            elif now - changed >= quiet:
                return now - began
            if now - began > timeout:
                raise RuntimeError(f"the screen kept changing for {timeout} s")

    def xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.name},
                              capture_output=True, text=True, timeout=60).stdout.strip()

    def launch(self, program: Program, extra_env: dict[str, str] | None = None
               ) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(program.argv, env={**self.env, **program.env,
                                                      **(extra_env or {})},
                                   cwd=self.home, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        self._programs.append(process)
        return process

    def window_of(self, program: Program, timeout: float = 20.0) -> str:
        """The id of the program's visible top-level window."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.xdotool("search", "--onlyvisible", "--class", program.window_class)
            if found:
                return found.split()[0]
            time.sleep(0.05)
        raise RuntimeError(f"{program.name}: no window appeared")

    def window_geometry(self, window: str) -> tuple[int, int, int, int]:
        """x, y, width, height of a window on the screen."""
        values = dict(line.split("=", 1) for line in
                      self.xdotool("getwindowgeometry", "--shell", window).splitlines()
                      if "=" in line)
        return (int(values["X"]), int(values["Y"]), int(values["WIDTH"]),
                int(values["HEIGHT"]))

    def __exit__(self, *exc: object) -> None:
        for process in self._programs:
            stop(process, group=True)
        if self.framebuffer is not None:
            self.framebuffer.close()
        for service in (self._bus, self._server):
            if service is not None:
                stop(service)
        if not self.keep:
            shutil.rmtree(self.folder, ignore_errors=True)


def stop(process: subprocess.Popen[bytes], grace: float = 5.0, group: bool = False) -> None:
    """Ask a process to end (with ``group``: every process of the session it
    leads, which ``Display.launch`` made for it); kill it if it will not."""
    def send(sig: int) -> None:
        try:
            if group:
                os.killpg(process.pid, sig)
            else:
                process.send_signal(sig)
        except ProcessLookupError:
            pass

    if process.poll() is None:
        send(signal.SIGTERM)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            send(signal.SIGKILL)
            process.wait(timeout=grace)
    if group:
        send(signal.SIGKILL)          # helpers it started and left behind


# -- figures ------------------------------------------------------------------------

def summary(values: Sequence[float]) -> tuple[float, float, float]:
    """median, min, max"""
    return statistics.median(values), min(values), max(values)


def spread(values: Sequence[float]) -> str:
    """How noisy a series is: the range as a percentage of the median."""
    median = statistics.median(values)
    if len(values) < 2 or not median:
        return "-"
    return f"±{(max(values) - min(values)) / 2 / median * 100:.0f}%"


def ratio(mine: float | None, theirs: float | None) -> str:
    if mine is None or not theirs:
        return "-"
    return f"{mine / theirs:.2f}"
