#!/usr/bin/env bash
# Installs the command-line tools some integration tests need: docker-compose, used by
# scripts/docker-compose.int.test.ts to validate docker-compose.yml, and Debian's chromium, the headless
# browser the end-to-end suite (e2e/) drives through playwright-core. Safe to run any number of times:
# it does nothing when the tools are already there, and runs `apt-get update` at most once per call.
set -euo pipefail

apt_updated=0
missing=0

can_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-test-tools: cannot install $1: not running as root (try: sudo $0)." >&2
    return 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: cannot install $1: apt-get is not available on this machine; install it with your package manager." >&2
    return 1
  fi
  return 0
}

apt_install() {
  local package="$1"
  if [ "$apt_updated" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  # Without recommends: validating a compose file needs only the Python tool, not a Docker engine, and
  # headless Chromium needs no desktop integration.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package"
}

ensure_command() {
  local command_name="$1" package="$2"
  if command -v "$command_name" >/dev/null 2>&1; then
    echo "ensure-test-tools: $command_name is installed ($("$command_name" --version 2>/dev/null | head -n 1))."
    return 0
  fi
  if ! can_install "$package"; then
    missing=1
    return 0
  fi
  echo "ensure-test-tools: installing $package..."
  if apt_install "$package" && command -v "$command_name" >/dev/null 2>&1; then
    echo "ensure-test-tools: installed $command_name ($("$command_name" --version 2>/dev/null | head -n 1))."
  else
    echo "ensure-test-tools: apt-get could not install $package." >&2
    missing=1
  fi
}

ensure_command docker-compose docker-compose
ensure_command chromium chromium

if [ "$missing" -ne 0 ]; then
  # Not fatal here: the tests that need a missing tool fail with a message naming this script.
  echo "ensure-test-tools: some tools are missing; the tests that need them will fail and say so." >&2
fi
exit 0
