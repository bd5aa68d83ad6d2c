#!/bin/bash
# One server against two on one PostgreSQL, with the database's CPU per command.
#
#   crates/hexfold-bench/scripts/pg-servers.sh GAMES PAIRS LOAD_BINARY...
#
# Starts a throw-away cluster of its own (initdb into a temporary directory as the unprivileged user
# $PG_USER, default `nobody`, on a unix socket, `pg_stat_statements` loaded), then runs each binary of the
# `load` bench (build with `cargo build --release -p hexfold-bench --bin load` and copy it aside, so two
# builds can be compared) PAIRS times with `--servers 1` and `--servers 2`, the order swapped every
# pair, each run on a fresh database. Per run it prints the peak's durable commands/s and p50, the commands
# written, the database's CPU per command (every process of the cluster over the run: the postmaster's
# reaped children and the live ones, from /proc) and the bench's own server and client CPU per command.
set -euo pipefail
games=$1 pairs=$2
shift 2
bin=${HEXFOLD_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
user=${PG_USER:-nobody}
dir=$(mktemp -d)
as_pg() { runuser -u "$user" -- "$@"; }
# Set before anything can fail, so a failed initdb or start leaves no directory behind either.
trap 'as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
chmod 755 "$dir"
mkdir "$dir/data" && chown "$user" "$dir/data"
as_pg "$bin/initdb" -D "$dir/data" -U hexfold --auth=trust >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/log" -w -o "-k $dir/data -c listen_addresses= \
  -c max_connections=400 -c shared_preload_libraries=pg_stat_statements" start >/dev/null
psql() { command psql -h "$dir/data" -U hexfold -qAt "$@"; }
postmaster=$(head -1 "$dir/data/postmaster.pid")

# The cluster's CPU so far, in clock ticks: the postmaster's own and its reaped children's, and every live child's.
cluster_ticks() {
  python3 - "$postmaster" <<'PY'
import os, sys
pm = sys.argv[1]
def stat(pid):
    return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
f = stat(pm)
ticks = sum(int(x) for x in f[11:15])
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        f = stat(pid)
    except OSError:
        continue
    if f[1] == pm:
        ticks += int(f[11]) + int(f[12])
print(ticks)
PY
}

run() { # binary servers
  local db=b$RANDOM$RANDOM out before after commands
  psql -d postgres -c "CREATE DATABASE $db"
  before=$(cluster_ticks)
  out=$("$1" --store "postgres://hexfold@/$db?host=$dir/data" --servers "$2" --games "$games" --seconds 4 --warmup 1)
  after=$(cluster_ticks)
  commands=$(psql -d "$db" -c "SELECT count(*) FROM hexfold.commands")
  psql -d postgres -c "DROP DATABASE $db"
  printf '%s servers=%s %s commands=%s database_us_per_command=%s %s\n' "$(basename "$1")" "$2" \
    "$(grep '^peak' <<<"$out" | sed -E 's/.*commands: ([0-9]+\/s).*(p50 [0-9.]+ ms).*/\1 \2/')" "$commands" \
    "$(( (after - before) * 1000000 / $(getconf CLK_TCK) / commands ))" \
    "$(grep -A1 '^peak' <<<"$out" | tail -1 | sed -E 's/.*server runtime ([0-9]+) us, client runtime ([0-9]+) us.*/server_us=\1 client_us=\2/')"
}

for pair in $(seq "$pairs"); do
  order="1 2"
  [ $((pair % 2)) = 0 ] && order="2 1"
  for binary in "$@"; do
    for servers in $order; do run "$binary" "$servers"; done
  done
done
