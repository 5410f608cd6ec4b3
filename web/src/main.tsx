import "@/index.css";
import { noSessionAtLoad } from "@/features/auth/sessionHint";
import { registerServiceWorker } from "@/features/protection/serviceWorker";
import { startLanding } from "@/landingMain";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

/**
 * The app's screens and libraries, a chunk of their own. A first load at "/" without a session is
 * the landing page, which runs without them (landingMain.tsx) and loads them when the visitor
 * leaves it; every other first load starts the app at once (the server preloads its chunk with
 * the page, internal/httpapi/shell.go).
 */
const loadApp = () => import("@/appMain");

if (noSessionAtLoad() && window.location.pathname === "/") startLanding(root, loadApp);
else void loadApp().then((app) => app.startApp(root));

if (import.meta.env.PROD) registerServiceWorker();
