#!/usr/bin/env bash
# The contract test (issue 10): schemathesis, with every check, against the
# OpenAPI document a debug server serves, on a fresh SQLite file and, side by
# side with it (a server each), on a fresh PostgreSQL database (created and
# dropped here, on TEST_DATABASE_URL's server, default
# postgres://postgres@127.0.0.1:5432/).
# Demo data on (real accounts to sign in with), attempt limits off (the run
# sends thousands of requests from one address). Fails on any failure.
#
# Protected operations are called as the demo learner (a bearer token from
# POST /api/login/). Two operations would end that sign-in for the rest of
# the run, so they are not called with it:
# - POST /api/logout/ ends the session of the bearer token it is sent with:
#   it gets a second pass of its own, without the token;
# - POST /auth/users/set_password/ is left out: a success would change the
#   learner's password and end the other sessions, and since schemathesis
#   cannot know the current password, every other answer is the 400 of a
#   wrong one. The Rust tests (accounts_api) and the authorization matrix
#   (api/tests/it/authorization.rs) cover it.
# The mentor's (/api/mentor/) and the administrator's (/api/admin/)
# operations, which answer the learner 403 only, get a pass of their own
# as the demo mentor and the demo admin.
#
# Usage: api/scripts/schemathesis.sh [sqlite|postgres ...]; SCHEMATHESIS_EXAMPLES
# overrides the examples per operation.
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=$PWD/target/schemathesis-venv
just _schemathesis-venv
# API_BIN: a debug server already built (`just test` passes the one its
# Rust suites built); otherwise build it here.
api_bin=${API_BIN:-}
[ -n "$api_bin" ] || { cargo build -q -p api --locked --bin api; api_bin=./target/debug/api; }

engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(sqlite postgres)
examples=${SCHEMATHESIS_EXAMPLES:-50}
admin_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# A bearer token of the demo account `$2` (learner, mentor or admin).
sign_in() {
  curl -fs -X POST -H 'Content-Type: application/json' \
    -d "{\"email\":\"$2@demo.mentorbridge.in\",\"password\":\"$3\"}" "$1/api/login/" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# One engine's passes, in a subshell of its own (the engines run side by
# side): its server and its database go with it, however it ends.
run_engine() (
  local engine=$1 url port base token mentor_token admin_token started pid="" pg_db=""
  # shellcheck disable=SC2317 # called by the trap
  cleanup_engine() {
    [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
    [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
    [ -z "$pg_db" ] || psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  }
  trap cleanup_engine EXIT
  case $engine in
    sqlite) url="sqlite:$dir/contract.db" ;;
    postgres)
      pg_db="contract_$$_$RANDOM"
      psql -q "$admin_url" -c "CREATE DATABASE $pg_db" >/dev/null
      url="${admin_url%/*}/$pg_db"
      ;;
    *) echo "unknown engine $engine (sqlite or postgres)"; return 1 ;;
  esac
  port=$(free_port)
  base="http://127.0.0.1:$port"
  mkdir -p "$dir/web-$engine"
  echo "<!doctype html><title>contract</title>" > "$dir/web-$engine/index.html"
  RUST_LOG=warn DATABASE_URL="$url" HOST=127.0.0.1 PORT=$port PUBLIC_URL="$base" WEB_DIR="$dir/web-$engine" \
    DEMO_DATA=on RATE_LIMITS=off DEV_OUTBOX=on SECRET_KEY="schemathesis-$RANDOM-$RANDOM-$RANDOM-$RANDOM-key" \
    "$api_bin" > "$dir/server-$engine.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do curl -fs -o /dev/null "$base/healthz" && break; sleep 0.1; done
  curl -fs -o /dev/null "$base/healthz" || { echo "the server did not start:"; cat "$dir/server-$engine.log"; return 1; }
  token=$(sign_in "$base" learner 'Learner#2026') || { echo "cannot sign in as the demo learner"; return 1; }
  mentor_token=$(sign_in "$base" mentor 'Mentor#2026') || { echo "cannot sign in as the demo mentor"; return 1; }
  admin_token=$(sign_in "$base" admin 'Admin#2026') || { echo "cannot sign in as the demo admin"; return 1; }
  echo "==> schemathesis on $engine ($base, $examples examples per operation)"
  started=$SECONDS
  local status=0
  st() {
    # From the temporary folder: schemathesis keeps a crash cache in ./.schemathesis.
    # One worker: with two threads, Hypothesis's lambda descriptions call
    # ast.parse concurrently, which CPython 3.11 can crash on ("SystemError:
    # AST constructor recursion depth mismatch"), failing the pass with a
    # runtime error that says nothing about the API (seen once in CI).
    mkdir -p "$dir/$engine"
    (cd "$dir/$engine" && "$venv/bin/schemathesis" --config-file "$dir/schemathesis.toml" \
      run "$base/api/openapi.json" --checks all --max-examples "$examples" --seed 1 \
      --workers 1 --generation-database none --no-color "$@")
  }
  # The notification stream answers for minutes (events, then heartbeats,
  # until its five minutes end): each generated call would wait that long.
  # Its answers (200 with the event-stream headers, 400 for a bad id, 401)
  # are tested in api/tests/it/notifications.rs and the authorization matrix.
  st --exclude-path /api/logout/ --exclude-path /auth/users/set_password/ \
    --exclude-operation-id streamNotifications \
    -H "Authorization: Bearer $token" || status=$?
  st --include-path /api/logout/ || status=$?
  # The mentor's and the administrator's operations answer the learner
  # 403 only: a pass of their own as the demo mentor and the demo admin.
  # Not yet PATCH /api/mentor/profile/: poem-openapi reads a number or a
  # boolean sent for a string as its text (`"expertise": [false]` is taken
  # as the tag "false"), which negative_data_rejection reports (ST201).
  st --include-path-regex '^/api/mentor/' --exclude-operation-id updateMyMentorProfile \
    -H "Authorization: Bearer $mentor_token" || status=$?
  st --include-path-regex '^/api/admin/' -H "Authorization: Bearer $admin_token" || status=$?
  echo "schemathesis on $engine: $((SECONDS - started)) s, exit $status"
  return $status
)

