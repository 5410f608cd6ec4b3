import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFERRED_GROUPS } from "../src/i18n/groups.ts";
import { groupsNamed, lazyImports, staticClosure, staticImports } from "./firstLoadStrings";
import { splitStrings } from "./i18nSplit";

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const en = JSON.parse(readFileSync(path.join(srcDir, "i18n/en.json"), "utf8")) as Parameters<typeof splitStrings>[0];
const rel = (file: string) => path.relative(srcDir, file);

/** The first load: the entry (landing page included), the app and the signed-in shell with the dashboard. */
const FIRST_LOAD_ROOTS = ["main.tsx", "appMain.tsx", "features/shell/AuthenticatedApp.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Each file of `files` that names a deferred group, with the groups it names. */
function deferredUses(files: string[]): string[] {
  return files.flatMap((f) => {
    const named = groupsNamed(readFileSync(f, "utf8"), DEFERRED_GROUPS);
    return named.length ? [`${rel(f)}: ${named.join(", ")}`] : [];
  });
}

describe("the English strings left out of the first load (issue 15)", () => {
  it("names only groups of en.json, and splits it without losing or doubling a string", () => {
    const { core, deferred } = splitStrings(en, DEFERRED_GROUPS);
    expect(Object.keys(deferred)).toEqual(expect.arrayContaining(["users", "settings"]));
    expect((core.settings as Record<string, unknown>).nav).toBeDefined();
    expect((core.settings as Record<string, unknown>).totp).toBeUndefined();
    const leaves = (tree: unknown, at = ""): string[] =>
      typeof tree === "string" ? [at] : Object.entries(tree as object).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k));
    expect([...leaves(core), ...leaves(deferred)].sort()).toEqual(leaves(en).sort());
    expect(() => splitStrings(en, ["settings.noSuchGroup"])).toThrow(/no group settings.noSuchGroup/);
  });

  it("are named by no file of the first load", () => {
    const files = staticClosure(srcDir, FIRST_LOAD_ROOTS);
    // The walk does reach the screens (the check below can fail).
    expect(files.map(rel)).toEqual(expect.arrayContaining(["features/landing/LandingPage.tsx", "features/dashboard/DashboardPage.tsx"]));
    expect(deferredUses(files)).toEqual([]);
  });

  it("load before any lazily loaded screen that names them", () => {
    const plainLazy = sourceFiles(srcDir).flatMap((file) =>
      lazyImports(readFileSync(file, "utf8"))
        .filter((l) => l.helper === "lazy")
        .map((l) => ({ from: rel(file), target: l.target })),
    );
    // The signed-in shell itself is loaded with plain `lazy`: it is a root of the first load.
    expect(plainLazy.map((l) => l.target)).toContain("@/features/shell/AuthenticatedApp");
    const missing = plainLazy.flatMap(({ from, target }) => {
      const uses = deferredUses(staticClosure(srcDir, [resolveTarget(target)]));
      return uses.length ? [`${from} loads ${target} with lazy(), not lazyScreen(): ${uses.join("; ")}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it("finds static imports and not dynamic ones", () => {
    const source = 'import { a } from "@/x";\nimport type { B } from "./y";\nimport "./z.css";\nexport { c } from "../w";\nconst L = lazy(() => import("@/v"));';
    expect(staticImports(source)).toEqual(["@/x", "./y", "./z.css", "../w"]);
    expect(lazyImports(source)).toEqual([{ helper: "lazy", target: "@/v" }]);
    expect(groupsNamed('t("sanctions.title"); t(`users.${x}`); "home.users.x"', ["sanctions", "users", "home", "nav"])).toEqual([
      "sanctions",
      "users",
      "home",
    ]);
    const sub = ["settings.totp", "settings.tokens", "settings.profile"];
    expect(groupsNamed('t("settings.totp.title")', sub)).toEqual(["settings.totp"]);
    expect(groupsNamed('t(`settings.${tab}.title`)', sub)).toEqual(sub);
    expect(groupsNamed('t("settings.nav.profile"); "settings.profileImage"', sub)).toEqual([]);
  });
});

function resolveTarget(target: string): string {
  const base = path.join(srcDir, target.replace(/^@\//, ""));
  const found = [".tsx", ".ts"].map((ext) => base + ext).find((f) => sourceFiles(path.dirname(f)).includes(f));
  if (!found) throw new Error(`cannot resolve ${target}`);
  return rel(found);
}
