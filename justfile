# Every task a person runs. `just --list` shows them.
# Tools are installed on first use and skipped when already there.

set shell := ["bash", "-euo", "pipefail", "-c"]
set positional-arguments := true

export PATH := env_var("HOME") + "/.cargo/bin:" + env_var("PATH")
export CARGO_TERM_COLOR := "never"

wasm_pack_version := "0.15.1"
# wasm-bindgen-cli must match the wasm-bindgen library in Cargo.lock exactly.
# What the home page loads first of the wasm (its module, gzipped) may not
# grow past this (60 KB, issue 9; see README "WebAssembly size" for where the
# bytes go). Rules of later screens go in the on-demand module.
wasm_gzip_budget := "61440"
# The on-demand module, which the home page prefetches when idle (so every
# visitor pays for it), may not grow past this (72 KB, issue 11): rules only
# applicants and mentors use go in the mentoring module instead.
wasm_on_demand_gzip_budget := "73728"
# The learner's module, the only one a screen a learner opens loads (issue 22: 80 KB).
wasm_learner_gzip_budget := "81920"
wasm_bindgen_version := `awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock`

# Build everything and start the app at http://localhost:8080 (embedded SQLite),
# with the demo (catalogue and accounts) and the development outbox on; the
# server's own defaults are off. DEMO_DATA=off / DEV_OUTBOX=off still win.
run *args: build
    DEMO_DATA="${DEMO_DATA:-on}" DEV_OUTBOX="${DEV_OUTBOX:-on}" ./target/release/api "$@"

