import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The source files a first load runs: the roots and every file they import statically,
 * transitively. Dynamic `import()`s are boundaries (those screens load later), type-only imports
 * count too (an over-estimate keeps more strings in the core, never fewer).
 */
export function staticClosure(srcDir: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      const resolved = resolveImport(srcDir, path.dirname(file), spec);
      if (resolved) visit(resolved);
    }
  };
  roots.forEach((r) => visit(path.resolve(srcDir, r)));
  return [...seen].sort();
}

/** The specifiers of a module's static imports and re-exports (`import … from`, `import "…"`, `export … from`). */
export function staticImports(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s+(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[1]!);
  return out;
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** A project file an import points at, or undefined for a package or an asset. */
export function resolveImport(srcDir: string, fromDir: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(srcDir, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(fromDir, spec);
  else return undefined;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (/\.(tsx?)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The translation groups (dotted paths into en.json: `users`, `settings.totp`) a source file
 * names: a string or template literal starting with the path and a dot, which covers
 * `t("group.key")`, `t(\`group.${x}\`)` and keys kept in tables; for a sub-group, also a
 * template literal that fills the rest of the path in (`\`settings.${tab}.title\``). A group
 * named only through a variable prefix would be missed, so none is.
 */
export function groupsNamed(source: string, groups: Iterable<string>): string[] {
  const found: string[] = [];
  const escape = (s: string) => s.replace(/[.$]/g, "\\$&");
  for (const group of groups) {
    const keys = group.split(".");
    const prefixes = keys.slice(1).map((_, i) => `${escape(keys.slice(0, i + 1).join("."))}\\.\\$\\{`);
    const patterns = [`${escape(group)}\\.[A-Za-z0-9_$]`, ...prefixes];
    if (new RegExp(`["'\`](${patterns.join("|")})`).test(source)) found.push(group);
  }
  return found;
}

/** The components a module loads with `lazy(() => import("…"))` or `lazyScreen(…)`, and which of the two. */
export function lazyImports(source: string): { helper: "lazy" | "lazyScreen"; target: string }[] {
  const out: { helper: "lazy" | "lazyScreen"; target: string }[] = [];
  const re = /\b(lazy|lazyScreen)\(\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push({ helper: m[1] as "lazy" | "lazyScreen", target: m[2]! });
  return out;
}
