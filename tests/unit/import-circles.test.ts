import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Dependencies run one way (issue 21): no module reaches itself through its imports, type-only
 * imports included (a type circle still ties two modules together). TypeScript's own import scanner
 * reads each file; only the project's modules count (relative paths and the SPA's `@/` alias).
 */
const ROOT = resolve(__dirname, "../..");
const FOLDERS = ["worker", "party", "src", "db"];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? join(ROOT, "src", specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c)) ?? null;
}

/** Each file and the project files it imports. */
const importGraph = (files: string[]) =>
  new Map(files.map((file) => [file, ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.flatMap((i) => resolveImport(file, i.fileName) ?? [])]));

/** The circles a depth-first walk meets, each as the files on it (from the project root); none when there are none. */
function importCircles(imports: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) return void circles.push(path.slice(at).map((f) => relative(ROOT, f)));
    if (done.has(file)) return;
    for (const next of imports.get(file) ?? []) walk(next, [...path, file]);
    done.add(file);
  };
  for (const file of imports.keys()) walk(file, []);
  return circles;
}

describe("import circles", () => {
  it("finds none in worker, party, src and db", () => {
    expect(importCircles(importGraph(FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))))).toEqual([]);
  });

  it("reports a circle when there is one", () => {
    const [a, b, c] = ["a.ts", "b.ts", "c.ts"].map((name) => join(ROOT, name));
    expect(importCircles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(importCircles(new Map([[a, [b, c]], [b, [c]], [c, []]]))).toEqual([]);
  });
});
