#!/usr/bin/env bash
# A newcomer's first run, timed cold (issue 23, item 6): for each revision
# given (default HEAD), a fresh clone with an empty target/, none of the
# project's tools installed (`just`, `wasm-bindgen-cli` and `wasm-pack` go
# to a private install root off PATH; no node_modules; no schemathesis
# virtual environment), and the crates.io, npm and pip download caches
# allowed warm. It runs the README's first command as written there and
# prints how long until the server answers on its port. With --test it
# also runs the README's test command in a second fresh clone and prints
# its time. Revisions run one after the other, so before and after are
# measured back to back on the same machine:
#
#   just bench-setup 8db3aed HEAD        # the run, before and after
#   just bench-setup --test HEAD         # the run and the test command
#
# Debian's Chromium (for the browser tests) stays installed: removing a
# system package is not this script's business; `just setup-test` installs
# it beside the tools' builds where it is missing.
set -euo pipefail

with_test=false
revs=()
for arg in "$@"; do
  case "$arg" in
    --test) with_test=true ;;
    *) revs+=("$arg") ;;
  esac
done
[ "${#revs[@]}" -gt 0 ] || revs=(HEAD)

repo=$(git rev-parse --show-toplevel)
port=${BENCH_SETUP_PORT:-18080}
results=()

# The README's fenced block that ends with `just <what>`, as it is written.
readme_command() {
  awk -v want="just $2" '
    /^```/ { if (inside) { if (found) { print block; exit } block = ""; inside = 0 } else { inside = 1 } ; next }
    inside { block = block $0 "\n"; if ($0 == want) found = 1 }
  ' "$1/README.md"
}

# A clean clone of `sha` under a new directory, with a PATH that has the
# Rust toolchain, Node, Python and the system, but none of the project's
# tools (~/.cargo/bin also holds cargo-installed tools, so only the
# toolchain's own binaries are linked in).
fresh() {
  local sha=$1 dir
  dir=$(mktemp -d /tmp/bench-setup.XXXXXX)
  git clone -q "$repo" "$dir/src"
  git -C "$dir/src" checkout -q "$sha"
  mkdir -p "$dir/toolchain" "$dir/tools/bin"
  for t in cargo cargo-clippy cargo-fmt clippy-driver rustc rustdoc rustfmt rustup; do
    [ -x "$HOME/.cargo/bin/$t" ] && ln -s "$HOME/.cargo/bin/$t" "$dir/toolchain/$t"
  done
  echo "$dir"
}

clean_path() {
  local dir=$1 py
  py=$(dirname "$(command -v python3)")
  echo "$dir/tools/bin:$dir/toolchain:$py:/usr/local/bin:/usr/bin:/bin"
}

for rev in "${revs[@]}"; do
  sha=$(git -C "$repo" rev-parse --short "$rev")
  dir=$(fresh "$sha")
  command=$(readme_command "$dir/src" run)
  [ -n "$command" ] || { echo "$sha: no README block ends with 'just run'" >&2; exit 1; }
  echo "== $sha: the README's run command, cold, in $dir/src"
  start=$(date +%s)
  (
    cd "$dir/src"
    export PATH CARGO_INSTALL_ROOT="$dir/tools" PORT="$port"
    PATH=$(clean_path "$dir")
    exec setsid bash -c "$command"
  ) > "$dir/run.log" 2>&1 &
  pid=$!
  served=""
  while kill -0 "$pid" 2>/dev/null; do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/api/health/" || curl -sf -o /dev/null "http://127.0.0.1:$port/"; then
      served=$(( $(date +%s) - start ))
      break
    fi
    sleep 2
  done
  kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -z "$served" ]; then
    echo "$sha: the server never answered; the log's end:" >&2
    tail -20 "$dir/run.log" >&2
    exit 1
  fi
  results+=("$sha  run: served after ${served} s ($(( served / 60 )) min $(( served % 60 )) s)")
  echo "${results[-1]}"

  if $with_test; then
    tdir=$(fresh "$sha")
    command=$(readme_command "$tdir/src" test)
    echo "== $sha: the README's test command, cold, in $tdir/src"
    start=$(date +%s)
    status=0
    (
      cd "$tdir/src"
      export PATH CARGO_INSTALL_ROOT="$tdir/tools"
      PATH=$(clean_path "$tdir")
      bash -c "$command"
    ) > "$tdir/test.log" 2>&1 || status=$?
    took=$(( $(date +%s) - start ))
    results+=("$sha  test: exit $status after ${took} s ($(( took / 60 )) min $(( took % 60 )) s)")
    echo "${results[-1]}"
    tail -3 "$tdir/test.log"
    rm -rf "$tdir"
  fi
  rm -rf "$dir"
done

echo
echo "bench-setup on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ):"
printf '  %s\n' "${results[@]}"
