#!/usr/bin/env bash
# A PostgreSQL primary and a hot standby of it (streaming replication, pg_basebackup -R),
# both private: their own data directory, their own ports on 127.0.0.1, their own socket
# directory. For trying DATABASE_REPLICA_URLS by hand and for the replica tests
# (test/support/replica-pair.ts). It never touches another cluster (the shared one on
# 127.0.0.1:5432 included): every command acts on the pair under DIR only.
#
# usage: scripts/pg-replica-pair.sh start DIR [PRIMARY_PORT] [REPLICA_PORT]   (55432, 55433)
#        scripts/pg-replica-pair.sh stop|start-again primary|replica DIR
#        scripts/pg-replica-pair.sh destroy DIR       (stops both, removes DIR)
#        scripts/pg-replica-pair.sh urls DIR
#
# `start` creates DIR (empty or absent), initialises the primary, creates database
# "beacon", clones it into a standby and starts both; it prints PRIMARY_URL=... and
# REPLICA_URL=... lines once the standby streams. Debian's server binaries
# (/usr/lib/postgresql/<newest>/bin; apt-get install postgresql) run as the postgres
# user when this runs as root (PostgreSQL refuses to run as root).
set -euo pipefail

usage() { sed -n '8,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/pg_ctl" ] || [ ! -x "$BIN/pg_basebackup" ]; then
  echo "PostgreSQL's server binaries are missing (/usr/lib/postgresql/*/bin): apt-get install postgresql" >&2
  exit 1
fi

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# ctl DIR primary|replica start|stop [pg_ctl options]
ctl() {
  local dir="$1" which="$2" action="$3"
  shift 3
  local port
  port="$(cat "$dir/$which.port")"
  as_pg "$BIN/pg_ctl" -D "$dir/$which" -l "$dir/$which.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1" "$@" "$action" >/dev/null
}

urls() {
  local dir="$1"
  echo "PRIMARY_URL=postgresql://postgres@127.0.0.1:$(cat "$dir/primary.port")/beacon"
  echo "REPLICA_URL=postgresql://postgres@127.0.0.1:$(cat "$dir/replica.port")/beacon"
}

start_pair() {
  local dir="$1" pport="${2:-55432}" rport="${3:-55433}"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  if [ -n "$(ls -A "$dir")" ]; then
    echo "$dir is not empty: a pair may already live there (destroy it first)" >&2
    exit 1
  fi
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
  echo "$pport" >"$dir/primary.port"
  echo "$rport" >"$dir/replica.port"
  as_pg "$BIN/initdb" -D "$dir/primary" -A trust -U postgres --no-sync >"$dir/initdb.log"
  # wal_level=replica, max_wal_senders=10 and hot_standby=on are the defaults; the
  # standby reports its replay position often so the primary's view of it is fresh.
  cat >>"$dir/primary/postgresql.conf" <<'CONF'
wal_receiver_status_interval = 1s
hot_standby_feedback = on
CONF
  ctl "$dir" primary start
  as_pg "$BIN/psql" -h 127.0.0.1 -p "$pport" -U postgres -d postgres -qAt -c "CREATE DATABASE beacon" >/dev/null
  as_pg "$BIN/pg_basebackup" -h 127.0.0.1 -p "$pport" -U postgres -D "$dir/replica" -R -X stream -c fast \
    >"$dir/basebackup.log" 2>&1
  ctl "$dir" replica start
  local i
  for i in $(seq 1 100); do
    if [ "$(as_pg "$BIN/psql" -h 127.0.0.1 -p "$pport" -U postgres -d postgres -qAt \
      -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")" = 1 ]; then
      urls "$dir"
      return 0
    fi
    sleep 0.1
  done
  echo "the standby on port $rport is not streaming from the primary after 10 s (see $dir/replica.log)" >&2
  exit 1
}

[ $# -ge 2 ] || usage
case "$1" in
  start) shift; start_pair "$@" ;;
  stop | start-again)
    [ $# -eq 3 ] || usage
    case "$2" in primary | replica) ;; *) usage ;; esac
    if [ "$1" = stop ]; then ctl "$3" "$2" stop -m fast; else ctl "$3" "$2" start; fi
    ;;
  urls) urls "$2" ;;
  destroy)
    dir="$2"
    [ -f "$dir/primary.port" ] || { echo "$dir holds no pair" >&2; exit 1; }
    for which in replica primary; do
      if [ -f "$dir/$which/postmaster.pid" ]; then ctl "$dir" "$which" stop -m immediate || true; fi
    done
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
