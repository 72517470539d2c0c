# Sourced by `make test`: start a throwaway PostgreSQL on loopback for the
# storage tests when one is installed, and tell the tests where it is.
if [ -z "${BGB_TEST_POSTGRES_URL:-}" ]; then
  url=$(bash scripts/start-test-postgres.sh 2>/dev/null || true)
  if [ -n "$url" ]; then export BGB_TEST_POSTGRES_URL="$url"; fi
fi
