#!/usr/bin/env bash
# The kiosk unit's hardening score: `systemd-analyze security --offline=true` on
# deploy/berlin-table.service must stay at or below MAX (1.0; "SAFE" is below 1.0), and
# `systemd-analyze verify` must accept the unit. Needs no running systemd.
#
#   scripts/unit-security.sh            # score, verify, fail above 1.0
#   UNIT_SECURITY_MAX=0.5 scripts/unit-security.sh
#
# Without systemd-analyze, or with one too old for --offline (systemd < 250), it prints
# "SKIP: <reason>" and exits 0.
set -uo pipefail
cd "$(dirname "$0")/.."
UNIT=deploy/berlin-table.service
MAX="${UNIT_SECURITY_MAX:-1.0}"

if ! command -v systemd-analyze >/dev/null; then
    echo "SKIP: systemd-analyze is not installed (Debian: apt-get install systemd)"
    exit 0
fi
if ! systemd-analyze security --help 2>/dev/null | grep -q -- '--offline'; then
    echo "SKIP: $(systemd-analyze --version | head -n 1) has no 'security --offline' (systemd 250+)"
    exit 0
fi

status=0
out=$(systemd-analyze security --offline=true --no-pager "$UNIT" 2>&1)
rc=$?
# The findings still open, then the overall line.
echo "$out" | grep -E '^✗' || true
line=$(echo "$out" | grep -E 'Overall exposure level' | tail -n 1)
score=$(echo "$line" | sed -nE 's/.*: ([0-9]+\.[0-9]+) .*/\1/p')
if [ -z "$score" ]; then
    echo "$out"
    echo "FAIL: no score from systemd-analyze security (exit $rc)"
    exit 1
fi
echo "$line"
if awk -v s="$score" -v m="$MAX" 'BEGIN { exit !(s > m) }'; then
    echo "FAIL: exposure $score is above $MAX: harden $UNIT again (docs/deploy.md section 12)"
    status=1
else
    echo "PASS: exposure $score <= $MAX"
fi

# verify wants ExecStart= to exist: check a copy that runs /bin/true instead.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -E 's#^ExecStart=[^ ]+#ExecStart=/bin/true#' "$UNIT" >"$tmp/berlin-table.service"
if verify=$(systemd-analyze verify --no-pager "$tmp/berlin-table.service" 2>&1) && [ -z "$verify" ]; then
    echo "PASS: systemd-analyze verify: no complaints"
else
    echo "$verify"
    echo "FAIL: systemd-analyze verify complains about $UNIT"
    status=1
fi
exit "$status"
