// ESLint formatter for `npm run lint`: one problem per line as path:line:column: message (rule),
// the path relative to web/, so that editors and CI logs link each to its place.
import { relative } from "node:path";

export default function format(results) {
  const lines = [];
  for (const r of results) {
    for (const m of r.messages) {
      const kind = m.severity === 2 ? "error" : "warning";
      lines.push(`${relative(process.cwd(), r.filePath)}:${m.line ?? 0}:${m.column ?? 0}: ${kind}: ${m.message} (${m.ruleId ?? "eslint"})`);
    }
  }
  if (lines.length > 0) {
    lines.push(`${lines.length} problem${lines.length === 1 ? "" : "s"}`);
  }
  return lines.join("\n");
}
