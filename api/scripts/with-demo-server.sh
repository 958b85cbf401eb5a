#!/usr/bin/env bash
# Runs a command against the release api serving the built web app on a
# fresh SQLite demo (catalogue and accounts), on a free loopback port:
# BASE_URL is the server's address while the command runs; the server and
# its database are gone afterwards. The command's exit status is this
# script's. Used by `just screenshots`, `just bench-lighthouse` and
# `just bench-wasm`.
#   api/scripts/with-demo-server.sh <command> [args...]
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command> [args...]" >&2; exit 2; }
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
RUST_LOG=warn DEMO_DATA=on DATABASE_URL="sqlite:$dir/demo.db" HOST=127.0.0.1 PORT="$port" ./target/release/api >/dev/null & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 300); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
  kill -0 $pid 2>/dev/null || { echo "the api did not start" >&2; exit 1; }
  sleep 0.1
done
BASE_URL="http://127.0.0.1:$port" "$@"
