#!/usr/bin/env bash
# The browser tests as two Playwright runs side by side (`--shard`), each
# with servers and databases of its own (e2e/global-setup.ts starts them per
# run), so no spec sees another's bookings or moved clock. One run keeps
# about one core busy (Chromium, the servers, Playwright); two use both.
# Each run's output is printed whole when it ends. E2E_SHARDS=1 runs one.
set -uo pipefail
cd "$(dirname "$0")/.."
shards=${E2E_SHARDS:-2}
dir=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
for i in $(seq 1 "$shards"); do
  # An output folder each: a run empties its own at the start.
  npx playwright test --shard="$i/$shards" --output="test-results/shard-$i" "$@" > "$dir/$i.log" 2>&1 &
  pids+=($!)
done
status=0
for i in $(seq 1 "$shards"); do
  wait "${pids[$((i - 1))]}" || status=1
  echo "--- browser tests, shard $i of $shards"
  cat "$dir/$i.log"
done
pids=()
exit $status
