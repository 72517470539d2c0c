#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium for the browser tests, a
# PostgreSQL server for the storage tests, and for the cluster tests Redis
# (leases, pub/sub, the bot-job queue) and nginx (its config in deploy/ is
# checked with `nginx -t`). Installs only what is missing; services are never
# started by the install (the test scripts start throwaway ones on loopback).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "note: cannot install ${need[*]} (need root and apt-get); the tests that use them will be skipped" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# Keep the packages' own services (redis on 6379, nginx on 80) from starting during the install.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
