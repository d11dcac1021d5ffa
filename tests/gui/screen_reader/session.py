#!/usr/bin/python3
"""Run cardgui's window under Xvfb with a private D-Bus session and AT-SPI
bus, read it as a screen reader does with ``reader.py``, tear everything
down, and print one JSON document.

    /usr/bin/python3 session.py --app-python .venv/bin/python \
        --app-args "klondike --deal 617" --keys "Down Tab a s" [--orca]

With ``--orca`` the real Orca (Debian's) runs too, with a debug log, and the
JSON gets "orca_speech": what Orca said, in order (its SPEECH OUTPUT lines).

Standard library only (it runs under the system Python, which has pyatspi).
Exit codes: 0 ran (see JSON "reader"), 77 skipped (JSON "skip" says why),
1 harness failure.  Every process it starts, and every orphan they leave (it
makes itself a child subreaper), is ended and reaped before it exits.
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SYSTEM_PY = "/usr/bin/python3"
PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
ORCA_CATCH_UP = 3.0      # seconds Orca may still be working through its queue of events


def _pdeathsig():  # children die with us even if we are SIGKILLed
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except Exception:
        pass


def missing_prerequisites(app_python: str) -> str | None:
    for tool in ("Xvfb", "dbus-daemon", "dbus-send", "xdotool"):
        if shutil.which(tool) is None:
            return f"{tool} not installed"
    if not os.access(BUS_LAUNCHER, os.X_OK):
        return f"{BUS_LAUNCHER} missing (Debian package at-spi2-core)"
    if not os.access("/usr/libexec/at-spi2-registryd", os.X_OK):
        return "at-spi2-registryd missing (Debian package at-spi2-core)"
    r = subprocess.run([SYSTEM_PY, "-c", "import gi; gi.require_version('Atspi','2.0'); import pyatspi"],
                       capture_output=True, text=True, timeout=30)
    if r.returncode != 0:
        return "pyatspi not importable by /usr/bin/python3 (python3-pyatspi, gir1.2-atspi-2.0)"
    r = subprocess.run([app_python, "-c", "import PySide6.QtWidgets, cardgui"],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        return f"cardgui and PySide6 not importable by {app_python}"
    return None


def _read_line_from_fd(fd: int, timeout: float) -> str:
    buf = b""
    deadline = time.monotonic() + timeout
    while b"\n" not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out waiting for a line on fd")
        r, _, _ = select.select([fd], [], [], left)
        if not r:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        buf += chunk
    return buf.decode().strip()


class Session:
    def __init__(self, workdir: str):
        self.workdir = workdir
        self.procs: list[tuple[str, subprocess.Popen]] = []
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("DBUS_", "AT_SPI", "QT_", "XDG_RUNTIME", "DISPLAY",
                                         "WAYLAND"))}
        runtime = os.path.join(workdir, "runtime")
        os.makedirs(runtime, mode=0o700)
        self.env["XDG_RUNTIME_DIR"] = runtime  # at-spi-bus-launcher puts its socket here
        self.env["NO_AT_BRIDGE"] = "0"

    def _spawn(self, name, argv, pass_fds=(), stdout=None, stderr=None, env=None):
        p = subprocess.Popen(argv, env=env or self.env, pass_fds=pass_fds,
                             stdout=stdout if stdout is not None else subprocess.DEVNULL,
                             stderr=stderr if stderr is not None else subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, preexec_fn=_pdeathsig)
        self.procs.append((name, p))
        return p

    def start_x(self, timeout=15):
        r, w = os.pipe()
        self._spawn("Xvfb", ["Xvfb", "-displayfd", str(w), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(w,))
        os.close(w)
        try:
            disp = _read_line_from_fd(r, timeout)
        finally:
            os.close(r)
        self.env["DISPLAY"] = f":{disp}"
        return self.env["DISPLAY"]

    def start_session_bus(self, timeout=10):
        r, w = os.pipe()
        self._spawn("dbus-session", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                     f"--print-address={w}"], pass_fds=(w,))
        os.close(w)
        try:
            addr = _read_line_from_fd(r, timeout)
        finally:
            os.close(r)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = addr
        return addr

    def start_atspi(self, timeout=15):
        self._spawn("at-spi-bus-launcher", [BUS_LAUNCHER, "--launch-immediately"])
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = subprocess.run(["dbus-send", "--session", "--print-reply=literal",
                                "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                               env=self.env, capture_output=True, text=True, timeout=5)
            if r.returncode == 0 and r.stdout.strip():
                addr = r.stdout.strip()
                self.env["AT_SPI_BUS_ADDRESS"] = addr  # honoured by libatspi and by Qt
                # what a desktop does when a screen reader runs (read by Qt & GTK)
                if os.environ.get("ATSPI_SESSION_NO_ISENABLED"):  # for experiments only
                    return addr
                subprocess.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status",
                                "string:IsEnabled", "variant:boolean:true"],
                               env=self.env, capture_output=True, timeout=5)
                return addr
            time.sleep(0.2)
        raise TimeoutError("org.a11y.Bus did not appear on the session bus")

    def app_env(self, extra=None):
        env = dict(self.env)
        env.update({
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",  # bridge on even if no AT is running
            "QT_ACCESSIBILITY": "1",                  # (Qt5 name, harmless on Qt6)
            "QT_LOGGING_RULES": "qt.accessibility.atspi.warning=true",
        })
        for k, v in (extra or {}).items():  # KEY= (empty) removes KEY
            if v == "":
                env.pop(k, None)
            else:
                env[k] = v
        return env

    def kill_all(self):
        # 1) our direct children, newest first: SIGTERM, then SIGKILL
        for _, p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
        deadline = time.monotonic() + 5
        for _, p in reversed(self.procs):
            try:
                p.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        # 2) orphans re-parented to us (we are a subreaper): e.g. at-spi2-registryd,
        #    which the accessibility bus daemon activates and which detaches.
        for _ in range(3):
            orphans = children_of(os.getpid())
            if not orphans:
                break
            for pid in orphans:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            time.sleep(0.5)
            for pid in children_of(os.getpid()):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            reap()
        # 3) reap zombies (children_of() skips them) so nothing is left to PID 1
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            reap()
            try:
                os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            time.sleep(0.1)


def start_orca(sess, workdir, timeout=30):
    """Start Orca on the session's buses, with a fresh home and a debug log;
    return once it listens for focus events."""
    if shutil.which("orca") is None:
        raise OSError("orca is not installed")
    home = os.path.join(workdir, "orca-home")
    os.makedirs(home)
    silent_sound_card(home)
    env = dict(sess.env, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local/share"), GTK_A11Y="none")
    log = os.path.join(workdir, "orca.log")
    sess._spawn("orca", ["orca", "--replace", "--debug-file", log,
                         "-u", os.path.join(home, "orca-prefs")], env=env,
                stdout=open(os.path.join(workdir, "orca.out"), "w"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(log) and "object:state-changed:focused" in open(
                log, errors="replace").read():
            time.sleep(1.0)
            return
        time.sleep(0.3)
    raise TimeoutError("orca did not start")


def wait_for_orca_to_read_the_window(workdir, timeout=60):
    """Let Orca take up the new window (it says its title) before the keys
    come: on a busy machine it may lag seconds behind the application."""
    log = os.path.join(workdir, "orca.log")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any("SPEECH OUTPUT" in line and "cardgui frame" in line
               for line in open(log, errors="replace")):
            time.sleep(1.0)
            return
        time.sleep(0.3)


def silent_sound_card(home):
    """Give Orca's speech a sound card that takes everything and plays nothing.

    Orca speaks through speech-dispatcher.  Installed with its recommended
    packages, speech-dispatcher has a voice (espeak-ng), which opens the
    default sound device; on a machine with neither a sound card nor a sound
    server it blocks there, and Orca, waiting for it, stops reading anything
    (its last words: the window's title).  Installed without them, it has no
    voice, refuses to start, and Orca reads on with no speech server.  With
    ALSA's null device as the default (in this private home's .asoundrc) and
    speech-dispatcher told to play through ALSA, speech works either way; the
    test reads what Orca meant to say, from its debug log."""
    with open(os.path.join(home, ".asoundrc"), "w") as alsa:
        alsa.write("pcm.!default { type null }\n")
    config = os.path.join(home, ".config", "speech-dispatcher")
    os.makedirs(config)
    with open(os.path.join(config, "speechd.conf"), "w") as speechd:
        speechd.write('AudioOutputMethod "alsa"\nDefaultModule espeak-ng\n'
                      'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n')


def stop_orca(sess):
    """End Orca as Ctrl+C does, so that its debug log is written out whole
    (it is buffered, and lost on SIGTERM)."""
    for name, process in sess.procs:
        if name == "orca" and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def orca_speech(workdir):
    """What Orca said, from its debug log."""
    log = os.path.join(workdir, "orca.log")
    if not os.path.exists(log):
        return []
    return [line.strip() for line in open(log, errors="replace") if "SPEECH OUTPUT" in line]


def children_of(ppid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == ppid and fields[0] != "Z":
                out.append(int(d))
        except (OSError, IndexError, ValueError):
            pass
    return out


def reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app-python", required=True)
    parser.add_argument("--app-args", default="klondike --deal 617")
    parser.add_argument("--keys", default="")
    parser.add_argument("--timeout", type=float, default=90)
    parser.add_argument("--orca", action="store_true", help="run the real Orca too")
    args = parser.parse_args()

    reason = missing_prerequisites(args.app_python)
    if reason:
        print(json.dumps({"skip": reason}))
        return 77
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1)
    except Exception:
        pass
    workdir = tempfile.mkdtemp(prefix="cardgui-atspi-")
    sess = Session(workdir)

    def on_signal(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")
    signal.signal(signal.SIGTERM, on_signal)

    result = {}
    started = time.monotonic()
    try:
        sess.start_x()
        sess.start_session_bus()
        sess.start_atspi()
        if args.orca:
            start_orca(sess, workdir)
        home = os.path.join(workdir, "cardgui-home")
        os.makedirs(home)
        app_err = open(os.path.join(workdir, "app.stderr"), "w")
        app = sess._spawn("cardgui", [args.app_python, "-X", "faulthandler", "-m", "cardgui",
                                      *args.app_args.split()],
                          env=sess.app_env({"CARDGUI_HOME": home,
                                            "CARDGUI_NO_ANIMATION": "1"}),
                          stdout=app_err, stderr=app_err)
        if args.orca:
            wait_for_orca_to_read_the_window(workdir)
        reader = [SYSTEM_PY, os.path.join(HERE, "reader.py"), "--app", "cardgui",
                  "--timeout", "30", "--keys", args.keys]
        try:
            run = subprocess.run(reader, env=sess.env, capture_output=True, text=True,
                                 timeout=max(5, args.timeout - (time.monotonic() - started)),
                                 preexec_fn=_pdeathsig)
            try:
                result["reader"] = json.loads(run.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                result["reader_stdout"] = run.stdout[-4000:]
            result["reader_stderr"] = run.stderr[-4000:]
        except subprocess.TimeoutExpired:
            result["reader"] = {"errors": ["the reader timed out"]}
        if args.orca:
            time.sleep(ORCA_CATCH_UP)
        if app.poll() is None:
            app.terminate()
            try:
                app.wait(5)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        app_err.close()
        with open(os.path.join(workdir, "app.stderr")) as stream:
            result["app_stderr"] = stream.read()[-4000:]
        if args.orca:
            stop_orca(sess)
            result["orca_speech"] = orca_speech(workdir)
        code = 0
    except (TimeoutError, OSError, KeyboardInterrupt) as error:
        result["error"] = repr(error)
        code = 1
    finally:
        sess.kill_all()
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps(result))
    return code


if __name__ == "__main__":
    sys.exit(main())
