#!/usr/bin/env bash
# Measures transfers through N `kormeer serve` instances on one PostgreSQL database
# (docs/PERFORMANCE.md, "Several instances"). Each run starts from a fresh copy of a template
# database made once with:
#   createdb -h 127.0.0.1 -U postgres multi_perf
#   ./bin/kormeer datagen --transactions 200000 --database-url 'postgres://postgres@127.0.0.1:5432/multi_perf?sslmode=disable'
# Usage: scripts/perf-instances.sh N [loadgen flags...]   e.g. scripts/perf-instances.sh 3 --concurrency 96
# CPU_QUOTA=0.25 caps each instance at that many cores (a cgroup of its own, v1 or v2; needs root):
# instances then stand for portals on hosts of their own, and what they add up to shows whether
# anything they share (PostgreSQL, a lock) stops them before the machine does.
# It prints loadgen's figures, the cores PostgreSQL, the instances and loadgen used during the
# window, and what PostgreSQL's active backends were waiting on (20 samples).
set -euo pipefail
N=$1; shift
K=${KORMEER:-./bin/kormeer} PORT=${PORT:-8700} TEMPLATE=${TEMPLATE:-multi_perf} DB=${DB:-multi_run}
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432}
PSQL=(psql -h 127.0.0.1 -U postgres -At)
dropdb -h 127.0.0.1 -U postgres --if-exists "$DB"
createdb -h 127.0.0.1 -U postgres -T "$TEMPLATE" -S FILE_COPY "$DB"
"${PSQL[@]}" -c CHECKPOINT "$DB" >/dev/null
pids=() urls=()
trap 'kill "${pids[@]}" 2>/dev/null; wait "${pids[@]}" 2>/dev/null' EXIT
# cgroup DIR for instance $1 with CPU_QUOTA cores, made empty.
quota_group() {
  local g q
  q=$(python3 -c "print(int($CPU_QUOTA * 100000))")
  if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    g=/sys/fs/cgroup/kormeer-instance-$1; mkdir -p "$g"
    echo "$q 100000" >"$g/cpu.max"
  else
    g=/sys/fs/cgroup/cpu/kormeer-instance-$1; mkdir -p "$g"
    echo 100000 >"$g/cpu.cfs_period_us"
    echo "$q" >"$g/cpu.cfs_quota_us"
  fi
  echo "$g"
}
for i in $(seq 1 "$N"); do
  run=()
  if [ -n "${CPU_QUOTA:-}" ]; then
    # The shell joins the group, then becomes serve, so the Go runtime sees its quota from the start.
    run=(sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$(quota_group "$i")")
  fi
  "${run[@]}" "$K" serve --listen "127.0.0.1:$((PORT + i))" --database-url "$PGURL/$DB?sslmode=disable" \
    --data-dir "/tmp/kormeer-instances/data$i" --log-level warn >"/tmp/kormeer-instances-$i.log" 2>&1 &
  pids+=($!) urls+=(--url "http://127.0.0.1:$((PORT + i))")
done
for i in $(seq 1 "$N"); do
  until curl -sf -o /dev/null "http://127.0.0.1:$((PORT + i))/health"; do sleep 0.2; done
done
L=("$K" loadgen "${urls[@]}" --email officer@kormeer.demo --password Officer-demo-2026 --concurrency 48)
"${L[@]}" --duration 5s "$@" >/dev/null # warm-up
echo "== $N instance(s)${CPU_QUOTA:+ of $CPU_QUOTA cores each} $* | $(uptime)"
# CPU of each kind of process over 11 s of the window, in cores.
python3 - <<'EOF' &
import os, time
def snap():
    t = {}
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            stat = open(f'/proc/{pid}/stat').read()
            cmd = open(f'/proc/{pid}/cmdline', 'rb').read().replace(b'\0', b' ').decode(errors='replace')
        except OSError:
            continue
        f = stat[stat.rindex(')') + 2:].split()
        comm = stat[stat.index('(') + 1:stat.rindex(')')]
        kind = 'postgres' if comm.startswith('postgres') else 'serve' if ' serve ' in cmd and 'kormeer' in comm \
            else 'loadgen' if ' loadgen ' in cmd and 'kormeer' in comm else 'other'
        t[(kind, pid)] = int(f[11]) + int(f[12])
    return t
time.sleep(2); a = snap(); time.sleep(11); b = snap()
use = {}
for k, v in b.items():
    use[k[0]] = use.get(k[0], 0) + v - a.get(k, 0)
hz = os.sysconf('SC_CLK_TCK')
print('cores used: ' + ', '.join(f'{k} {use.get(k, 0) / hz / 11:.2f}' for k in ('postgres', 'serve', 'loadgen', 'other')))
EOF
cpu=$!
(sleep 3; for _ in $(seq 20); do
  "${PSQL[@]}" -c "SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') || CASE WHEN wait_event_type = 'Lock'
    THEN ' ' || left(regexp_replace(query, '\s+', ' ', 'g'), 40) ELSE '' END
    FROM pg_stat_activity WHERE datname = '$DB' AND state = 'active' AND pid <> pg_backend_pid()" "$DB"
  sleep 0.4
done | sort | uniq -c | sort -rn | head -6) >"/tmp/kormeer-instances-waits.txt" &
waits=$!
"${L[@]}" --duration 15s "$@"
wait "$cpu" "$waits"
echo "waits:"; cat /tmp/kormeer-instances-waits.txt
echo "after: $(uptime)"
