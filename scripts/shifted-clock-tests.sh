#!/usr/bin/env bash
# Runs the date-bound tests (not the whole suite) once under each shifted clock, with libfaketime (Debian's
# `faketime` package): the whole run — vitest, its workers, the in-memory PGlite database — sees the shifted date,
# and src/test/clock.test.ts checks that it does (TEST_EXPECT_NOW). The clocks, as instants in UTC:
#   2026-03-29T01:30:00Z  last Sunday of March: a clock set to 02:30 in Amsterdam, an hour that does not exist
#                         (02:00 CET jumps to 03:00 CEST), lands here, at 03:30 CEST
#   2026-10-25T00:30:00Z  last Sunday of October, 02:30 CEST: the first of the two 02:30s in Amsterdam
#   2026-12-31T22:59:00Z  New Year's Eve, 23:59 in Amsterdam
#   2026-07-31T22:30:00Z  the 1st of August, 00:30 in Amsterdam (still 31 July in UTC)
# Usage: scripts/shifted-clock-tests.sh [instant…]   (default: the four above). docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

CLOCKS=("$@")
[ ${#CLOCKS[@]} -gt 0 ] || CLOCKS=(2026-03-29T01:30:00Z 2026-10-25T00:30:00Z 2026-12-31T22:59:00Z 2026-07-31T22:30:00Z)

LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n 1 || true)
if [ -z "$LIB" ]; then
  echo "shifted-clock-tests: libfaketime is not installed (apt-get install -y faketime)" >&2
  exit 1
fi

# The tests whose outcome depends on the date: months, weeks, deadlines, holidays, terms.
API_TESTS=(
  src/test/clock.test.ts
  src/test/factories.test.ts
  src/modules/statements/statements.routes.test.ts
  src/modules/statements/statement-files.routes.test.ts
  src/modules/statements/statements.property.test.ts
  src/modules/payouts/payouts.routes.test.ts
  src/modules/payouts/payout-plan.test.ts
  src/modules/dashboard/dashboard.routes.test.ts
  src/modules/dashboard/dashboard-figures.test.ts
  src/modules/statements/statement-totals.test.ts
  src/modules/reservations/deadlines/reservation-deadlines.routes.test.ts
  src/modules/reservations/list/reservations-list.routes.test.ts
  src/modules/workshops/holiday-and-iban.routes.test.ts
  src/templates/documents/statement.test.ts
  src/templates/documents/payout-file.test.ts
)
CONTRACT_TESTS=(src/dates.test.ts src/workshops/holiday.test.ts)

failed=()
for at in "${CLOCKS[@]}"; do
  # A relative offset, so vitest and every worker it starts later share one shifted clock (an absolute
  # FAKETIME would start each process's clock anew). Monotonic time stays real: timers keep their length.
  offset=$(printf %+d $(($(date -u -d "$at" +%s) - $(date -u +%s))))
  echo "shifted-clock-tests: clock at $at (Amsterdam: $(TZ=Europe/Amsterdam date -d "$at" '+%F %T %Z'))"
  run() {
    env LD_PRELOAD="$LIB" FAKETIME="${offset}s" FAKETIME_DONT_FAKE_MONOTONIC=1 \
      TEST_EXPECT_NOW="$at" "$@"
  }
  # The printed check: what a process under this clock reads as now.
  run node -e 'console.log(`shifted-clock-tests: node reads ${new Date().toISOString()}`)'
  run npx vitest run --project contract "${CONTRACT_TESTS[@]/#/packages/contract/}" || failed+=("$at (contract)")
  run npx vitest run --project api "${API_TESTS[@]}" || failed+=("$at (api)")
done
# Every clock runs, so one run names every clock that fails.
if [ ${#failed[@]} -gt 0 ]; then
  echo "shifted-clock-tests: FAILED under: ${failed[*]}" >&2
  exit 1
fi
echo "shifted-clock-tests: green under ${#CLOCKS[@]} clock(s)"
