import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/**
 * The app's files a public page can draw (ADR 0027): everything the landing, browse and profile routes, the root and
 * the app's entry import, followed through the code (static and dynamic imports, `@/` and relative), but not through
 * the route tree, which imports every area. Their texts are the `common` catalog, the only one a public page loads.
 * Read by lingui.config.ts, so a component moved onto a public page moves catalogs by itself.
 */
export function publicFiles(root: string): string[] {
  return filesReachedFrom(root, ["src/routes/browse"]);
}

/**
 * The files the sign-in and sign-up pages draw besides those: their texts are the `accounts` catalog, which those
 * pages (and the areas, which reuse some of them) load, so the public pages do not carry the forms' words.
 */
export function signInFiles(root: string): string[] {
  const shown = new Set(publicFiles(root));
  return filesReachedFrom(root, ["src/routes/browse", "src/routes/auth"]).filter((file) => !shown.has(file));
}

function filesReachedFrom(root: string, folders: string[]): string[] {
  const entries = [
    "src/main.tsx",
    "src/routes/__root.tsx",
    "src/routes/index.tsx",
    "src/prerender/shells.tsx",
    "src/prerender/public-pages.tsx",
  ];
  const starts = [...entries, ...folders.flatMap((folder) => filesUnder(root, folder))];
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || file.includes("routeTree.gen")) continue;
    seen.add(file);
    const code = readFileSync(join(root, file), "utf8");
    for (const match of code.matchAll(/(?:import|export)\s[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
      const target = resolveImport(root, file, match[1] ?? match[2]);
      if (target?.startsWith("src/")) stack.push(target);
    }
  }
  return [...seen].sort();
}

function resolveImport(root: string, from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? `src/${spec.slice(2)}` : spec.startsWith(".") ? normalize(join(dirname(from), spec)) : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const candidate = `${base}${ext}`;
    if (existsSync(join(root, candidate)) && /\.tsx?$/.test(candidate)) return relative(root, join(root, candidate));
  }
  return null;
}

function filesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    return statSync(join(root, path)).isDirectory() ? filesUnder(root, path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
