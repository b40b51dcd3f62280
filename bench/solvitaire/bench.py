#!/usr/bin/env python3
"""Our Klondike solver and Solvitaire side by side, on the same deals.

  bench.py run --sol SOL [--solvitaire SOLVITAIRE] --seeds 1-10 [--time-limit 10]
               [--solvers ours,solvitaire] [--out DIR] [--cpu 0] [--rules FILE]
  bench.py merge --out DIR A.csv B.csv ...

`run` plays each seed with each solver in turn (never two at once), pinned to
one core with taskset, and measures each run's CPU time (user + sys) and peak
memory (max RSS) from the kernel's accounting of that one child (wait4). Every
win is replayed through our engine (`sol play`); Solvitaire's wins are first
translated into our moves (klondike_bridge.py). It writes DIR/results.csv (one
row per solver and seed) and DIR/summary.md. `merge` joins the CSVs of runs
made separately (a later file's row for the same solver and seed wins) into
DIR/results.csv and DIR/summary.md.

Python 3 standard library only.
"""

import argparse
import csv
import datetime
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import klondike_bridge  # noqa: E402

GAME = "klondike"
SOLVERS = ("ours", "solvitaire")
FIELDS = ["solver", "seed", "outcome", "raw_outcome", "cpu_s", "wall_s", "max_rss_kb",
          "reported_s", "nodes", "moves", "replay", "note"]


# ---------------------------------------------------------------------------
# Running one child and measuring it
# ---------------------------------------------------------------------------

GNU_TIME = "/usr/bin/time"