# The answers to schema-valid requests that depend on what is stored, which
# no schema can say; positive_data_acceptance takes them as right answers
# for these operations only (every other check still applies):
cat > "$dir/schemathesis.toml" <<'TOML'
# register: an address that already has an account, a password on the
# common-password list, or re_password differing from password: 400 (SPEC's
# register answer; JSON Schema cannot compare two fields).
[[operations]]
include-operation-id = "register"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# A uid and token that open no account (every generated one): 400 under the
# field (djoser).
[[operations]]
include-operation-id = "activate"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "resetPasswordConfirm"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# An address with no account: 400 "This email is not registered" (SPEC §8).
[[operations]]
include-operation-id = "resetPassword"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# A credential Google did not sign for this app (and Google sign-in is not
# set up on the test server): 400 {"error"} (SPEC §8).
[[operations]]
include-operation-id = "googleAuth"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "googleLink"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# The demo learner already has a password: 400 under current_password.
[[operations]]
include-operation-id = "setPasswordLink"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# An application to become a mentor: the domain's rules (a LinkedIn profile
# address, a phone number, a bio of 50 visible characters, a photo the
# caller uploaded) say more than a schema can: 400 under the field. With
# an account: also registration's answers (see register).
[[operations]]
include-operation-id = "applyToMentor"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "applyToMentorWithAccount"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# A mentor's open slots: `service` must be one the mentor offers, and
# `from` and `to` dates or instants at most 92 days apart, which a schema
# of plain strings cannot say: 400 under the field; no such mentor: 404.
[[operations]]
include-operation-id = "listMentorSlots"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404"]

# The mentor's TDS statement: `fy` must be a financial year whose second
# part follows its first (2026-27) and `quarter` one of Q1 to Q4, which a
# schema of plain strings cannot say: 400 under the field.
[[operations]]
include-operation-id = "tdsStatement"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403"]

# E-mail preferences: the kinds are the crate's list
# (domain-wasm/src/notifications.rs), which an open map cannot name: a key
# that is not a kind, or a kind whose e-mail is always sent, is a 400 under
# the key.
[[operations]]
include-operation-id = "setNotificationPreferences"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# A mentor's reviews: no such mentor (most generated ids): 404.
[[operations]]
include-operation-id = "listMentorReviews"
checks.positive_data_acceptance.expected-statuses = ["2xx", "404"]

