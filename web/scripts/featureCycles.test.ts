import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { resolveImport, staticImports } from "./firstLoadStrings";

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

/**
 * The app's frame: it composes every screen, so it imports every feature. It is the root of the
 * graph, not a feature, and is left out of it.
 */
const APP_FRAME = "shell";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The feature a file belongs to (features/<name>/…), or null for shared code and the frame. */
function featureOf(file: string): string | null {
  const [top, name] = path.relative(srcDir, file).split(path.sep);
  return top === "features" && name && name !== APP_FRAME ? name : null;
}

/** Which features each feature imports (type imports included: they tie the code as much). */
export function featureGraph(files: string[], read: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const spec of staticImports(read(file))) {
      const target = resolveImport(srcDir, path.dirname(file), spec);
      const to = target ? featureOf(target) : null;
      if (to && to !== from) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
  }
  return graph;
}

/** Every cycle's features, one list per strongly connected group of two or more (Tarjan). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("feature imports", () => {
  it("finds a cycle when two features import each other, directly or through others", () => {
    const graph = new Map([
      ["transactions", new Set(["transfers"])],
      ["transfers", new Set(["registry"])],
      ["registry", new Set(["transactions"])],
      ["audit", new Set(["registry"])],
    ]);
    expect(cycles(graph)).toEqual([["registry", "transactions", "transfers"]]);
    expect(cycles(new Map([["audit", new Set(["registry"])]]))).toEqual([]);
  });

  it("has no cycle between features: shared code lives in lib/, api/ and components/", () => {
    const graph = featureGraph(sourceFiles(srcDir), (f) => readFileSync(f, "utf8"));
    // The scan does see imports between features (the home page composes the dashboard), so an
    // empty graph cannot pass for one without cycles; how many features import another shrinks as
    // shared code moves to lib/, so that number is no guard.
    expect([...(graph.get("home") ?? [])]).toContain("dashboard");
    expect(cycles(graph)).toEqual([]);
  });
});
