#!/usr/bin/env bash
# Generates the next drizzle migration from src/server/db/schema.ts, one engineer at a time.
# Usage: scripts/db-generate.sh <name>
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/fleetpilot-migrations.lock
flock 9
npx drizzle-kit generate --name "${1:?migration name}"
