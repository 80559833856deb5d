#!/usr/bin/env bash
# Scale-out test (docs/decisions/0008): one PostgreSQL, two instances of the built server started together (each
# with its own empty DATA_DIR), nginx as a round-robin proxy in front, then the `scale-out` vitest project against
# them. Usage: npm run build && scripts/scale-out-test.sh   (PG_PORT picks the throw-away server's port)
# Needs Debian's postgresql and nginx packages; fails, never skips, when one is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# A throw-away PostgreSQL unless one is given.
if [ -z "${DATABASE_URL:-}" ]; then exec scripts/with-postgres.sh "$0" "$@"; fi

NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
if [ ! -x "$NGINX" ]; then
  echo "scale-out: nginx is not installed (apt-get install -y nginx)" >&2
  exit 1
fi
if [ ! -f apps/web/dist/index.html ] || [ ! -f apps/api/dist/server.js ]; then
  echo "scale-out: the web app or the server is not built (npm run build)" >&2
  exit 1
fi

free_port() { node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
PORT_A=$(free_port)
PORT_B=$(free_port)
PORT_PROXY=$(free_port)
while [ "$PORT_B" = "$PORT_A" ]; do PORT_B=$(free_port); done
while [ "$PORT_PROXY" = "$PORT_A" ] || [ "$PORT_PROXY" = "$PORT_B" ]; do PORT_PROXY=$(free_port); done

WORK=$(mktemp -d /tmp/ateliermarkt-scale-out.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${KEEP_LOGS:-0}" = 1 ]; then echo "scale-out: logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# The same production start an operator runs; nothing shared but the database, the secrets (required in production)
# and the proxy in front.
JWT_SECRET=$(node -e "console.log(require('node:crypto').randomBytes(48).toString('base64url'))")
PAYMENT_WEBHOOK_SECRET=$(node -e "console.log(require('node:crypto').randomBytes(48).toString('base64url'))")
export JWT_SECRET PAYMENT_WEBHOOK_SECRET
start_instance() {
  local name=$1 port=$2
  mkdir -p "$WORK/$name"
  PORT=$port HOST=127.0.0.1 DATA_DIR="$WORK/$name/data" PUBLIC_URL="http://127.0.0.1:$PORT_PROXY" \
    TRUST_PROXY=127.0.0.1 DEMO_DATA=1 RATE_LIMIT_PER_MINUTE=20 LOG_LEVEL=warn \
    setsid npm run --silent start:prod >"$WORK/$name/server.log" 2>&1 &
  pids+=($!)
}
start_instance a "$PORT_A"
start_instance b "$PORT_B"

mkdir -p "$WORK/nginx"
sed -e "s/@PORT_A@/$PORT_A/" -e "s/@PORT_B@/$PORT_B/" -e "s/@PORT_PROXY@/$PORT_PROXY/" \
  scripts/nginx-scale-out.conf >"$WORK/nginx/nginx.conf"
setsid "$NGINX" -p "$WORK/nginx" -c nginx.conf -e stderr >"$WORK/nginx/nginx.log" 2>&1 &
pids+=($!)

wait_for() {
  local url=$1 log=$2
  for _ in $(seq 1 600); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "scale-out: $url did not answer within 60 s; its log:" >&2
  cat "$log" >&2
  return 1
}
wait_for "http://127.0.0.1:$PORT_A/api/health" "$WORK/a/server.log"
wait_for "http://127.0.0.1:$PORT_B/api/health" "$WORK/b/server.log"
wait_for "http://127.0.0.1:$PORT_PROXY/api/health" "$WORK/nginx/nginx.log"
echo "scale-out: instances on :$PORT_A and :$PORT_B, nginx on :$PORT_PROXY, PostgreSQL at ${DATABASE_URL%%\?*}"

status=0
SCALE_OUT_URL="http://127.0.0.1:$PORT_PROXY" \
  SCALE_OUT_INSTANCES="http://127.0.0.1:$PORT_A,http://127.0.0.1:$PORT_B" \
  SCALE_OUT_RATE_LIMIT=20 \
  npx vitest run --project scale-out || status=$?
if [ "$status" != 0 ]; then
  for log in "$WORK/a/server.log" "$WORK/b/server.log" "$WORK/nginx/nginx.log"; do
    echo "----- $log" >&2
    tail -n 40 "$log" >&2
  done
fi
exit "$status"
