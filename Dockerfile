# syntax=docker/dockerfile:1
# Kormeer's container image: the static binary (scripts/build-static.sh, as `make static`) with the
# web app embedded, run as a non-root user in a distroless image (no shell, no package manager).
# docs/DEPLOYMENT.md explains the settings; compose.yaml runs two instances behind Caddy.
#   docker build --build-arg VERSION=$(git describe --tags --always) --build-arg COMMIT=$(git rev-parse HEAD) -t kormeer .

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=dev
ARG COMMIT=unknown
ARG BUILT=unknown
RUN VERSION=$VERSION COMMIT=$COMMIT BUILT=$BUILT ./scripts/build-static.sh /out/kormeer && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/kormeer /kormeer
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV KORMEER_LISTEN=0.0.0.0:8080 \
    KORMEER_METRICS_ADDR=0.0.0.0:9464 \
    KORMEER_DATABASE_URL=/data/kormeer.db \
    KORMEER_DATA_DIR=/data \
    KORMEER_LOG_FORMAT=json
EXPOSE 8080 9464
VOLUME ["/data"]
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=4s --start-period=60s --retries=3 \
    CMD ["/kormeer", "healthcheck", "--url", "http://127.0.0.1:8080/readyz"]
ENTRYPOINT ["/kormeer"]
CMD ["serve"]
