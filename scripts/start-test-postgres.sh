#!/usr/bin/env bash
# Start (or reuse) a PostgreSQL cluster under /tmp for the tests; print its URL.
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || exit 1
dir=/tmp/bgb-test-pg
port=${BGB_TEST_PG_PORT:-55432}
runas=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd -r postgres
  mkdir -p "$dir" && chown postgres "$dir"
  runas=(runuser -u postgres --)
else
  mkdir -p "$dir"
fi
if ! "${runas[@]}" "$bindir/pg_isready" -h 127.0.0.1 -p "$port" >/dev/null 2>&1; then
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    "${runas[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust >/dev/null
  fi
  # A cluster left by a killed run keeps its lock file; drop it if no postgres owns that pid now.
  if [ -f "$dir/data/postmaster.pid" ]; then
    oldpid=$(head -n 1 "$dir/data/postmaster.pid")
    if ! ps -p "$oldpid" -o comm= 2>/dev/null | grep -q postgres; then rm -f "$dir/data/postmaster.pid"; fi
  fi
  "${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
fi
"${runas[@]}" "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='bgb_test'" | grep -q 1 \
  || "${runas[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres bgb_test
echo "postgresql+psycopg://postgres@127.0.0.1:$port/bgb_test"
