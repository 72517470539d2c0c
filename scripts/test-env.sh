# Sourced by `make test`: start a throwaway PostgreSQL and Redis on loopback for the
# storage and cluster tests when they are installed, and tell the tests where they are.
if [ -z "${BGB_TEST_POSTGRES_URL:-}" ]; then
  url=$(bash scripts/start-test-postgres.sh 2>/dev/null || true)
  if [ -n "$url" ]; then export BGB_TEST_POSTGRES_URL="$url"; fi
fi
if [ -z "${BGB_TEST_REDIS_URL:-}" ]; then
  url=$(bash scripts/start-test-redis.sh 2>/dev/null || true)
  if [ -n "$url" ]; then export BGB_TEST_REDIS_URL="$url"; fi
fi