def children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def measured_run(cmd, kill_after):
    """Run cmd under GNU time; kill it after kill_after seconds.

    Returns (exit status or None if killed, stdout, stderr, cpu seconds
    (user + sys), wall seconds, max RSS in KiB). GNU time reports the
    resources of its own child alone. (Measuring a child of this Python
    process directly would not do: a forked child starts with the parent's
    resident pages as its high-water mark, which survives exec.)"""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as tf:
        start = time.monotonic()
        p = subprocess.Popen([GNU_TIME, "-o", tf.name, "-f", "%U %S %M %x"] + cmd,
                             stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             start_new_session=True)
        killed = False
        while True:
            try:
                p.wait(timeout=0.01)
                break
            except subprocess.TimeoutExpired:
                pass
            elapsed = time.monotonic() - start
            if not killed and elapsed > kill_after:
                killed = True
                # Kill the solver only, so that GNU time still reports it.
                for c in children(p.pid):
                    try:
                        os.kill(c, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            if killed and elapsed > kill_after + 5:
                os.killpg(p.pid, signal.SIGKILL)
        wall = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        stats = (tf.read().strip().splitlines() or [""])[-1].split()
        try:
            cpu, rss, code = float(stats[0]) + float(stats[1]), int(stats[2]), int(stats[3])
        except (IndexError, ValueError):
            cpu, rss, code = "", "", p.returncode
        return (None if killed else code, out.read().decode(errors="replace"),
                err.read().decode(errors="replace"), cpu, wall, rss)


def pinned(cmd, cpu):
    return cmd if cpu is None else ["taskset", "-c", str(cpu)] + cmd


def replay(sol, seed, moves):
    """True if our engine plays these moves from the deal to a won game."""
    r = subprocess.run([sol, "play", GAME, "--seed", str(seed), "--moves-file", "-"],
                       input=" ".join(moves), capture_output=True, text=True)
    if r.returncode != 0:
        return False, (r.stderr.strip().splitlines() or ["sol play failed"])[-1]
    status = [l.split(":", 1)[1].strip() for l in r.stdout.splitlines() if l.startswith("status:")]
    return status == ["won"], "status: %s" % (status[0] if status else "?")


# ---------------------------------------------------------------------------
# The two solvers
# ---------------------------------------------------------------------------

def run_ours(a, seed):
    cmd = [a.sol, "solve", GAME, "--seed", str(seed), "--time-limit", fmt_num(a.time_limit), "--json"]
    code, out, err, cpu, wall, rss = measured_run(pinned(cmd, a.cpu), a.kill_after)
    row = dict(solver="ours", seed=seed, cpu_s=fmt_cpu(cpu), wall_s="%.3f" % wall, max_rss_kb=rss)
    if code is None:
        return dict(row, outcome="unknown", raw_outcome="killed",
                    note="killed after %ss" % fmt_num(a.kill_after))
    try:
        j = json.loads(out)
    except ValueError:
        return dict(row, outcome="unknown", raw_outcome="error",
                    note=("exit %s: %s" % (code, err.strip()[-200:])).replace("\n", " "))
    raw = j.get("outcome", "?")
    row.update(raw_outcome=raw, reported_s=j.get("seconds", ""), nodes=j.get("nodes", ""),
               outcome={"solved": "won", "unsolvable": "lost"}.get(raw, "unknown"))
    if raw == "solved":
        moves = j.get("moves", [])
        ok, why = replay(a.sol, seed, moves)
        row.update(moves=len(moves), replay="ok" if ok else "fail", note="" if ok else why)
    return row


def run_solvitaire(a, seed):
    deal_text = subprocess.run([a.sol, "deal", GAME, "--seed", str(seed)],
                               capture_output=True, text=True, check=True).stdout
    piles = klondike_bridge.parse_sol_text(deal_text)
    deal_file = os.path.join(a.out, "deals", "%d.json" % seed)
    with open(deal_file, "w") as f:
        json.dump(klondike_bridge.to_solvitaire_deal(piles), f)
    cmd = [a.solvitaire, "--custom-rules", a.rules, "--timeout", str(int(a.time_limit * 1000)), deal_file]
    code, out, err, cpu, wall, rss = measured_run(pinned(cmd, a.cpu), a.kill_after)
    with open(os.path.join(a.out, "logs", "solvitaire-%d.txt" % seed), "w") as f:
        f.write(out + err)
    row = dict(solver="solvitaire", seed=seed, cpu_s=fmt_cpu(cpu), wall_s="%.3f" % wall, max_rss_kb=rss)
    if code is None:
        return dict(row, outcome="unknown", raw_outcome="killed",
                    note="killed after %ss" % fmt_num(a.kill_after))
    sol_type, stats, states = klondike_bridge.parse_solvitaire_output(out)
    if sol_type is None:
        return dict(row, outcome="unknown", raw_outcome="error",
                    note=("exit %s: %s" % (code, (err or out).strip()[-200:])).replace("\n", " "))
    ms = stats.get("Time Taken (milliseconds)")
    row.update(raw_outcome=sol_type, reported_s="" if ms is None else "%.3f" % (ms / 1000),
               nodes=stats.get("States Searched", ""),
               outcome={"solved": "won", "unsolvable": "lost"}.get(sol_type, "unknown"))
    if sol_type == "solved":
        try:
            moves = klondike_bridge.solution_to_moves(piles, states)
        except klondike_bridge.BridgeError as e:
            return dict(row, replay="fail", note="translation: %s" % e)
        with open(os.path.join(a.out, "moves", "solvitaire-%d.txt" % seed), "w") as f:
            f.write(" ".join(moves) + "\n")
        ok, why = replay(a.sol, seed, moves)
        row.update(moves=len(moves), replay="ok" if ok else "fail", note="" if ok else why)
    return row


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------

def fmt_cpu(x):
    return x if x == "" else "%.3f" % x


def fmt_num(x):
    return ("%g" % x) if isinstance(x, float) else str(x)


def p90(xs):
    xs = sorted(xs)
    return xs[max(0, math.ceil(0.9 * len(xs)) - 1)]


def summarize(rows, meta):
    lines = ["# Klondike: our solver and Solvitaire", ""]
    for k, v in meta:
        lines.append("- %s: %s" % (k, v))
    lines += ["",
              "| solver | deals | decided | won | lost | unknown | CPU s median | CPU s p90 "
              "| peak MiB median | peak MiB max | wins replayed OK |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    by = {}
    for r in rows:
        by.setdefault(r["solver"], []).append(r)
    for solver in sorted(by, key=lambda s: (s not in SOLVERS, s)):
        rs = by[solver]
        won = sum(r["outcome"] == "won" for r in rs)
        lost = sum(r["outcome"] == "lost" for r in rs)
        cpu = [float(r["cpu_s"]) for r in rs if r["cpu_s"] != ""]
        mem = [int(r["max_rss_kb"]) / 1024 for r in rs if r["max_rss_kb"] != ""]
        ok = sum(r["outcome"] == "won" and r["replay"] == "ok" for r in rs)
        lines.append("| %s | %d | %d | %d | %d | %d | %s | %s | %s | %s | %d of %d |" % (
            solver, len(rs), won + lost, won, lost, len(rs) - won - lost,
            "%.2f" % statistics.median(cpu) if cpu else "-", "%.2f" % p90(cpu) if cpu else "-",
            "%.1f" % statistics.median(mem) if mem else "-", "%.1f" % max(mem) if mem else "-",
            ok, won))
    lines += ["", "CPU time is user + sys of the solver's process, every run counted (an undecided "
              "run costs about the time limit); peak memory is its maximum resident set size. "
              "A win counts as replayed OK when our engine, playing its moves from the deal, "
              "ends with status won."]
    if set(SOLVERS) <= set(by):
        o = {r["seed"]: r for r in by["ours"]}
        s = {r["seed"]: r for r in by["solvitaire"]}
        both = sorted(set(o) & set(s), key=int)
        dis = [k for k in both if {o[k]["outcome"], s[k]["outcome"]} == {"won", "lost"}]
        only_o = [k for k in both if o[k]["outcome"] != "unknown" and s[k]["outcome"] == "unknown"]
        only_s = [k for k in both if s[k]["outcome"] != "unknown" and o[k]["outcome"] == "unknown"]
        lines += ["", "## Same deals", "",
                  "- seeds run by both: %d" % len(both),
                  "- decided by ours only: %d%s" % (len(only_o), seedlist(only_o)),
                  "- decided by Solvitaire only: %d%s" % (len(only_s), seedlist(only_s)),
                  "- won by one and lost by the other (a rules or solver fault): %d%s"
                  % (len(dis), seedlist(dis))]
        if len(both) <= 100:
            lines += ["", "| seed | ours | CPU s | peak MiB | Solvitaire | CPU s | peak MiB |",
                      "|---:|---|---:|---:|---|---:|---:|"]
            for k in both:
                lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
                    k, o[k]["outcome"], o[k]["cpu_s"], mib(o[k]), s[k]["outcome"], s[k]["cpu_s"], mib(s[k])))
    return "\n".join(lines) + "\n"


