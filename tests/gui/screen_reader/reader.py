#!/usr/bin/python3
"""Read a Qt app the way a screen reader does, through AT-SPI (pyatspi).

Run with the *system* python (/usr/bin/python3, Debian python3-pyatspi), inside the
environment ``session.py`` prepares (Xvfb, a private session bus, an AT-SPI bus).

    atspi_reader.py --app NAME [--timeout S] [--keys "Right Right a"] [--depth N]

Prints one JSON document on stdout:
    {"app": ..., "tree": [[depth, role, name, states, extents], ...],
     "steps": [{"key": k, "events": [...], "focused": [role, name]}, ...],
     "errors": [...]}
Exit codes: 0 ok, 2 app not found in time, 3 pyatspi missing.
"""
import argparse
import json
import os
import subprocess
import sys
import time

try:
    import gi
    gi.require_version("Atspi", "2.0")
    import pyatspi
    from gi.repository import GLib
except Exception as exc:  # pragma: no cover
    print(json.dumps({"fatal": f"pyatspi unavailable: {exc!r}"}))
    sys.exit(3)

EVENTS = [
    "focus:",
    "object:state-changed:focused",
    "object:state-changed:selected",
    "object:announcement",
    "object:state-changed:showing",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:children-changed",
]


def describe(acc):
    try:
        return [acc.getRoleName(), acc.name]
    except Exception as exc:
        return ["<dead>", repr(exc)]


def states_of(acc):
    try:
        ss = acc.getState()
        return sorted(pyatspi.stateToString(s) for s in ss.getStates())
    except Exception:
        return []


def extents_of(acc):
    try:
        e = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return [e.x, e.y, e.width, e.height]
    except NotImplementedError:
        return None
    except Exception:
        return None


def find_app(name, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            try:
                app = desktop.getChildAtIndex(i)
                if app is not None and app.name == name:
                    return app
            except Exception:
                pass
        time.sleep(0.2)
    return None


def walk(acc, depth, max_depth, out, with_extents):
    out.append([depth, *describe(acc), states_of(acc),
                extents_of(acc) if with_extents else None])
    if depth >= max_depth:
        return
    try:
        n = acc.childCount
    except Exception:
        return
    for i in range(n):
        try:
            child = acc.getChildAtIndex(i)
        except Exception as exc:
            out.append([depth + 1, "<error>", repr(exc), [], None])
            continue
        if child is not None:
            walk(child, depth + 1, max_depth, out, with_extents)


def find_focused(root):
    """Depth-first search for the object with STATE_FOCUSED (what Orca's 'where am I' uses
    as a fallback; the focus: event is the primary source)."""
    stack = [root]
    while stack:
        acc = stack.pop()
        try:
            if acc.getState().contains(pyatspi.STATE_FOCUSED) and acc.getRole() != pyatspi.ROLE_FRAME:
                if acc.childCount == 0 or acc.getRole() in (pyatspi.ROLE_LIST_ITEM,):
                    return acc
                found = None
                # prefer a focused descendant
                for i in range(acc.childCount):
                    stack.append(acc.getChildAtIndex(i))
                found = acc
                deeper = find_focused_below(acc)
                return deeper or found
            for i in range(acc.childCount):
                stack.append(acc.getChildAtIndex(i))
        except Exception:
            continue
    return None


def find_focused_below(acc):
    try:
        for i in range(acc.childCount):
            c = acc.getChildAtIndex(i)
            if c is None:
                continue
            if c.getState().contains(pyatspi.STATE_FOCUSED):
                return find_focused_below(c) or c
            d = find_focused_below(c)
            if d:
                return d
    except Exception:
        pass
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--keys", default="")
    ap.add_argument("--settle", type=float, default=0.6, help="seconds to pump events after each key")
    ap.add_argument("--extents", action="store_true")
    ap.add_argument("--no-cache", action="store_true", help="disable libatspi cache (always ask the app)")
    args = ap.parse_args()

    result = {"app": args.app, "tree": [], "steps": [], "errors": []}
    app = find_app(args.app, args.timeout)
    if app is None:
        result["errors"].append(f"application {args.app!r} not found on the AT-SPI bus within {args.timeout}s")
        print(json.dumps(result))
        return 2
    if args.no_cache:
        # Atspi.Accessible.set_cache_mask(app, Atspi.Cache.NONE)
        try:
            from gi.repository import Atspi
            app.set_cache_mask(Atspi.Cache.NONE)
        except Exception as exc:
            result["errors"].append(f"set_cache_mask: {exc!r}")

    t0 = time.monotonic()
    walk(app, 0, args.depth, result["tree"], args.extents)
    result["walk_seconds"] = round(time.monotonic() - t0, 3)

    events = []

    def on_event(ev):
        try:
            src = describe(ev.source)
        except Exception:
            src = ["?", "?"]
        any_data = ev.any_data
        if hasattr(any_data, "name"):  # an Accessible
            any_data = describe(any_data)
        try:
            json.dumps(any_data)
        except TypeError:
            any_data = repr(any_data)
        events.append({"type": ev.type, "source": src, "detail1": ev.detail1,
                       "detail2": ev.detail2, "any_data": any_data})

    for e in EVENTS:
        pyatspi.Registry.registerEventListener(on_event, e)

    loop_ctx = GLib.MainContext.default()

    def pump(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            while loop_ctx.pending():
                loop_ctx.iteration(False)
            time.sleep(0.02)

    # No window manager runs here to give the window the keyboard focus.
    found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "cardgui"],
                           capture_output=True, text=True, timeout=20, env=os.environ)
    if found.stdout.split():
        subprocess.run(["xdotool", "windowfocus", "--sync", found.stdout.split()[0]],
                       timeout=20, env=os.environ, check=False)
    pump(0.8)  # let Qt learn about the new listeners (EventListenerRegistered)
    events.clear()
    keys = args.keys.split() if args.keys else []
    for key in keys:
        if key.startswith("sleep:"):
            pump(float(key[6:]))
            continue
        events.clear()
        subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=False,
                       timeout=10, env=os.environ)
        pump(args.settle)
        focused = find_focused(app)
        result["steps"].append({"key": key, "events": list(events),
                                "focused": describe(focused) if focused else None})

    for e in EVENTS:
        try:
            pyatspi.Registry.deregisterEventListener(on_event, e)
        except Exception:
            pass
    if keys:
        # tree again after the actions (checks caches/children updates)
        result["tree_after"] = []
        walk(app, 0, args.depth, result["tree_after"], False)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
