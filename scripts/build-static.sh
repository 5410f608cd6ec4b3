#!/bin/sh
# Builds the static kormeer binary (no cgo: the SQLite driver is pure Go) that the container image
# ships. `make static` and the Dockerfile both run this script, so they build the same binary.
# The web app must be built into web/dist first (`make web`, or the image's web stage).
#   scripts/build-static.sh OUT   (VERSION, COMMIT and BUILT from the environment)
set -eu
out=${1:?usage: build-static.sh OUT}
[ -f web/dist/index.html ] || { echo "build-static: web/dist is missing: build the web app first" >&2; exit 1; }
CGO_ENABLED=0 go build -trimpath \
  -ldflags "-s -w -X main.version=${VERSION:-dev} -X main.commit=${COMMIT:-unknown} -X main.buildDate=${BUILT:-unknown}" \
  -o "$out" ./cmd/kormeer
# A static binary records CGO_ENABLED=0 in its build information; refuse anything else.
go version -m "$out" | grep -q 'CGO_ENABLED=0' || { echo "build-static: $out is not static" >&2; exit 1; }