def mib(r):
    return "%.1f" % (int(r["max_rss_kb"]) / 1024) if r["max_rss_kb"] != "" else "-"


def seedlist(ks):
    if not ks:
        return ""
    return " (%s%s)" % (", ".join(ks[:20]), ", ..." if len(ks) > 20 else "")


def write_outputs(out, rows, meta):
    rows = [{k: str(v) for k, v in r.items()} for r in rows]
    rows = sorted(rows, key=lambda r: (r["solver"], int(r["seed"])))
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in FIELDS})
    text = summarize(rows, meta)
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write(text)
    return text


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_seeds(s):
    seeds = []
    for part in s.split(","):
        part = part.strip()
        for sep in ("..", "-"):
            if sep in part:
                a, b = part.split(sep, 1)
                seeds.extend(range(int(a), int(b) + 1))
                break
        else:
            seeds.append(int(part))
    return seeds


def tool_version(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        return (r.stdout + r.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "?"


def cmd_run(a):
    solvers = [s.strip() for s in a.solvers.split(",") if s.strip()]
    for s in solvers:
        if s not in SOLVERS:
            sys.exit("unknown solver %r (ours, solvitaire)" % s)
    if "solvitaire" in solvers and not a.solvitaire:
        sys.exit("--solvitaire PATH is needed to run Solvitaire")
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit("GNU time is needed at %s (Debian: apt-get install time)" % GNU_TIME)
    a.sol = os.path.abspath(a.sol)
    if a.solvitaire:
        a.solvitaire = os.path.abspath(a.solvitaire)
    a.rules = os.path.abspath(a.rules)
    a.cpu = None if str(a.cpu).lower() == "none" else int(a.cpu)
    a.kill_after = a.time_limit + (a.grace if a.grace is not None else max(5.0, a.time_limit / 2))
    for d in ("deals", "logs", "moves"):
        os.makedirs(os.path.join(a.out, d), exist_ok=True)
    seeds = parse_seeds(a.seeds)
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    load = "%.2f %.2f %.2f" % os.getloadavg()
    rows = []
    for seed in seeds:
        for s in solvers:
            row = run_ours(a, seed) if s == "ours" else run_solvitaire(a, seed)
            rows.append(row)
            print("%-10s seed %-6d %-7s %-12s cpu %7ss  rss %7s KiB  %s" % (
                s, seed, row["outcome"], row["raw_outcome"], row["cpu_s"], row["max_rss_kb"],
                ("replay " + row["replay"]) if row.get("replay") else ""), flush=True)
    meta = [("started", "%s (load average then: %s; other work on the machine slows both "
                        "solvers' wall clocks, which their limits use)" % (started, load)),
            ("seeds", "%s (%d deals)" % (a.seeds, len(seeds))),
            ("time limit per deal", "%ss (killed after %ss)" % (fmt_num(a.time_limit), fmt_num(a.kill_after))),
            ("core", "taskset -c %s" % a.cpu if a.cpu is not None else "not pinned"),
            ("sol", "%s (%s)" % (a.sol, tool_version([a.sol, "--version"])))]
    if "solvitaire" in solvers:
        meta += [("solvitaire", a.solvitaire), ("Solvitaire rules", a.rules)]
    print()
    print(write_outputs(a.out, rows, meta), end="")


def cmd_merge(a):
    merged = {}
    for path in a.csv:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                merged[(r["solver"], r["seed"])] = r
    os.makedirs(a.out, exist_ok=True)
    meta = [("merged from", ", ".join(a.csv))]
    for path in a.csv:
        # Carry each run's own notes (limit, core, binaries) from its summary.md.
        md = os.path.join(os.path.dirname(path) or ".", "summary.md")
        if os.path.exists(md):
            with open(md) as f:
                for line in f:
                    if line.startswith("|"):
                        break  # the notes come before the table
                    if line.startswith("- ") and ":" in line and not line.startswith("- merged from"):
                        k, v = line[2:].split(":", 1)
                        meta.append(("%s, %s" % (path, k), v.strip()))
    print(write_outputs(a.out, list(merged.values()), meta), end="")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run the solvers on a range of seeds")
    r.add_argument("--sol", required=True, help="our sol binary")
    r.add_argument("--solvitaire", help="Solvitaire's binary")
    r.add_argument("--seeds", required=True, help="seeds: 1-10, 1..10, or a comma list")
    r.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal and solver (10)")
    r.add_argument("--solvers", default="ours,solvitaire", help="ours,solvitaire (both by default)")
    r.add_argument("--out", default="bench-out", help="output folder (bench-out)")
    r.add_argument("--cpu", default="0", help="core for taskset -c, or none (0)")
    r.add_argument("--rules", default=os.path.join(HERE, "klondike-rules.json"),
                   help="Solvitaire's rules file (klondike-rules.json beside this script)")
    r.add_argument("--grace", type=float, default=None,
                   help="seconds past the limit before a run is killed (max(5, limit/2))")
    m = sub.add_parser("merge", help="merge results.csv files of separate runs")
    m.add_argument("--out", required=True, help="output folder")
    m.add_argument("csv", nargs="+", help="results.csv files")
    a = ap.parse_args()
    cmd_run(a) if a.cmd == "run" else cmd_merge(a)


if __name__ == "__main__":
    main()
