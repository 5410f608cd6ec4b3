# Kormeer's task index. `make run` and `make test` are the two commands of the quick start; both
# install what they need (npm packages, Debian's Chromium for the browser tests).

GO       ?= go
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT   ?= $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
BUILT    ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
LDFLAGS  := -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.buildDate=$(BUILT)
ADDR     ?= 127.0.0.1:8080
WEB_SRC  := $(shell find web/src web/public -type f 2>/dev/null) $(wildcard web/scripts/*.ts) web/index.html web/vite.config.ts web/package.json

.PHONY: run build static web openapi tools test test-go fuzz test-web test-e2e bench webperf lint vulncheck clean

## run: build and start the portal on SQLite with demo data
run: build
	./bin/kormeer serve --demo --listen $(ADDR)

## build: bin/kormeer with the web app embedded
build: web
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/kormeer ./cmd/kormeer

## static: bin/kormeer-static, the binary the container image ships (scripts/build-static.sh, no cgo)
static: web
	VERSION=$(VERSION) COMMIT=$(COMMIT) BUILT=$(BUILT) ./scripts/build-static.sh bin/kormeer-static

## openapi: write api/openapi.json from the route table and the web app's types from it (docs/API.md)
openapi: web
	$(GO) run ./cmd/kormeer openapi > api/openapi.json.tmp && mv api/openapi.json.tmp api/openapi.json
	cd web && npm run gen:api

web: web/dist/index.html

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build

## test: everything: Go (with -race, on PostgreSQL too when KORMEER_TEST_POSTGRES_URL is set), fuzzing, web unit tests, browser tests
test: tools test-go fuzz test-web test-e2e

## tools: Debian packages the tests need (Chromium, pdftotext)
tools:
	./scripts/ensure-tools.sh

test-go: web
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 30m ./...

## fuzz: each Go fuzz target for a number of inputs, about three seconds' worth on a quiet 2-core
## machine (-fuzz takes one target per run); a crash fails and its input is written under the
## package's testdata/fuzz/ to be committed with the fix. Counts, not durations: with a duration,
## Go 1.26's fuzzing coordinator can fail a run that found nothing, "context deadline exceeded" as
## the time ends (golang/go#75804, fixed in Go 1.27; it failed CI once, on FuzzDecodeJSON); a count
## has no deadline. FUZZSCALE multiplies every count (make fuzz FUZZSCALE=20 for a longer run).
FUZZSCALE ?= 1
fuzz-target = $(GO) test -run '^$$' -fuzz '^$(1)$$' -fuzztime $(shell echo $$(( $(2) * $(FUZZSCALE) )))x $(3)
fuzz:
	$(call fuzz-target,FuzzParseAmount,100000,./internal/domain)
	$(call fuzz-target,FuzzValidateTransfer,100000,./internal/domain)
	$(call fuzz-target,FuzzDecodeJSON,15000,./internal/httpapi)
	$(call fuzz-target,FuzzParseTxFilter,10000,./internal/httpapi)
	$(call fuzz-target,FuzzSafeCells,10000,./internal/httpapi)
	$(call fuzz-target,FuzzProcessImage,50000,./internal/objects)
	$(call fuzz-target,FuzzSearch,60000,./internal/sanctions)
	$(call fuzz-target,FuzzParseLists,30000,./internal/sanctions)
	$(call fuzz-target,FuzzParse,100000,./internal/iso20022)

test-web: web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm test

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	@touch $@

test-e2e: build e2e/node_modules/.package-lock.json tools
	cd e2e && npx playwright test

## bench: Go benchmarks (figures go to docs/PERFORMANCE.md)
bench: web
	$(GO) test -run '^$$' -bench . -benchmem -count=1 ./...

## webperf: the web app on a slow phone (Chromium, CPU ×4, DevTools' Slow 4G, cache off): FCP, LCP
## and interactive of the landing page and the dashboard, median of WEBPERF_RUNS cold loads against
## a fresh `serve --demo` (figures for docs/PERFORMANCE.md; not part of test)
WEBPERF_RUNS   ?= 5
WEBPERF_LISTEN ?= 127.0.0.1:0
webperf: build tools
	cd web && node perf/timeline.mjs --binary ../bin/kormeer --listen $(WEBPERF_LISTEN) --runs $(WEBPERF_RUNS)

## lint: go vet, gofmt, staticcheck, and the web app's type check (translation keys included) and
## ESLint. It builds web/dist first: the Go packages embed it, so vet cannot type-check without it
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint: web
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) run $(STATICCHECK) ./...
	cd web && npm run typecheck && npm run lint

## vulncheck: known vulnerabilities in the Go modules and the npm packages. Needs vuln.go.dev and
## the npm audit service, which CI machines cannot reach: run it where they can (not part of test)
GOVULNCHECK ?= golang.org/x/vuln/cmd/govulncheck@v1.9.0
vulncheck: web
	$(GO) run $(GOVULNCHECK) ./...
	cd web && npm audit --omit=dev
	cd e2e && npm audit

clean:
	rm -rf bin web/dist
