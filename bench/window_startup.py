"""Start-up to the first painted table, and memory once settled: cardgui
beside KPatience (kpat) and AisleRiot (sol), measured in the same run (not
part of the tests).

    python bench/window_startup.py [--runs 5] [--cold-cache] [--shots DIR]
                                   [--before WORKTREE] [--floor] [--floor-chrome]
                                   [--deck NAME]
                                   [--installed PROGRAM [--installed-before PROGRAM]]
                                   [--command NAME=PROGRAM ...]

--before WORKTREE adds an older cardgui (a ``git worktree`` of the commit
before a change, run through bench/in_tree.py) as "cardgui-before", in the
same interleaved rounds.  Each round also runs ``bench/startup_stages.py``
once for each cardgui measured, on its own Xvfb display like the programs,
and the report ends with where the start-up time went, stage by stage
(interpreter, imports, QApplication, window, first layout, art, first
paint, and the work left until after the first frame), medians with their
spread, side by side.

--deck NAME adds "cardgui-deck": cardgui started with ``--deck NAME`` (a
system deck, as ``cardgui decks`` lists them), in the same interleaved
rounds.  Our own deck paints its first frame; the system deck is drawn by
its renderer process after it and then replaces ours, which the screen
shows as a big change after the table was painted: its median time is
reported as "deck shown".  (The renderer's CPU is its own process's, not
counted in cardgui's.)

--installed PROGRAM adds "cardgui-installed": the installed program (the
.deb's /opt/cardgui/cardgui, or the program folder's dist/cardgui/cardgui that
packaging/build-deb leaves), started the same way on the same deal, in the
same interleaved rounds; its stages are not broken down (they need Python's
bench/startup_stages.py; the installed program prints its own with
$CARDGUI_STARTUP_TIMES).  --installed-before PROGRAM adds an older installed
program ("cardgui-installed-before") the same way.  --command NAME=PROGRAM adds any
other cardgui command started that way, as "NAME" (for instance another
checkout's ``.venv/bin/cardgui``, to compare two set-ups' interpreters).

--floor adds "floor" (bench/startup_floor.py): the least a Python and PySide6
program does to paint a card table (interpreter, Qt's import, QApplication,
a view of 28 plain card pixmaps), measured like the others, to show how
much of cardgui's start any PySide6 program pays.  --floor-chrome adds
"floor-chrome": the same table with cardgui's menus, toolbar, command panel
(its HTML as cardgui's window shows it, from bench/panel_html.py) and status
bar made the plainest way (``startup_floor.py --chrome``): the least any
PySide6 program pays to show cardgui's window.

Each run starts one program on a fresh Xvfb display of its own (no window
manager, an empty HOME, a private session bus) and watches the screen from
outside, the same way for every program: Xvfb keeps its screen in a file
(-fbdir), which is read every few milliseconds.  The table counts as painted
at the last change before the screen then stays unchanged for --quiet
seconds (300 ms), where changes confined to fewer than 3% of the screen's
rows (24 of 800: a status-bar message such as KPatience's "Solver:
Calculating...", a clock) are not counted as painting the table.  A deal the
program animates at start (KPatience does) counts until its last card has
landed.  The time is taken from just before the program is started (so an
interpreter's own start counts); "first px" is the first change of all.
Memory (VmRSS, and PSS where readable) is read a second and a half after
the table is painted, once the window has settled.  Runs are interleaved
(cardgui, kpat, sol, cardgui, ...) after one warm-up round that is not
counted, so a busy moment of the shared machine falls on all three alike.

By default each program keeps its own cache folder across runs (KPatience
keeps rendered cards there, as it would for a user on the second start);
--cold-cache gives it an empty one every run.  Configuration is always fresh.
--shots DIR saves, for each program, the screen at the moment timed as its
first painted table: look at them to check that it is the table.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass

from intervals import mean_interval, ratio_interval
from xharness import (
    Display,
    Program,
    cardgui_program,
    cpu_seconds,
    memory_kib,
    peer_programs,
    ratio,
    spread,
    summary,
)

BENCH = pathlib.Path(__file__).resolve().parent
POLL = 0.004          # seconds between looks at the screen
CONFIRM = 1.5         # seconds watched after the paint, to catch later big changes
BIG_CHANGE = 0.10     # fraction of the screen's rows; more than this later is flagged
DECK_WATCH = 15.0     # seconds watched after the paint for the system deck to replace ours
MIN_ROWS = 0.03       # a change of fewer rows (a status-bar message, a clock) is not the table


@dataclass
class StartRun:
    first_pixels: float        # seconds to the first change of the screen
    painted: float             # seconds to the first painted table (see the docstring)
    changes: int               # screen changes (of MIN_ROWS or more) up to then
    cpu: float                 # CPU seconds the program used up to then
    rss: int                   # kB, once settled
    pss: int | None
    late: list[tuple[float, float]]   # (when, fraction of rows) of big later changes


def measure(program: Program, quiet: float, cache: pathlib.Path | None,
            shot: pathlib.Path | None, timeout: float = 60.0,
            confirm: float = CONFIRM) -> StartRun:
    with Display(cache=cache) as display:
        screen = display.framebuffer
        assert screen is not None
        last = screen.grab()
        started = time.perf_counter()
        process = display.launch(program)
        changes: list[float] = []          # every change of the screen
        table_changes: list[float] = []    # those touching at least MIN_ROWS rows
        painted_frame = last
        while True:
            now = time.perf_counter()
            frame = screen.grab()
            if frame != last:
                changes.append(now - started)
                if len(screen.changed_rows(last, frame)) >= MIN_ROWS * screen.height:
                    table_changes.append(now - started)
                    painted_frame = frame
                last = frame
            elif table_changes and now - started - table_changes[-1] >= quiet:
                break
            if process.poll() is not None:
                raise RuntimeError(f"{program.name} exited with status {process.returncode}")
            if now - started > timeout:
                raise RuntimeError(f"{program.name}: the screen did not settle in {timeout} s")
            time.sleep(POLL)
        cpu = cpu_seconds(process.pid)
        painted = table_changes[-1]
        # Keep watching: a big change after the "painted" moment would mean the
        # quiet spell came before the table was really there.
        late: list[tuple[float, float]] = []
        reference = painted_frame
        until = time.perf_counter() + confirm
        while time.perf_counter() < until:
            frame = screen.grab()
            if frame != reference:
                rows = len(screen.changed_rows(reference, frame)) / screen.height
                if rows > BIG_CHANGE:
                    late.append((time.perf_counter() - started, rows))
                reference = frame
            time.sleep(POLL * 5)
        memory = memory_kib(process.pid)
        if shot is not None:
            screen.save_png(painted_frame, shot)
            screen.save_png(reference, shot.with_name(shot.stem + "-settled.png"))
        first = changes[0]
        return StartRun(first, painted, len(table_changes), cpu, memory["VmRSS"],
                        memory.get("Pss"), late)


def in_tree(tree: pathlib.Path | None, argv: tuple[str, ...]) -> tuple[str, ...]:
    """``argv`` (a Python command) with cardgui imported from ``tree``
    (bench/in_tree.py: PYTHONPATH alone loses to the editable install);
    unchanged for this tree (None)."""
    if tree is None:
        return argv
    return (argv[0], str(BENCH / "in_tree.py"), str(tree), *argv[1:])


def before_program(tree: pathlib.Path) -> Program:
    """The cardgui of another worktree, started the same way as ours."""
    ours = cardgui_program()
    return Program("cardgui-before", "cardgui before", in_tree(tree, ours.argv),
                   ours.window_class, ours.env)


def deck_program(name: str) -> Program:
    """cardgui started with the system deck ``name`` chosen (``--deck``)."""
    ours = cardgui_program(extra=("--deck", name))
    return Program("cardgui-deck", f"cardgui with {name}", ours.argv, ours.window_class,
                   ours.env)


def installed_program(path: pathlib.Path, name: str = "cardgui-installed",
                      deal: int = 617) -> Program:
    """The installed cardgui at ``path``, on the deal ours plays."""
    return Program(name, name.replace("-", " "),
                   (str(path), "klondike", "--deal", str(deal)), "cardgui",
                   {"QT_QPA_PLATFORM": "xcb"})


def floor_program() -> Program:
    """The floor under any PySide6 card table (see bench/startup_floor.py)."""
    return Program("floor", "PySide6 floor", (sys.executable, str(BENCH / "startup_floor.py")),
                   "startup_floor.py", {"QT_QPA_PLATFORM": "xcb"})


def floor_chrome_program(panel_html: pathlib.Path) -> Program:
    """The floor with cardgui's window around its table (startup_floor.py
    --chrome), the command panel showing ``panel_html``."""
    return Program("floor-chrome", "PySide6 floor with cardgui's chrome",
                   (sys.executable, str(BENCH / "startup_floor.py"), "--chrome", str(panel_html)),
                   "startup_floor.py", {"QT_QPA_PLATFORM": "xcb"})


def panel_html_file(folder: pathlib.Path, timeout: float = 60.0) -> pathlib.Path:
    """The command panel's HTML as cardgui's window shows it on the deal
    measured (bench/panel_html.py), written to a file in ``folder``."""
    done = subprocess.run((sys.executable, str(BENCH / "panel_html.py"), "klondike", "617"),
                          capture_output=True, text=True, timeout=timeout, check=True)
    path = folder / "panel.html"
    path.write_text(done.stdout, encoding="utf-8")
    return path


def stages(tree: pathlib.Path | None, timeout: float = 60.0) -> dict[str, list[float]]:
    """One run of ``startup_stages.py`` against the cardgui in ``tree`` (None:
    this one), on a display of its own: stage -> [wall ms, CPU ms]."""
    with Display() as display:
        env = {**display.env, "QT_QPA_PLATFORM": "xcb", "CARDGUI_LAUNCHED_AT": repr(time.time())}
        argv = (sys.executable, str(BENCH / "startup_stages.py"))
        done = subprocess.run(in_tree(tree, argv), env=env,
                              cwd=display.home, capture_output=True, text=True,
                              timeout=timeout)
    for line in done.stdout.splitlines():
        if line.startswith("stages "):
            found: dict[str, list[float]] = json.loads(line[len("stages "):])
            return found
    raise RuntimeError(f"startup_stages.py against {tree or 'this tree'} printed no stages:\n"
                       f"{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1, help="uncounted rounds first")
    parser.add_argument("--quiet", type=float, default=0.3,
                        help="seconds without change that mean the table is painted")
    parser.add_argument("--cold-cache", action="store_true")
    parser.add_argument("--shots", type=pathlib.Path,
                        help="folder for screenshots of the frame timed")
    parser.add_argument("--only", nargs="*",
                        help="programs to measure (cardgui cardgui-before kpat sol)")
    parser.add_argument("--before", type=pathlib.Path,
                        help="a worktree of the cardgui to compare with (cardgui-before)")
    parser.add_argument("--deck", metavar="NAME",
                        help="also measure cardgui with this system deck chosen (cardgui-deck)")
    parser.add_argument("--installed", type=pathlib.Path, metavar="PROGRAM",
                        help="also measure the installed program (cardgui-installed)")
    parser.add_argument("--installed-before", type=pathlib.Path, metavar="PROGRAM",
                        help="and an older one (cardgui-installed-before)")
    parser.add_argument("--command", action="append", default=[], metavar="NAME=PROGRAM",
                        help="also measure this cardgui command, as NAME")
    parser.add_argument("--floor", action="store_true",
                        help="also measure a minimal PySide6 card table (startup_floor.py)")
    parser.add_argument("--floor-chrome", action="store_true",
                        help="also measure that table with cardgui's menus, toolbar, "
                             "panel and status bar (startup_floor.py --chrome)")
    parser.add_argument("--no-stages", action="store_true",
                        help="leave out the stage-by-stage runs")
    args = parser.parse_args()
    programs = [cardgui_program(), *peer_programs()]
    trees: dict[str, pathlib.Path | None] = {"cardgui": None}
    if args.before:
        programs.insert(1, before_program(args.before.resolve()))
        trees["cardgui-before"] = args.before.resolve()
    if args.deck:
        programs.insert(1, deck_program(args.deck))
    if args.installed:
        programs.insert(1, installed_program(args.installed.resolve()))
    if args.installed_before:
        programs.insert(2, installed_program(args.installed_before.resolve(),
                                             "cardgui-installed-before"))
    for named in args.command:
        name, _, path = named.partition("=")
        if not name.startswith("cardgui") or not path:
            parser.error(f"--command {named!r}: give NAME=PROGRAM, NAME starting with cardgui")
        programs.insert(1, installed_program(pathlib.Path(path), name))
    if args.floor:
        programs.append(floor_program())
    caches = pathlib.Path(tempfile.mkdtemp(prefix="cardgui-bench-cache-"))
    if args.floor_chrome:
        programs.append(floor_chrome_program(panel_html_file(caches)))
    if args.only:
        programs = [program for program in programs if program.name in args.only]
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    print(f"programs: {', '.join(program.name for program in programs)}; "
          f"{args.warmup} warm-up round(s), then {args.runs} runs each, interleaved; "
          f"caches {'cold' if args.cold_cache else 'warm'}", flush=True)
    results: dict[str, list[StartRun]] = {program.name: [] for program in programs}
    breakdowns: dict[str, list[dict[str, list[float]]]] = {name: [] for name in trees}
    try:
        for round_number in range(-args.warmup, args.runs):
            for program in programs:
                cache = None if args.cold_cache else caches / program.name
                shot = (args.shots / f"startup-{program.name}.png"
                        if args.shots and round_number == 0 else None)
                run = measure(program, args.quiet, cache, shot,
                              confirm=DECK_WATCH if program.name == "cardgui-deck" else CONFIRM)
                if round_number >= 0:
                    results[program.name].append(run)
                log_run(program, run, f"run {round_number + 1}" if round_number >= 0
                        else "warm-up")
            if round_number >= 0 and not args.no_stages:
                for name, tree in trees.items():
                    breakdowns[name].append(stages(tree))
    finally:
        shutil.rmtree(caches, ignore_errors=True)
    report(programs, results, args.quiet)
    if not args.no_stages:
        report_stages(breakdowns)


def log_run(program: Program, run: StartRun, label: str) -> None:
    """One line per run on stderr, to follow progress and see the noise."""
    flags = "".join(f"  LATE BIG CHANGE at {when:.2f} s ({rows:.0%} of rows)"
                    for when, rows in run.late)
    print(f"  {label:7} {program.name:8} first pixels {run.first_pixels * 1000:5.0f} ms  "
          f"table {run.painted * 1000:5.0f} ms  ({run.changes} screen changes, "
          f"{run.cpu * 1000:.0f} ms CPU)  RSS {run.rss / 1024:.0f} MiB{flags}",
          file=sys.stderr, flush=True)


def paired_ratios(programs: list[Program], results: dict[str, list[StartRun]]) -> None:
    """Each cardgui's table time over each peer's, round by round (the two ran
    back to back, so a busy moment of the machine falls on both): the
    geometric mean of the rounds' ratios, with its 95% interval."""
    ours = [program for program in programs if program.name.startswith("cardgui")]
    floors = [program for program in programs if program.name.startswith("floor")]
    peers = floors + [program for program in programs if program.name in ("sol", "kpat")]
    lines = []
    for mine in ours + floors:
        for peer in peers:
            if mine in floors and peer in floors:
                continue
            pairs = list(zip(results[mine.name], results[peer.name]))
            if len(pairs) < 2:
                continue
            mean, low, high = ratio_interval([a.painted / b.painted for a, b in pairs])
            lines.append(f"  {mine.name:18} / {peer.name:6} {mean:5.2f} [{low:.2f}, {high:.2f}]")
    if lines:
        print("\ntable painted, ratio paired by round (geometric mean [95% interval]):")
        print("\n".join(lines))


