#!/usr/bin/env python3
"""Run `robots-studio watch` over a list of sites on a Dask cluster.

The sites are split into N shards by a stable hash of each site (the same
site always in the same shard): each task runs `watch --shard I/N --json`
where a worker runs and returns its report, and one `watch --merge` turns
the reports into the report and exit status of one watch over every site
(see docs/history.md). The cluster is started and used as dask_logs.py does.

usage: dask_watch.py [--scheduler ADDRESS | --workers N] [--shards N]
                     [--binary PATH] [--out DIR] [--json]
                     [--watch "WATCH_FLAGS"] SITES_FILE

  --scheduler ADDRESS  a running cluster (tcp://host:8786); default: a
                       LocalCluster of --workers processes (default 2)
  --shards N           how many shards (default: 3)
  --binary PATH        robots-studio on every worker (default: robots-studio)
  --out DIR            keep the shards' reports there (default: a temporary
                       folder)
  --json               print the merged report as JSON Lines
  --watch WATCH_FLAGS  given to every `watch --shard`: --fail-on, --agent,
                       --urls FILE, --budget, --workers, --per-host, --notify

SITES_FILE (and --urls) must be readable at the same path on every worker.
Each worker keeps the versions of its shard's sites in its own
ROBOTS_STUDIO_STORAGE: keep N the same from run to run, so a site is always
compared with the version its shard's worker kept. Phase times go to stderr.
"""
import argparse
import shlex
import subprocess
import sys
import time

from dask_logs import keep, on_dask


def watch_shard(binary, flags, shard, sites):
    """One task: the --json report of one shard, as bytes."""
    run = subprocess.run([binary, "watch", "--json", "--shard", shard, *flags, sites],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # watch exits 1 when a change reaches --fail-on: that is a report too.
    if run.returncode not in (0, 1):
        raise RuntimeError(f"watch --shard {shard}: exit {run.returncode}: "
                           f"{run.stderr.decode(errors='replace').strip()}")
    return run.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scheduler")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--shards", type=int, default=3)
    ap.add_argument("--binary", default="robots-studio")
    ap.add_argument("--out")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--watch", default="")
    ap.add_argument("sites")
    args = ap.parse_args()
    if args.shards < 1:
        ap.error("--shards must be 1 or more")
    flags = shlex.split(args.watch)
    shards = [f"{i}/{args.shards}" for i in range(1, args.shards + 1)]

    t0 = time.monotonic()
    reports, t1 = on_dask(args.scheduler, args.workers, watch_shard,
                          [args.binary] * len(shards), [flags] * len(shards),
                          shards, [args.sites] * len(shards))
    t2 = time.monotonic()
    names = keep(reports, args.out, "robots-studio-watch-", "shard")
    merge = [args.binary, "watch", "--merge"] + (["--json"] if args.json else []) + names
    code = subprocess.run(merge).returncode
    t3 = time.monotonic()
    print(f"dask: cluster {t1 - t0:.2f} s, {len(shards)} shards watched "
          f"{t2 - t1:.2f} s, merged {t3 - t2:.2f} s", file=sys.stderr)
    # watch exits 1 when a change reaches --fail-on: pass it on.
    sys.exit(code)


if __name__ == "__main__":
    main()
