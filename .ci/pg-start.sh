#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1:$PGPORT (default: a free port) with trust auth and
# prints its URL. Usage: source .ci/pg-start.sh; ...; pg_stop
set -euo pipefail
# A free port unless one is given, so a stray server from an earlier run cannot collide.
PGPORT=${PGPORT:-$(bash "$(dirname "${BASH_SOURCE[0]}")/free-port.sh")}
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$PGBIN" ]; then
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
PGDATA=$(mktemp -d /tmp/gameon-pg.XXXXXX)
chown postgres "$PGDATA"
runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/log" -w \
  -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
export TEST_PG_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
pg_stop() { runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null || true; rm -rf "$PGDATA"; }
echo "PostgreSQL ready at $TEST_PG_URL"