def report(programs: list[Program], results: dict[str, list[StartRun]], quiet: float) -> None:
    def row(label: str, values: Sequence[float], unit: str, scale: float) -> str:
        median, low, high = summary(values)
        return (f"  {label:10} {median * scale:8.0f} {unit}   (min {low * scale:.0f}, "
                f"max {high * scale:.0f}, {spread(values)})")

    print()
    medians: dict[str, dict[str, float]] = {}
    for program in programs:
        runs = results[program.name]
        pss = [run.pss for run in runs if run.pss is not None]
        medians[program.name] = {
            "first": statistics.median(run.first_pixels for run in runs),
            "painted": statistics.median(run.painted for run in runs),
            "cpu": statistics.median(run.cpu for run in runs),
            "rss": statistics.median(run.rss for run in runs),
            "pss": statistics.median(pss) if pss else 0.0,
        }
        command = " ".join(program.argv[1:] if program.name == "cardgui" else program.argv)
        print(f"{program.title} ({command}), {len(runs)} runs:")
        print(row("first px", [run.first_pixels for run in runs], "ms", 1000))
        print(row("table", [run.painted for run in runs], "ms", 1000))
        print(row("CPU", [run.cpu for run in runs], "ms", 1000))
        print(row("VmRSS", [run.rss for run in runs], "MiB", 1 / 1024))
        if pss:
            print(row("PSS", pss, "MiB", 1 / 1024))
        late = sum(bool(run.late) for run in runs)
        if program.name == "cardgui-deck":
            shown = [run.late[0][0] for run in runs if run.late]
            if shown:
                print(row("deck shown", shown, "ms", 1000)
                      + f"  ({len(shown)} of {len(runs)} runs)")
            ours = results.get("cardgui", [])
            if len(ours) == len(runs) > 1:
                mean, half = mean_interval([(deck.painted - own.painted) * 1000
                                            for deck, own in zip(runs, ours)])
                print(f"  table with the deck - table with ours, paired by round: "
                      f"{mean:+.0f} ms ± {half:.0f} (95%)")
            after = [run.late[0][0] - run.painted for run in runs if run.late]
            if len(after) > 1:
                mean, half = mean_interval([value * 1000 for value in after])
                print(f"  deck shown after the table: {mean:.0f} ms ± {half:.0f} (95%)")
            if len(shown) < len(runs):
                print(f"  WARNING: in {len(runs) - len(shown)} run(s) the system deck came "
                      "before the table was timed, or not within the watch")
        elif late:
            print(f"  WARNING: {late} run(s) had a big screen change after the moment timed")
    mine = medians["cardgui"]
    peers = [program for program in programs if program.name != "cardgui"]
    if peers:
        print("\nratios, cardgui / peer (median / median; below 1 is better for cardgui):")
        print(f"  {'':10} " + "".join(f"{'/' + peer.name:>10}" for peer in peers))
        for key, label in (("painted", "table"), ("first", "first px"), ("cpu", "CPU"),
                           ("rss", "VmRSS"), ("pss", "PSS")):
            print(f"  {label:10} " + "".join(f"{ratio(mine[key], medians[peer.name][key]):>10}"
                                             for peer in peers))
    paired_ratios(programs, results)
    for peer, title in (("sol", "AisleRiot"), ("kpat", "KPatience")):
        if peer in medians:
            theirs = medians[peer]
            print(f"\ntargets against {title} (issues 3 and 17):")
            print(f"  table painted no later than {title}: "
                  f"{'met' if mine['painted'] <= theirs['painted'] else 'NOT met'} "
                  f"({mine['painted'] * 1000:.0f} ms vs {theirs['painted'] * 1000:.0f} ms)")
            print(f"  memory no more than {title} (RSS): "
                  f"{'met' if mine['rss'] <= theirs['rss'] else 'NOT met'} "
                  f"({mine['rss'] / 1024:.0f} MiB vs {theirs['rss'] / 1024:.0f} MiB)")
    if "floor" in medians:
        floor = medians["floor"]["painted"]
        print(f"\nthe floor (bench/startup_floor.py, a minimal PySide6 card table): "
              f"{floor * 1000:.0f} ms; cardgui {mine['painted'] * 1000:.0f} ms "
              f"(+{(mine['painted'] - floor) * 1000:.0f} ms above it)"
              + (f"; AisleRiot {medians['sol']['painted'] * 1000:.0f} ms" if "sol" in medians
                 else ""))
    if "floor-chrome" in medians:
        chrome = medians["floor-chrome"]["painted"]
        print(f"the floor with cardgui's menus, toolbar, panel and status bar: "
              f"{chrome * 1000:.0f} ms; cardgui +{(mine['painted'] - chrome) * 1000:.0f} ms "
              "above it")
    print(f"\n'table': the last change of {MIN_ROWS:.0%} of the screen's rows or more before "
          f"{quiet * 1000:.0f} ms without one; 'first px': the first change of all; "
          "CPU: the program's CPU time up to 'table'.")


def report_stages(breakdowns: dict[str, list[dict[str, list[float]]]]) -> None:
    """Where the start-up time went (startup_stages.py), one column per cardgui."""
    names = [name for name, runs in breakdowns.items() if runs]
    if not names:
        return
    order = list(breakdowns[names[0]][0])
    print(f"\nwhere cardgui's start-up goes (startup_stages.py, {len(breakdowns[names[0]])} "
          "runs each; wall ms median [min-max], then CPU ms median):")
    print(f"  {'stage':24}" + "".join(f"{name:>30}" for name in names))
    for stage in order:
        cells = []
        for name in names:
            walls = [run[stage][0] for run in breakdowns[name] if stage in run]
            cpus = [run[stage][1] for run in breakdowns[name] if stage in run]
            if not walls:
                cells.append(f"{'-':>30}")
                continue
            median, low, high = summary(walls)
            cell = f"{median:.0f} [{low:.0f}-{high:.0f}] cpu {statistics.median(cpus):.0f}"
            cells.append(f"{cell:>30}")
        print(f"  {stage:24}" + "".join(cells))


if __name__ == "__main__":
    main()
