// Package deploy holds Kormeer's deployment artefacts that are not Go (the systemd unit, the
// reverse proxy's configuration, the Prometheus rules; the Dockerfile and compose.yaml are at the
// repository's root). No container daemon runs where the tests run, so deploy_test.go parses each
// artefact and checks what would otherwise break only in production.
package deploy
