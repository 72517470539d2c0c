#!/usr/bin/env bash
# Start (or reuse) a throwaway Redis on loopback for the cluster tests; print its URL.
# Nothing is kept on disk (no RDB, no AOF). BGB_TEST_REDIS_PORT picks the port (default 56379).
set -euo pipefail
command -v redis-server >/dev/null 2>&1 || exit 1
port=${BGB_TEST_REDIS_PORT:-56379}
dir=/tmp/bgb-test-redis-$port
mkdir -p "$dir"
if ! redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes \
    --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/log" >/dev/null
  for _ in $(seq 50); do
    redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null
fi
echo "redis://127.0.0.1:$port/0"
