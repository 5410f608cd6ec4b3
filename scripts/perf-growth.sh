#!/usr/bin/env bash
# perf-growth.sh: issue 15's production check, as docs/PERFORMANCE.md "Growth in one process"
# reports it. A portal starts on an EMPTY database and takes transfers in STEPS windows of
# DURATION back to back (one loadgen line each, with the rows reached); then, in the same
# process, the search and metrics reads and a paced run at RATE; then the portal restarts on the
# same data and runs one more window, the reads and the paced run again, so the grown process
# and a fresh one compare at the same size.
#
#   scripts/perf-growth.sh DATABASE STEPS DURATION RATE
#   scripts/perf-growth.sh /tmp/perf/grow.db 8 50s 2100
#   scripts/perf-growth.sh 'postgres://postgres@127.0.0.1:5432/kgrow?sslmode=disable' 12 50s 1400
#
# DATABASE must be empty (a new SQLite path, or a new PostgreSQL database); the script creates the
# officer loadgen signs in as. Uses bin/kormeer (make build) and port 8399.
set -euo pipefail
cd "$(dirname "$0")/.."
db=$1 steps=$2 dur=$3 rate=$4
bin=./bin/kormeer
addr=127.0.0.1:8399
# Transfers are a supervisor's, institution's or citizen's (not the administrator's): loadgen
# signs in as an officer the script creates in the empty database.
sign_in=(--url "http://$addr" --email officer@kormeer.demo --password Officer-demo-2026)
pid=

serve() {
  "$bin" serve --listen "$addr" --database-url "$db" --admin-email admin@kormeer.demo \
    --admin-password Admin-demo-2026 --log-level warn --metrics-addr '' &
  pid=$!
  for _ in $(seq 1 100); do
    curl -sf -o /dev/null "http://$addr/api/login" && return 0
    sleep 0.2
  done
  echo "the portal did not start" >&2
  exit 1
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; }
trap 'kill $pid 2>/dev/null || true' EXIT

echo "== $(date -u +%FT%TZ) $(git describe --always --dirty) on $db; load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" users create --database-url "$db" --email officer@kormeer.demo --password Officer-demo-2026 \
  --first-name Load --last-name Officer --role cbsl_officer --log-level warn
serve
echo "-- grown in one process: $steps windows of $dur, 32 clients"
"$bin" loadgen "${sign_in[@]}" --concurrency 32 --duration "$dur" --steps "$steps"
echo "-- the same process: reads"
"$bin" loadgen "${sign_in[@]}" --reads 30
echo "-- the same process: paced at $rate/s for 20 s"
"$bin" loadgen "${sign_in[@]}" --rate "$rate" --duration 20s
stop
echo "-- restarted on the same data: one window of $dur"
serve
"$bin" loadgen "${sign_in[@]}" --concurrency 32 --duration "$dur"
echo "-- restarted: reads"
"$bin" loadgen "${sign_in[@]}" --reads 30
echo "-- restarted: paced at $rate/s for 20 s"
"$bin" loadgen "${sign_in[@]}" --rate "$rate" --duration 20s
stop
echo "== done $(date -u +%FT%TZ); load: $(cut -d' ' -f1-3 /proc/loadavg)"
