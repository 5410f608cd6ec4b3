package deploy

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/collectors"
	"go.yaml.in/yaml/v3"

	"github.com/kormeer/kormeer/internal/config"
	"github.com/kormeer/kormeer/internal/metrics"
	"github.com/kormeer/kormeer/internal/store"
)

// instruction is one Dockerfile instruction with its continuation lines joined.
type instruction struct{ op, args string }

func dockerfile(t *testing.T) []instruction {
	t.Helper()
	f, err := os.Open("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instruction
	var cur string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if cur == "" && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if strings.HasSuffix(line, "\\") {
			cur += strings.TrimSuffix(line, "\\") + " "
			continue
		}
		cur += line
		op, args, _ := strings.Cut(cur, " ")
		out = append(out, instruction{strings.ToUpper(op), strings.TrimSpace(args)})
		cur = ""
	}
	return out
}

// The image builds the binary with the same script as `make static`, runs it as a non-root user
// in a distroless final stage, checks readiness with the binary itself and stops with SIGTERM.
func TestDockerfile(t *testing.T) {
	ins := dockerfile(t)
	var stages []string
	for _, in := range ins {
		if in.op == "FROM" {
			stages = append(stages, in.args)
		}
	}
	if len(stages) < 2 || !strings.HasPrefix(stages[len(stages)-1], "gcr.io/distroless/static") {
		t.Fatalf("stages %v: the last must be distroless static", stages)
	}
	last := 0
	for i, in := range ins {
		if in.op == "FROM" {
			last = i
		}
	}
	final := ins[last:]
	find := func(op string, in []instruction) []string {
		var out []string
		for _, x := range in {
			if x.op == op {
				out = append(out, x.args)
			}
		}
		return out
	}
	if u := find("USER", final); len(u) != 1 || strings.HasPrefix(u[0], "0") || strings.HasPrefix(u[0], "root") {
		t.Errorf("final stage USER %v: want one non-root user", u)
	}
	if !slices.ContainsFunc(find("RUN", ins[:last]), func(s string) bool { return strings.Contains(s, "./scripts/build-static.sh") }) {
		t.Error("the build stage does not use scripts/build-static.sh (the script `make static` runs)")
	}
	hc := find("HEALTHCHECK", final)
	if len(hc) != 1 || !strings.Contains(hc[0], `"/kormeer", "healthcheck"`) || !strings.Contains(hc[0], "/readyz") {
		t.Errorf("HEALTHCHECK %v: want the binary's healthcheck on /readyz", hc)
	}
	if s := find("STOPSIGNAL", final); len(s) != 1 || s[0] != "SIGTERM" {
		t.Errorf("STOPSIGNAL %v", s)
	}
	if e := find("ENTRYPOINT", final); len(e) != 1 || e[0] != `["/kormeer"]` {
		t.Errorf("ENTRYPOINT %v", e)
	}
	// Every variable the image sets is a setting Kormeer reads.
	for _, env := range find("ENV", final) {
		for _, kv := range strings.Fields(env) {
			name, _, _ := strings.Cut(kv, "=")
			if !isSetting(name) {
				t.Errorf("ENV %s is not a Kormeer setting", name)
			}
		}
	}
	b, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^static:.*\n(\t.*\n)*\t.*scripts/build-static\.sh`).Match(b) {
		t.Error("the Makefile's static target does not run scripts/build-static.sh")
	}
}

// isSetting reports whether name is one of config.Vars, directly or as its _FILE form.
func isSetting(name string) bool {
	for _, v := range config.Vars {
		if name == v.Env || (v.Secret && name == v.Env+"_FILE") {
			return true
		}
	}
	return false
}

// compose.yaml runs PostgreSQL, two Kormeer instances from the image and a reverse proxy whose
// configuration reaches both instances; every Kormeer variable exists and secrets come from files.
func TestCompose(t *testing.T) {
	b, err := os.ReadFile("../compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Build       any               `yaml:"build"`
			Image       string            `yaml:"image"`
			Environment map[string]string `yaml:"environment"`
			Secrets     []string          `yaml:"secrets"`
			Volumes     []string          `yaml:"volumes"`
			DependsOn   any               `yaml:"depends_on"`
			Ports       []string          `yaml:"ports"`
			Command     []string          `yaml:"command"`
		} `yaml:"services"`
		Secrets map[string]struct {
			File string `yaml:"file"`
		} `yaml:"secrets"`
	}
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	var instances []string
	for name, s := range c.Services {
		if s.Build == nil {
			continue
		}
		instances = append(instances, name)
		if s.Environment["KORMEER_TRUST_PROXY"] != "true" {
			t.Errorf("%s: behind the proxy it must trust X-Forwarded-For", name)
		}
		for k, v := range s.Environment {
			if !isSetting(k) {
				t.Errorf("%s: %s is not a Kormeer setting", name, k)
			}
			if strings.HasSuffix(k, "_FILE") {
				secret := strings.TrimPrefix(v, "/run/secrets/")
				if !slices.Contains(s.Secrets, secret) || c.Secrets[secret].File == "" {
					t.Errorf("%s: %s=%s is not a secret mounted from a file", name, k, v)
				}
			}
		}
		if strings.Contains(strings.ToLower(s.Environment["KORMEER_DATABASE_URL"]), "postgres") {
			t.Errorf("%s: the database URL (with its password) belongs in a secret file", name)
		}
	}
	slices.Sort(instances)
	if len(instances) != 2 {
		t.Fatalf("instances %v: want two", instances)
	}
	if pg, ok := c.Services["postgres"]; !ok || !strings.HasPrefix(pg.Image, "postgres:") {
		t.Error("no postgres service")
	} else if !slices.Contains(pg.Command, "max_wal_size=8GB") || !slices.Contains(pg.Command, "checkpoint_timeout=15min") {
		t.Errorf("postgres command %q: checkpoints by time need max_wal_size=8GB and checkpoint_timeout=15min (docs/DEPLOYMENT.md)", pg.Command)
	}
	proxy, ok := c.Services["proxy"]
	if !ok || !slices.ContainsFunc(proxy.Volumes, func(v string) bool { return strings.HasPrefix(v, "./deploy/Caddyfile:") }) {
		t.Fatal("no proxy service with deploy/Caddyfile")
	}
	caddy, err := os.ReadFile("Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range instances {
		if !strings.Contains(string(caddy), name+":8080") {
			t.Errorf("the Caddyfile does not proxy to %s", name)
		}
	}
	for _, want := range []string{"health_uri /readyz", "header_up X-Request-Id"} {
		if !strings.Contains(string(caddy), want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
	if strings.Contains(string(caddy), "header_up -Upgrade") || strings.Contains(string(caddy), "header_up -Connection") {
		t.Error("the Caddyfile strips the WebSocket upgrade")
	}
}

// The systemd unit hands every secret over with LoadCredential= and the matching *_FILE
// variable, and names only settings Kormeer has.
func TestSystemdUnit(t *testing.T) {
	b, err := os.ReadFile("kormeer.service")
	if err != nil {
		t.Fatal(err)
	}
	creds := map[string]bool{}
	env := map[string]string{}
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("not a key=value line: %q", line)
		}
		switch {
		case section == "[Service]" && key == "LoadCredential":
			id, path, _ := strings.Cut(val, ":")
			if !strings.HasPrefix(path, "/etc/kormeer/") {
				t.Errorf("credential %s from %q", id, path)
			}
			creds[id] = true
		case section == "[Service]" && key == "Environment":
			k, v, _ := strings.Cut(val, "=")
			env[k] = v
		}
	}
	if len(creds) == 0 {
		t.Fatal("no LoadCredential=")
	}
	for k, v := range env {
		if !isSetting(k) {
			t.Errorf("Environment=%s is not a Kormeer setting", k)
		}
		if strings.HasSuffix(k, "_FILE") {
			id, ok := strings.CutPrefix(v, "%d/")
			if !ok || !creds[id] {
				t.Errorf("%s=%s does not read a loaded credential", k, v)
			}
			delete(creds, id)
		}
	}
	for id := range creds {
		t.Errorf("credential %s is loaded but no *_FILE setting reads it", id)
	}
	for _, secret := range []string{"KORMEER_DATABASE_URL", "KORMEER_MASTER_KEY"} {
		if _, ok := env[secret]; ok {
			t.Errorf("%s is in the unit in clear", secret)
		}
		if _, ok := env[secret+"_FILE"]; !ok {
			t.Errorf("%s_FILE is not set from a credential", secret)
		}
	}
	if v, err := exec.LookPath("systemd-analyze"); err == nil {
		if out, err := exec.Command(v, "verify", "--man=no", "kormeer.service").CombinedOutput(); err != nil &&
			strings.Contains(string(out), "Unknown key") {
			t.Errorf("systemd-analyze: %s", out)
		}
	}
}

// Every metric the alerting rules use is one the portal exports.
func TestPrometheusRulesUseExportedMetrics(t *testing.T) {
	b, err := os.ReadFile("prometheus-rules.yml")
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert string `yaml:"alert"`
				Expr  string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	if err := yaml.Unmarshal(b, &rules); err != nil {
		t.Fatal(err)
	}
	exported := exportedMetrics(t)
	name := regexp.MustCompile(`\b(kormeer|go_sql)_[a-z_]+\b`)
	n := 0
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			if r.Alert == "" || r.Expr == "" {
				t.Errorf("rule %+v: alert and expr are required", r)
			}
			for _, m := range name.FindAllString(r.Expr, -1) {
				n++
				base := m
				for _, suffix := range []string{"_bucket", "_count", "_sum"} {
					base = strings.TrimSuffix(base, suffix)
				}
				if !exported[m] && !exported[base] {
					t.Errorf("%s uses %s, which Kormeer does not export", r.Alert, m)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no Kormeer metric in the rules")
	}
}

// exportedMetrics are the metric names of a running portal's registry (metrics.New and the
// database pool's collector, as cmd/kormeer registers them), each vector observed once so that
// it shows.
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec := metrics.New()
	rec.Registry.MustRegister(collectors.NewDBStatsCollector(st.DB(), "kormeer"))
	rec.Observe("GET /x", 500, 1)
	rec.Alerts.WithLabelValues("critical").Inc()
	rec.Deliveries.WithLabelValues("email", "failed").Inc()
	families, err := rec.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range families {
		out[f.GetName()] = true
	}
	return out
}