# Run every check and test suite, then print one summary line. What the
# first steps need is installed first (rustfmt, clippy, the wasm32 target,
# npm packages); the wasm tools' builds (in the wasm step: `just wasm`
# installs them) and Chromium's install run in the background beside the
# native checks and the Rust suites, which need neither (on a fresh machine
# those builds are about 4 of the cold run's minutes).
test: _test-setup
    #!/usr/bin/env bash
    set -uo pipefail
    logs=$(mktemp -d)
    failed_steps=()
    # A full disk fails the build with a misleading error: say how much room
    # there was at the start and at the end (the target directory's size).
    echo "disk free at start: $(df -h --output=avail . | tail -1 | tr -d ' ')"
    # Each step's log and its time in seconds, for the summary.
    declare -A took=() bg_pid=() bg_start=()
    order=()
    finish() {
      local name=$1 status=$2 start=$3
      took[$name]=$(( $(date +%s) - start )); order+=("$name")
      [ "$status" -eq 0 ] || { failed_steps+=("$name"); echo "!!! $name failed"; }
    }
    step() {
      local name=$1; shift
      local start; start=$(date +%s)
      echo; echo "==> $name: $*"
      "$@" > >(tee "$logs/$name.log") 2>&1
      finish "$name" $? "$start"
    }
    # A step that runs beside the next ones; `join` waits for it and prints its log.
    step_bg() {
      local name=$1; shift
      echo; echo "==> $name (in the background): $*"
      bg_start[$name]=$(date +%s)
      "$@" > "$logs/$name.log" 2>&1 &
      bg_pid[$name]=$!
    }
    join() {
      local name=$1 status=0
      wait "${bg_pid[$name]}" || status=$?
      echo; echo "==> $name (joined)"; cat "$logs/$name.log"
      finish "$name" "$status" "${bg_start[$name]}"
    }
    # A CI build starts from nothing and is not built again: incremental
    # compilation's caches would only cost time and disk there.
    [ -z "${CI:-}" ] || export CARGO_INCREMENTAL=0
    step_bg chromium bash -c '[ -x /usr/bin/chromium ] || just _apt chromium'
    # Checks (each counts as one test in the summary).
    step fmt cargo fmt --all -- --check
    # The wasm modules build with the wasm32 release profile (its own
    # directories and lock), mostly on one core (LTO with one codegen unit):
    # the native checks and the Rust suites, which wait on databases and
    # sockets for much of their time, use the cores meanwhile.
    step_bg wasm just wasm test
    # Clippy lints the native targets as the tests build them: clippy-driver
    # is the workspace's compiler from here on (as `cargo clippy` runs it),
    # so each target compiles once, linted, instead of once checked by
    # `cargo clippy` and again built by `cargo test` (on a cold run the
    # check of every dependency alone took minutes). The lints are the
    # workspace's [lints]; any warning fails this step, and the tests still run.
    export RUSTC_WORKSPACE_WRAPPER; RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
    lint_build() {
      local out status=0; out=$(mktemp)
      cargo test --workspace --locked --no-run > "$out" 2>&1 || status=$?
      cat "$out"
      if grep -qE '^(warning|error)' "$out"; then echo "clippy: fix the warnings above"; status=1; fi
      rm -f "$out"; return "$status"
    }
    step clippy lint_build
    # Not as the modules build: clippy-driver turns MIR optimisations off,
    # which grew the home page's module past its budget (62,509 bytes
    # gzipped against 61,440), and the tests must check the modules that ship.
    step clippy-wasm just clippy-wasm
    # The OpenAPI document from the example the step above built.
    step api-types env OPENAPI_BIN=target/debug/examples/openapi just api-types-check
    # Test suites.
    # Six tests at a time: most of their time is spent waiting on a database
    # or a socket, not on the two cores (292 s against 356 s with two).
    # cargo-nextest (a process per test) took longer here: 336 s for the
    # API's test binary, which cargo test ran in 284 s (29 November 2026).
    step rust-tests cargo test --workspace --locked --no-fail-fast -- --test-threads=6
    # The server the Rust suites ran (target/debug/api, built by cargo test)
    # serves schemathesis and the browser tests: a separate `cargo build -p
    # api` built it again (54 s) for the dev-dependencies' features alone.
    step schemathesis env API_BIN=target/debug/api bash api/scripts/schemathesis.sh
    join wasm
    step typecheck npm --prefix webapp run --silent typecheck
    step lint npm --prefix webapp run --silent lint
    step wasm-vectors just wasm-vectors
    step vitest env NO_COLOR=1 npm --prefix webapp test --silent
    step web-build npm --prefix webapp run --silent build
    step bundle-size node webapp/scripts/bundle-size.mjs webapp/dist
    join chromium
    step e2e env NO_COLOR=1 CI=1 E2E_SKIP_BUILD=1 bash webapp/scripts/e2e-shards.sh
    # Summary.
    passed=0; failed=0
    add() { passed=$((passed + ${1:-0})); failed=$((failed + ${2:-0})); }
    sum() { grep -oE "$1" "$2" 2>/dev/null | grep -oE '[0-9]+' | awk '{ s += $1 } END { print s + 0 }'; }
    for check in fmt clippy clippy-wasm wasm typecheck lint api-types web-build bundle-size schemathesis; do
      if printf '%s\n' "${failed_steps[@]}" | grep -qx "$check"; then add 0 1; else add 1 0; fi
    done
    r_pass=$(sum '[0-9]+ passed;' "$logs/rust-tests.log"); r_fail=$(sum '[0-9]+ failed;' "$logs/rust-tests.log")
    n_pass=$(sum '^# pass [0-9]+' "$logs/wasm-vectors.log"); n_fail=$(sum '^# fail [0-9]+' "$logs/wasm-vectors.log")
    v_pass=$(grep -E '^ *Tests ' "$logs/vitest.log" | sum '[0-9]+ passed' /dev/stdin); v_fail=$(grep -E '^ *Tests ' "$logs/vitest.log" | sum '[0-9]+ failed' /dev/stdin)
    e_pass=$(sum '^ +[0-9]+ passed' "$logs/e2e.log"); e_fail=$(sum '^ +[0-9]+ failed' "$logs/e2e.log")
    add "$r_pass" "$r_fail"; add "$n_pass" "$n_fail"; add "$v_pass" "$v_fail"; add "$e_pass" "$e_fail"
    # A suite that failed without reporting counts still fails the run.
    for suite in rust-tests wasm-vectors vitest e2e; do
      if printf '%s\n' "${failed_steps[@]}" | grep -qx "$suite"; then
        case $suite in rust-tests) f=$r_fail;; wasm-vectors) f=$n_fail;; vitest) f=$v_fail;; e2e) f=$e_fail;; esac
        [ "${f:-0}" -gt 0 ] || add 0 1
      fi
    done
    echo
    echo "disk free at end: $(df -h --output=avail . | tail -1 | tr -d ' '); target/: $(du -sh target 2>/dev/null | cut -f1)"
    echo "checks: fmt, clippy (native, wasm32), wasm build, typecheck, lint, API types, web build, schemathesis (both engines)"
    echo "rust: $r_pass passed, $r_fail failed | wasm (node): $n_pass passed, $n_fail failed | vitest: $v_pass passed, $v_fail failed | e2e: $e_pass passed, $e_fail failed"
    [ ${#failed_steps[@]} -eq 0 ] || echo "failed steps: ${failed_steps[*]}"
    times=""; for name in "${order[@]}"; do times+="$name ${took[$name]}s, "; done
    echo "seconds per step (wasm ran beside the steps up to schemathesis): ${times%, }"
    echo "TOTAL: $passed passed, $failed failed"
    [ ${#failed_steps[@]} -eq 0 ] && [ "$failed" -eq 0 ]

# Regenerate the web app's API types (webapp/src/lib/api/schema.d.ts) from
# the server's OpenAPI document; commit the result with the API change.
api-types: _npm-ci
    #!/usr/bin/env bash
    set -euo pipefail
    dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
    cargo run -q -p api --locked --example openapi > "$dir/openapi.json"
    webapp/node_modules/.bin/openapi-typescript "$dir/openapi.json" -o webapp/src/lib/api/schema.d.ts

# Regenerates api/src/mail/zone_names/table.rs: the en-IN long names of
# time zones ("India Standard Time") the e-mails use, from CLDR through
# Node's Intl, for every zone the server's zone data knows (issue 21).
zone-names:
    node api/scripts/zone-names.mjs

# Fails when webapp/src/lib/api/schema.d.ts differs from what the server's
# OpenAPI document generates now (a step of `just test`).
api-types-check: _npm-ci
    #!/usr/bin/env bash
    set -euo pipefail
    dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
    # OPENAPI_BIN: an openapi example already built (the test command's).
    if [ -n "${OPENAPI_BIN:-}" ]; then "$OPENAPI_BIN"; else cargo run -q -p api --locked --example openapi; fi > "$dir/openapi.json"
    webapp/node_modules/.bin/openapi-typescript "$dir/openapi.json" -o "$dir/schema.d.ts" 2>/dev/null
    diff -u webapp/src/lib/api/schema.d.ts "$dir/schema.d.ts" || { echo "webapp/src/lib/api/schema.d.ts is stale: run just api-types and commit it"; exit 1; }
    echo "API types match the OpenAPI document"

# Build the wasm modules the browser loads, the web app and the release
# server. The server's build needs neither the tools nor the modules, so it
# starts first, beside the tools' builds and npm's download (on a fresh
# machine that is where the first run's minutes go: `just bench-setup`);
# the modules' builds wait for its lock on target/release, then run.
build:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release -p api --locked & server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    just setup-build
    just wasm browser
    npm --prefix webapp run --silent build
    wait "$server"
    trap - EXIT

# Compile the domain crate to WebAssembly (for the web app and for Node
# tests) as five modules: the home page's (`#[export]`, feature `wasm`), the
# one the web app loads on demand for later screens (`#[export(on_demand)]`,
# feature `on-demand`, in `on-demand/`), the one of the screens that set a
# password, with the common-password list (`#[export(passwords)]`, feature
# `passwords`, in `passwords/`), the dashboards' with the IANA time zones
# (`#[export(dashboards)]`, in `dashboards/`) and the mentor application
# form's and mentor dashboard's (`#[export(mentoring)]`, in `mentoring/`).
# Shrink them with binaryen's wasm-opt and hold the home page's initial module
# and the on-demand one (prefetched by the home page) to their size budgets.
wasm for="all": setup-build
    #!/usr/bin/env bash
    set -euo pipefail
    # Size over speed for the module only: these override the release profile
    # for this build (target/wasm32-unknown-unknown), not the server's.
    export CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_PROFILE_RELEASE_LTO=true \
           CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_PANIC=abort
    # Module by module, so the second target's build reuses the first's.
    for module in wasm: on-demand:/on-demand passwords:/passwords dashboards:/dashboards mentoring:/mentoring learner:/learner; do
      for target in bundler:webapp/domain-pkg nodejs:target/wasm-node; do
        # The learner's module repeats other modules' exports: the Node
        # tests run those in their own modules, so the browser's build only.
        [ "${module%%:*}" = learner ] && [ "${target%%:*}" = nodejs ] && continue
        # `just wasm browser` (the run's build): the browser's modules only.
        [ "{{for}}" = browser ] && [ "${target%%:*}" = nodejs ] && continue
        dir=${target#*:}${module#*:}
        wasm-pack --quiet build domain-wasm --release --target "${target%%:*}" --out-dir "../$dir" --out-name domain --no-pack -- --features "${module%%:*}" --locked
        webapp/node_modules/.bin/wasm-opt -Oz "$dir/domain_bg.wasm" -o "$dir/domain_bg.wasm"
      done
    done
    node domain-wasm/scripts/rules-module.mjs webapp/domain-pkg
    # The native dispatcher the differential test compares with; `just wasm
    # test` (the test command, whose `cargo test` builds every example) skips it.
    [ "{{for}}" != all ] || cargo build -q -p domain-wasm --example dispatch --locked
    gz() { gzip -9c "$1" | wc -c; }
    home=webapp/domain-pkg/domain_bg.wasm later=webapp/domain-pkg/on-demand/domain_bg.wasm passwords=webapp/domain-pkg/passwords/domain_bg.wasm dashboards=webapp/domain-pkg/dashboards/domain_bg.wasm mentoring=webapp/domain-pkg/mentoring/domain_bg.wasm learner=webapp/domain-pkg/learner/domain_bg.wasm
    echo "wasm, learner's screens (the only module they load): $(stat -c %s $learner) bytes, $(gz $learner) bytes gzipped (budget {{wasm_learner_gzip_budget}})"
    echo "wasm, mentoring (application form, mentor's dashboard): $(stat -c %s $mentoring) bytes, $(gz $mentoring) bytes gzipped"
    echo "wasm, dashboards (with the IANA time zones): $(stat -c %s $dashboards) bytes, $(gz $dashboards) bytes gzipped"
    echo "wasm, password screens: $(stat -c %s $passwords) bytes, $(gz $passwords) bytes gzipped"
    echo "wasm, on demand for later screens: $(stat -c %s $later) bytes, $(gz $later) bytes gzipped (budget {{wasm_on_demand_gzip_budget}})"
    echo "wasm, home page initial: $(stat -c %s $home) bytes, $(gz $home) bytes gzipped (budget {{wasm_gzip_budget}})"
    [ "$(gz $home)" -le {{wasm_gzip_budget}} ] || { echo "the home page's wasm module is over its size budget"; exit 1; }
    [ "$(gz $learner)" -le {{wasm_learner_gzip_budget}} ] || { echo "the learner's wasm module is over its size budget (issue 22)"; exit 1; }
    [ "$(gz $later)" -le {{wasm_on_demand_gzip_budget}} ] || { echo "the on-demand wasm module (prefetched by the home page) is over its size budget"; exit 1; }

# Benchmark: GET /api/mentors/ of the release server (fresh SQLite demo
# catalogue) against nginx serving the same bytes (nginx-light: one worker,
# sendfile, gzip_static) and a minimal Poem handler returning them from
# memory (api/examples/bench_static.rs), gzip and uncompressed; wrk, 1
# thread, 64 connections, 8 s, three runs each, interleaved; prints the
# medians, p99 and the ratios (api/bench/summary.py).
bench-api: setup-build
    #!/usr/bin/env bash
    set -euo pipefail
    command -v wrk >/dev/null || just _apt wrk
    [ -x /usr/sbin/nginx ] || just _apt nginx-light
    cargo build -q --release -p api --locked --bin api --example bench_static
    # Ahead of other work on the machine when allowed (root), for less noise:
    # a session of its own (the scheduler weighs sessions, not processes)
    # at nice -10.
    if [ "$(id -u)" -eq 0 ] && [ -z "${BENCH_API_SESSION:-}" ] && [ -w /proc/self/autogroup ]; then
      exec env BENCH_API_SESSION=1 setsid -w bash "$0" "$@"
    fi
    [ -z "${BENCH_API_SESSION:-}" ] || echo -10 > /proc/self/autogroup
    dir=$(mktemp -d)
    chmod 755 "$dir"
    pids=()
    trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
    free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
    wait_for() { for _ in $(seq 100); do curl -fs -o /dev/null "$1" && return; sleep 0.1; done; echo "no answer from $1"; exit 1; }
    api=$(free_port); poem=$(free_port); nginx=$(free_port)
    RUST_LOG=warn DEMO_DATA=on DATABASE_URL="sqlite:$dir/bench.db" HOST=127.0.0.1 PORT=$api WEB_DIR="$dir" ./target/release/api >/dev/null & pids+=($!)
    wait_for "http://127.0.0.1:$api/healthz"
    # The bytes the API sends, for the other two to serve.
    www="$dir/www/api/mentors"; mkdir -p "$www"
    curl -fs -o "$www/index.json" "http://127.0.0.1:$api/api/mentors/"
    curl -fs -H 'Accept-Encoding: gzip' -o "$www/index.json.gz" "http://127.0.0.1:$api/api/mentors/"
    cmp -s <(gzip -dc "$www/index.json.gz") "$www/index.json" || { echo "the gzip body is not the list"; exit 1; }
    chmod -R a+rX "$dir/www"
    echo "GET /api/mentors/: $(stat -c %s "$www/index.json") bytes, $(stat -c %s "$www/index.json.gz") gzipped"
    ./target/release/examples/bench_static "$poem" "$www/index.json" "$www/index.json.gz" & pids+=($!)
    mkdir -p "$dir/nginx"
    printf '%s\n' \
      'worker_processes 1; daemon off; pid nginx/nginx.pid; error_log nginx/error.log warn;' \
      'events { worker_connections 1024; }' \
      'http {' \
      '  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000;' \
      '  client_body_temp_path nginx/body; proxy_temp_path nginx/proxy;' \
      '  types { } default_type "application/json; charset=utf-8";' \
      "  server { listen 127.0.0.1:$nginx; root $dir/www;" \
      '    location /api/mentors/ { index index.json; gzip_static on; } }' \
      '}' > "$dir/nginx/nginx.conf"
    /usr/sbin/nginx -p "$dir/" -e "$dir/nginx/error.log" -c "$dir/nginx/nginx.conf" & pids+=($!)
    for port in $poem $nginx; do wait_for "http://127.0.0.1:$port/api/mentors/"; done
    for port in $poem $nginx; do
      cmp -s <(curl -fs "http://127.0.0.1:$port/api/mentors/") "$www/index.json" || { echo "port $port serves other bytes"; exit 1; }
      cmp -s <(curl -fs -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/api/mentors/") "$www/index.json.gz" || { echo "port $port serves other gzip bytes"; exit 1; }
    done
    out="$dir/runs"; mkdir -p "$out"
    for run in 1 2 3; do
      for target in api:$api poem:$poem nginx:$nginx; do
        name=${target%%:*}; port=${target##*:}
        wrk -t1 -c64 -d8s --latency -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/api/mentors/" > "$out/$name-gzip-$run.txt"
        wrk -t1 -c64 -d8s --latency "http://127.0.0.1:$port/api/mentors/" > "$out/$name-identity-$run.txt"
      done
    done
    python3 api/bench/summary.py "$out"

# Benchmark (issue 22): Lighthouse 12.8.2's performance audit, mobile
# defaults (simulated slow 4G, 4x CPU slowdown), of `/`, `/mentors` and a
# mentor's page on the release app (fresh SQLite demo), three runs per page,
# each a first visit in a fresh profile; prints the median run of each page
# beside the goal (webapp/bench/lighthouse/run.mjs). RUNS=n to change.
bench-lighthouse: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/chromium ] || just _apt chromium
    bench=webapp/bench/lighthouse
    want=$(sha256sum $bench/package-lock.json | cut -d' ' -f1)
    if [ "$(cat $bench/node_modules/.lock-sha 2>/dev/null)" != "$want" ]; then
      npm --prefix $bench ci --no-audit --no-fund --loglevel=error
      echo "$want" > $bench/node_modules/.lock-sha
    fi
    api/scripts/with-demo-server.sh node $bench/run.mjs / /mentors /mentors/1-ananya-krishnan

# Benchmark (issue 22): the gzipped WebAssembly and JavaScript each screen a
# learner can open transfers until the network is idle (prefetches
# included), a first visit each, signed in as the demo learner, on the
# release app (fresh SQLite demo); the wasm budget is 80 KB a screen
# (webapp/scripts/bench-wasm.mjs). Then the home page's initial JavaScript
# against its budget.
bench-wasm: build
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/chromium ] || just _apt chromium
    status=0
    api/scripts/with-demo-server.sh node webapp/scripts/bench-wasm.mjs || status=$?
    node webapp/scripts/bundle-size.mjs webapp/dist || status=$?
    exit $status

# Benchmark: argon2id hash/verify time, then sign-in throughput with wrk
# (release build, SQLite, attempt limits off so every request does the work).
bench-auth: setup-build
    #!/usr/bin/env bash
    set -euo pipefail
    command -v wrk >/dev/null || just _apt wrk
    cargo run -q --release -p api --locked --example hash_time
    cargo build -q --release -p api --locked
    dir=$(mktemp -d)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    RUST_LOG=warn RATE_LIMITS=off DEMO_DATA=on DATABASE_URL="sqlite:$dir/bench.db" HOST=127.0.0.1 PORT=$port WEB_DIR="$dir" ./target/release/api >/dev/null & pid=$!
    trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
    base="http://127.0.0.1:$port"
    curl -fs -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"email":"learner@demo.mentorbridge.in","password":"Learner#2026"}' "$base/api/login/"
    run() { echo "== $1"; shift; wrk -t2 -c8 -d10s --latency "$@" | grep -E "Requests/sec|Latency  |  50%|  99%|Non-2xx"; }
    run "POST /api/login/ (right password: verify, new session, tokens)" -s api/bench/login.lua "$base/api/login/"
    run "POST /api/login/ (wrong password: verify, 401)" -s api/bench/login-wrong.lua "$base/api/login/"

# Full-page screenshots at 375 and 1280 px of the main screens (release
# build, demo catalogue) into screenshots/; EXTRA_PATHS=/a,/b adds pages.
screenshots: build
    #!/usr/bin/env bash
    set -euo pipefail
    # /mentors/1 answers 301 to the first mentor's page, which the browser follows.
    api/scripts/with-demo-server.sh env OUT="$PWD/screenshots" \
      EXTRA_PATHS="/mentors/1,/about,/refund,/auth/login,/auth/register,${EXTRA_PATHS:-}" \
      node webapp/scripts/screenshots.mjs

# Print the home page's initial JavaScript (gzipped) against its budget.
bundle-size:
    npm --prefix webapp run --silent build
    node webapp/scripts/bundle-size.mjs webapp/dist

# Lint the crate as each wasm module builds it: home (feature `wasm`), then the other four together.
clippy-wasm:
    for f in wasm on-demand,passwords,dashboards,mentoring,learner; do cargo clippy -p domain-wasm --features "$f" --target wasm32-unknown-unknown --locked -- -D warnings || exit; done

# Run the vectors, slot cases and module checks against the built wasm modules (after `just wasm`).
wasm-vectors:
    node --test domain-wasm/tests/vectors.mjs domain-wasm/tests/differential.mjs domain-wasm/tests/export-docs.mjs domain-wasm/tests/modules.mjs domain-wasm/tests/slots.mjs domain-wasm/tests/booking.mjs domain-wasm/tests/refunds.mjs

# Rewrite the list of wasm exports in docs/architecture.md from the generated typings.
wasm-docs: wasm
    node domain-wasm/scripts/exports.mjs docs/architecture.md target/wasm-node/domain.d.ts target/wasm-node/on-demand/domain.d.ts target/wasm-node/passwords/domain.d.ts target/wasm-node/dashboards/domain.d.ts target/wasm-node/mentoring/domain.d.ts

# Benchmark: arrange 10 000 mentors through wasm vs a TypeScript baseline.
bench-domain: wasm
    cd webapp && node_modules/.bin/vitest run --config vitest.bench.config.ts --reporter=verbose 2>&1 | grep -vE "^ *(✓|RUN|Test Files|Tests|Start at|Duration)" || true

# The mentor: Europe/London, 5 ranges a day, 30 overrides, 200 busy
# intervals; release build; issue 11's goal is under 2 ms natively. The
# wasm figure is the dashboards' module in Node, the whole call from
# JavaScript objects to JavaScript objects, as the calendar preview makes it.
# Benchmark: the median time to compute a busy mentor's 90 days of slots natively and in wasm.
bench-slots: wasm
    cargo run -q --release -p domain-wasm --locked --example bench_slots
    cargo run -q --release -p domain-wasm --locked --example bench_slots -- --json | node domain-wasm/scripts/bench-slots.mjs

# A newcomer's first run, timed cold (issue 23): for each revision (default
# HEAD) a fresh clone with an empty target/, no project tools installed and
# the download caches warm; prints how long until the README's run command
# serves, and with --test the README's test command's time
# (api/scripts/bench-setup.sh). E.g. `just bench-setup 8db3aed HEAD`.
bench-setup *args:
    bash api/scripts/bench-setup.sh {{args}}

# Booking over HTTP against the release `api` binary, on SQLite and (when
# reachable at TEST_DATABASE_URL) PostgreSQL: BENCH_BOOKINGS (2,000)
# learners book distinct slots of 10 mentors, BENCH_CONCURRENCY (16) at a
# time; then BENCH_STORM (1,000) learners at once try 10 slots (goal: exactly
# 10 bookings). The ignored test booking_races::bench_bookings in api/tests/it/booking_races.rs.
# Benchmark: bookings per second with distinct slots, and 1,000 concurrent attempts on 10 slots.
bench-bookings:
    cargo test -q --release -p api --locked --test it -- --ignored --exact booking_races::bench_bookings --nocapture --test-threads=1

# domain-wasm/fuzz: cargo-fuzz and libFuzzer on the stable toolchain
# (through RUSTC_BOOTSTRAP), one target at a time at low priority;
# `just fuzz 300 slug urls` runs two targets. Each fuzzes a local working
# corpus (fuzz/work/<target>, not committed, minimised with cargo fuzz cmin)
# and refreshes the saved one, fuzz/corpus/<target>/: at most 25 inputs
# reaching every edge they can (fuzz/select.py), plus hand-written seed-*
# and the crash-* inputs of failures, which stay (commit them). Not part of
# `just test`, which only replays the saved corpus (tests/fuzz_corpus.rs).
# Fuzz the domain crate's entry points for SECONDS each (all targets, or those named).
fuzz seconds="60" *targets:
    #!/usr/bin/env bash
    set -euo pipefail
    command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz --version 0.13.2
    cd domain-wasm/fuzz
    export RUSTC_BOOTSTRAP=1
    # Safe Rust (no unsafe in the crate): no sanitizer, but overflow checks
    # and debug assertions on, as in `cargo test`.
    flags=(--sanitizer none --debug-assertions)
    cargo fuzz build "${flags[@]}"
    bin=target/$(rustc -vV | sed -n 's/^host: //p')/release
    seconds=$1; shift
    targets=("$@")
    [ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
    logs=$(mktemp -d); trap 'rm -rf "$logs"' EXIT
    crashed=()
    for t in "${targets[@]}"; do
      mkdir -p "corpus/$t" "work/$t" "artifacts/$t"
      echo "==> $t: ${seconds}s"
      if nice -n 10 cargo fuzz run "${flags[@]}" "$t" "work/$t" "corpus/$t" -- -max_total_time="$seconds" -max_len=2048 -timeout=10 -rss_limit_mb=2048 > "$logs/$t.log" 2>&1; then
        grep -E '^Done [0-9]+ runs' "$logs/$t.log" || true
      else
        crashed+=("$t"); tail -n 40 "$logs/$t.log"
        for f in "artifacts/$t"/*; do [ -e "$f" ] && mv "$f" "corpus/$t/" && echo "kept corpus/$t/${f##*/}"; done
      fi
      cargo fuzz cmin "${flags[@]}" "$t" "work/$t" -- -max_len=2048 > "$logs/$t.cmin.log" 2>&1 || { tail -n 20 "$logs/$t.cmin.log"; crashed+=("$t (cmin)"); }
      mkdir "$logs/$t.empty"
      nice -n 10 "$bin/$t" -merge=1 -merge_control_file="$logs/$t.control" "$logs/$t.empty" "work/$t" "corpus/$t" > "$logs/$t.merge.log" 2>&1 || true
      python3 select.py "$logs/$t.control" "corpus/$t" 25
    done
    [ ${#crashed[@]} -eq 0 ] || { echo "crashed: ${crashed[*]} (inputs kept in domain-wasm/fuzz/corpus/)"; exit 1; }

# The time-sensitive suites at several instants, under Debian's faketime
# (libfaketime moves the wall clock of every process it starts: Rust, Node
# with the wasm modules, and Vitest's jsdom): a Monday 00:30 in India, a
# Saturday 23:45 UTC, the days the clocks change in Europe and North
# America (just before the change), and a year ahead. Every test takes its
# time from an injected clock or a fixed instant, so each run passes
# whatever the date. Not part of `just test` (five runs of these suites);
# AT="2027-01-01 00:00:00" runs one instant.
test-any-time: setup-test wasm
    #!/usr/bin/env bash
    set -uo pipefail
    command -v faketime >/dev/null || just _apt faketime
    suites=(bookings_api booking_flow booking_mail booking_races slots_api payments refunds
            refund_gateway ledger payouts receipts jobs reviews time_zones test_clock
            mentor_dashboard applications limits accounts_api google razorpay_standin
            reconciliation live_fence)
    # The api's integration tests are one binary (api/tests/it): its modules are filtered by name.
    filters=(); for t in "${suites[@]}"; do [ -f "api/tests/it/$t.rs" ] && filters+=("$t::"); done
    cargo test -q -p api -p domain-wasm --locked --lib --test it --no-run
    if [ -n "${AT:-}" ]; then instants=("$AT"); else
      instants=("2026-11-29 19:00:00" "2026-12-05 23:45:00" "2027-03-28 00:30:00" "2027-03-14 06:30:00" "2027-10-31 00:30:00" "2027-11-07 05:30:00" "2027-11-28 08:00:00")
    fi
    failed=()
    for at in "${instants[@]}"; do
      echo "==> at $at UTC"
      # The monotonic clock stays real: tokio's timers and Instant measure
      # intervals, which faketime must not stretch.
      run() { TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@$at" "$@"; }
      run cargo test -q -p api -p domain-wasm --locked --lib --no-fail-fast || failed+=("rust at $at")
      run cargo test -q -p api --locked --test it --no-fail-fast -- "${filters[@]}" || failed+=("rust (api) at $at")
      run just wasm-vectors > /dev/null || failed+=("wasm at $at")
      run env NO_COLOR=1 npm --prefix webapp test --silent > /tmp/vitest-any-time.log 2>&1 || { grep -E "FAIL|✗|×" /tmp/vitest-any-time.log | head -20; failed+=("vitest at $at"); }
    done
    [ ${#failed[@]} -eq 0 ] || { printf 'failed: %s\n' "${failed[@]}"; exit 1; }
    echo "every time-sensitive suite passed at ${#instants[@]} instants"

# Format all Rust code.
fmt:
    cargo fmt --all

# Start the API on :8080 (demo and development outbox on, as `just run`) and
# Vite's dev server with hot reload on :5173.
dev: setup-build wasm
    (DEMO_DATA="${DEMO_DATA:-on}" DEV_OUTBOX="${DEV_OUTBOX:-on}" cargo run -p api &) ; npm --prefix webapp run dev

# Install what building needs: the wasm32 target, wasm-bindgen, wasm-pack, npm
# packages. The two tools are built side by side unoptimised (opt-level 0, no
# LTO, no debug info): they only process a few small modules, and their
# cold build takes less than half the processor time of opt-level 1
# (wasm-pack: 80 s against 181 s; 14 minutes with their own profiles).
setup-build:
    #!/usr/bin/env bash
    set -euo pipefail
    rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
    export CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false \
           CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0
    pids=()
    [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen {{wasm_bindgen_version}}" ] || { cargo install --quiet --locked --force wasm-bindgen-cli --version {{wasm_bindgen_version}} & pids+=($!); }
    [ "$(wasm-pack --version 2>/dev/null)" = "wasm-pack {{wasm_pack_version}}" ] || { cargo install --quiet --locked --force wasm-pack --version {{wasm_pack_version}} & pids+=($!); }
    just _npm-ci
    for pid in "${pids[@]}"; do wait "$pid"; done

# Also what testing needs: rustfmt, clippy, and Debian's Chromium for browser
# tests. Chromium's download and install run beside the tools' builds, which
# keep the cores busy meanwhile.
setup-test:
    #!/usr/bin/env bash
    set -euo pipefail
    apt_pid=""
    if [ ! -x /usr/bin/chromium ]; then just _apt chromium & apt_pid=$!; fi
    just setup-build
    rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
    rustup component list --installed | grep -q '^clippy' || rustup component add clippy
    [ -z "$apt_pid" ] || wait "$apt_pid"

# What the test command's first steps need: rustfmt and clippy, the wasm32
# target (clippy for wasm32), and the npm packages (the API types check).
_test-setup:
    #!/usr/bin/env bash
    set -euo pipefail
    rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
    rustup component list --installed | grep -q '^clippy' || rustup component add clippy
    rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
    just _npm-ci

# npm ci, skipped while node_modules matches package-lock.json.
_npm-ci:
    #!/usr/bin/env bash
    set -euo pipefail
    stamp=webapp/node_modules/.lock-sha
    want=$(sha256sum webapp/package-lock.json | cut -d' ' -f1)
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
      npm --prefix webapp ci --no-audit --no-fund --loglevel=error
      echo "$want" > "$stamp"
    fi

# schemathesis, for the contract test (api/scripts/schemathesis.sh), in a
# virtual environment of its own; skipped while that version is installed.
schemathesis_version := "4.32.5"
_schemathesis-venv:
    #!/usr/bin/env bash
    set -euo pipefail
    venv=target/schemathesis-venv
    if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version {{schemathesis_version}}" ]; then
      rm -rf "$venv"
      python3 -m venv "$venv"
      "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis=={{schemathesis_version}}"
    fi

_apt *packages:
    #!/usr/bin/env bash
    set -euo pipefail
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "$@" > /dev/null