# My profile's time zone must be one the zone data knows (the schema gives
# the shape of a name, e.g. Asia/Kolkata): 400 under time_zone otherwise.
[[operations]]
include-operation-id = "updateMe"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401"]

# Bookings (issue 12). A booking's service must be one that is offered and
# not the caller's own, its start one of the service's open slots (400
# under the field), and free (409). A list as=mentor by the learner: 403.
# A booking id no one holds (every generated one): 404. What the
# transition table refuses: 409.
[[operations]]
include-operation-id = "createBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "409"]

# Money (issue 13). Payout details: an IFSC, account number or UPI id that
# the method needs, checked by the domain's rules (400 under the field). A
# refund's approval above what is left, a payout period ending in the
# future, a refund status that is not one: 400. Everything else stored
# (no such refund, batch or line; not in a state to change): 404, 409.
# The learner's pass meets the role-limited ones too: 403.
[[operations]]
include-operation-id = "setPayoutDetails"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "approveRefund"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "rejectRefund"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "createPayoutBatch"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "listRefunds"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "requestRefund"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "payoutLineFailed"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "listBookings"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "403"]

[[operations]]
include-operation-id = "getBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "404"]

[[operations]]
include-operation-id = "bookingCalendar"
checks.positive_data_acceptance.expected-statuses = ["2xx", "404"]

[[operations]]
include-operation-id = "acceptBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

[[operations]]
include-operation-id = "declineBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

[[operations]]
include-operation-id = "cancelBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

[[operations]]
include-operation-id = "rescheduleBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

[[operations]]
include-operation-id = "reportNoShow"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

[[operations]]
include-operation-id = "leaveFeedback"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409"]

# The mentor's profile, services and availability, and the commission
# overrides: the domain's rules (years from 1940 to 2100, an entry's
# required parts, an IANA time zone, a mentor id that exists) say more
# than a schema can: 400 under the field.
[[operations]]
include-operation-id = "updateMyMentorProfile"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "addService"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "updateService"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "setAvailability"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "setCommission"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# Webhook endpoints: a URL the site may send to and event names of the list
# are rules no schema states (400 under the field); an id that names no
# endpoint is a 404. A URL past its 2,000 characters may be generated past
# the 64 KiB every body is held to: refused with 413 before it is read.
[[operations]]
include-operation-id = "createWebhookEndpoint"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]
checks.negative_data_rejection.expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]

[[operations]]
include-operation-id = "changeWebhookEndpoint"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]
checks.negative_data_rejection.expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]

# Photo uploads: any bytes match `string (binary)`, but only a real JPEG,
# PNG or WebP image of 64 to 40 million pixels is taken (400 under photo
# otherwise); 20 uploads an hour per account would be 429 with limits on.
[[operations]]
include-operation-id = "uploadApplicationPhoto"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[[operations]]
include-operation-id = "uploadMentorPhoto"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# Payments (issue 12). A checkout of a booking that awaits no payment: 409;
# the booking's mentor: 403; the gateway down: 503. A callback whose
# signature does not hold (every generated one): 400, booking unchanged. A
# webhook without a valid X-Razorpay-Signature over its raw body (every
# generated one): 400. A sandbox payment of an order already paid: 409; a
# failure asked for: 402.
[[operations]]
include-operation-id = "checkoutBooking"
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "503"]

[[operations]]
include-operation-id = "verifyPayment"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404"]

[[operations]]
include-operation-id = "razorpayWebhook"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

[[operations]]
include-operation-id = "paySandboxOrder"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "402", "404", "409"]
TOML

# The engines side by side (each pass is one Python process, mostly on one
# core): each one's output goes to its log, printed whole when it ends.
declare -A engine_pid=()
for engine in "${engines[@]}"; do
  run_engine "$engine" > "$dir/run-$engine.log" 2>&1 &
  engine_pid[$engine]=$!
done
failed=()
for engine in "${engines[@]}"; do
  wait "${engine_pid[$engine]}" || failed+=("$engine")
  cat "$dir/run-$engine.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "schemathesis found failures on: ${failed[*]}"
  exit 1
fi
echo "schemathesis: 0 failures on ${engines[*]}"
