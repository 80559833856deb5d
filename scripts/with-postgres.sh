#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on 127.0.0.1, with DATABASE_URL set for it.
# Usage: scripts/with-postgres.sh npm run test:api
# Needs Debian's postgresql package (initdb and pg_ctl); as root it runs the server as the postgres user.
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
# A free port unless PG_PORT names one, so several runs (CI steps, developers' worktrees) can run side by side.
PORT=${PG_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
DIR=$(mktemp -d /tmp/ateliermarkt-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c fsync=on" start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
