/*
 * Kormeer service worker (spec 000 §9, 001 §7). Registered at the site root with scope "/" by
 * src/features/protection/serviceWorker.ts in production builds only.
 *
 * It caches ONLY the app's static build files: the hashed /assets/* files (cache first: their
 * names change with their content) and the index.html shell (cached under "/"), which is fetched network
 * first and used only as the offline fallback for page navigations. API answers (/api, /ws, /health,
 * /metrics-system, /objects) are never cached or even intercepted: they carry user data.
 */
const VERSION = "1";
const CACHE = `kormeer-static-v${VERSION}`;
const NEVER = ["/api/", "/api", "/ws", "/health", "/metrics-system", "/objects/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request("/", { cache: "reload" })))
      .catch(() => undefined),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kormeer-static-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") self.skipWaiting();
});

function isNeverCached(pathname) {
  return NEVER.some((p) => pathname === p || pathname.startsWith(p.endsWith("/") ? p : `${p}/`));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url.pathname)) return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((res) => {
              if (res.ok && res.type === "basic") void cache.put(request, res.clone());
              return res;
            }),
        ),
      ),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((res) => {
          const type = res.headers.get("Content-Type") || "";
          if (res.ok && type.startsWith("text/html")) {
            const copy = res.clone();
            void caches.open(CACHE).then((cache) => cache.put("/", copy));
          }
          return res;
        })
        .catch(() => caches.open(CACHE).then((cache) => cache.match("/")).then((hit) => hit || Response.error())),
    );
  }
});
