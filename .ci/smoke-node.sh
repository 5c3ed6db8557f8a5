#!/usr/bin/env bash
# A smoke run of GameOn on another Node (not part of CI): a fresh clone of this checkout's HEAD,
# `npm install` and `npm start` on that Node (fetched like .ci/use-node.sh does), then
# `/api/ready`, a demo member's sign-in and their feed. Prints each step's time; exits non-zero on
# the first failure.
#
# Usage: bash .ci/smoke-node.sh 26.12.1
set -euo pipefail
version=${1:?usage: bash .ci/smoke-node.sh <node version, e.g. 26.12.1>}
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gameon-smoke.XXXXXX)
server=
cleanup() {
  [ -n "$server" ] && kill -- "-$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$src" "$work/gameon"
cd "$work/gameon"
echo "$version" >.node-version
# shellcheck source=.ci/use-node.sh
source .ci/use-node.sh
echo "node -v: $(node -v)"

start=$SECONDS
npm install --no-audit --no-fund
echo "npm install: $((SECONDS - start)) s"

port=$(bash .ci/free-port.sh)
start=$SECONDS
set -m # the server in its own process group, so cleanup ends npm and node together
PORT=$port HOST=127.0.0.1 npm start >"$work/server.log" 2>&1 &
server=$!
set +m
base="http://127.0.0.1:$port"
until curl -fsS "$base/api/ready" >/dev/null 2>&1; do
  if ! kill -0 "$server" 2>/dev/null; then
    tail -n 40 "$work/server.log"
    echo "smoke: the server exited before it was ready" >&2
    exit 1
  fi
  if [ $((SECONDS - start)) -gt 300 ]; then
    echo "smoke: not ready after 300 s" >&2
    exit 1
  fi
  sleep 1
done
echo "npm start -> /api/ready: $((SECONDS - start)) s ($(curl -fsS "$base/api/ready"))"

token=$(curl -fsS "$base/api/auth/login" -H 'content-type: application/json' \
  -d '{"email":"arjun@gameon.test","password":"gameon123"}' | node -e \
  'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).token))')
games=$(curl -fsS "$base/api/posts" -H "authorization: Bearer $token" | node -e \
  'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).length))')
echo "signed in as arjun@gameon.test; GET /api/posts answered $games games"
if grep -qiE 'EBADENGINE|ERR_DLOPEN|Assertion failed' "$work/server.log"; then
  grep -iE 'EBADENGINE|ERR_DLOPEN|Assertion failed' "$work/server.log" >&2
  exit 1
fi
echo "smoke on Node $version: passed"
