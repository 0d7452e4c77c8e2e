#!/usr/bin/env python3
"""Run `robots-studio logs` over log shards on a Dask cluster.

Each shard is summarised where a worker runs (`logs --partial`, one small
JSON summary per shard), the summaries come back to this process, and one
`logs --merge` turns them into the report of all the shards: the same
figures as one `logs` pass over them (see docs/scale.md).

usage: dask_logs.py [--scheduler ADDRESS | --workers N] [--binary PATH]
                    [--out DIR] [--json] [--logs "LOGS_FLAGS"] SHARD...

  --scheduler ADDRESS  a running cluster (tcp://host:8786); default: a
                       LocalCluster of --workers processes (default 2)
  --binary PATH        robots-studio on every worker (default: robots-studio)
  --out DIR            keep the summaries there (default: a temporary folder)
  --json               print the merged report as JSON Lines
  --logs LOGS_FLAGS    given to every `logs --partial`: --robots FILE,
                       --draft FILE, --format F, --ip-ranges FILE (the files
                       must be readable at the same path on every worker)

The shards are paths every worker can read (a shared or network file
system); a shard is read where its task runs. Phase times go to stderr.
"""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time


def summarise(binary, flags, shard):
    """One task: the summary of one shard, as bytes."""
    run = subprocess.run([binary, "logs", "--partial", *flags, shard],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode != 0:
        raise RuntimeError(f"{shard}: logs --partial exit {run.returncode}: "
                           f"{run.stderr.decode(errors='replace').strip()}")
    return run.stdout


def on_dask(scheduler, workers, task, *columns):
    """Run task over the columns (one call per row) on the cluster at
    scheduler, or on a LocalCluster of workers processes of one thread each;
    returns the results in order and the time the cluster was ready."""
    from dask.distributed import Client, LocalCluster

    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    ready = time.monotonic()
    try:
        futures = client.map(task, *columns, pure=False)
        return client.gather(futures), ready
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def keep(outputs, out, prefix, name):
    """Write each output to OUT/NAME-00000.json (OUT: a new temporary folder
    when None), in order; returns the paths."""
    out = out or tempfile.mkdtemp(prefix=prefix)
    names = []
    for i, data in enumerate(outputs):
        path = os.path.join(out, f"{name}-{i:05d}.json")
        with open(path, "wb") as f:
            f.write(data)
        names.append(path)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scheduler")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--binary", default="robots-studio")
    ap.add_argument("--out")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--logs", default="")
    ap.add_argument("shards", nargs="+")
    args = ap.parse_args()
    flags = shlex.split(args.logs)

    t0 = time.monotonic()
    summaries, t1 = on_dask(args.scheduler, args.workers, summarise,
                            [args.binary] * len(args.shards),
                            [flags] * len(args.shards), args.shards)
    t2 = time.monotonic()
    names = keep(summaries, args.out, "robots-studio-summaries-", "summary")
    merge = [args.binary, "logs", "--merge"] + (["--json"] if args.json else []) + names
    code = subprocess.run(merge).returncode
    t3 = time.monotonic()
    size = sum(len(s) for s in summaries)
    print(f"dask: cluster {t1 - t0:.2f} s, {len(args.shards)} shards summarised "
          f"{t2 - t1:.2f} s ({size} bytes of summaries), merged {t3 - t2:.2f} s",
          file=sys.stderr)
    # logs exits 1 when a crawler fetched disallowed URLs: pass it on.
    sys.exit(code)


if __name__ == "__main__":
    main()
