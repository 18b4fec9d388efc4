import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import { APP_SHELL_PATH, OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH, WEB_MANIFEST_PATH } from "../shared/app-install";
import { LANDING_ISLAND, SHELL_ROUTES } from "./prerender-shells";

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };
export type Manifest = Record<string, Chunk>;
/** Workbox's precache entry: a hashed file needs no revision, its name changes with its content. */
export type PrecacheEntry = { url: string; revision: string | null };

/** What the public pages start from: the app page, the landing's own script, and the three shells' route files. */
const PUBLIC_ROOTS = ["index.html", LANDING_ISLAND, ...Object.values(SHELL_ROUTES)];

/** The app's lazily loaded pages: a public page can reach every route of the app, but only its own is precached. */
const ROUTE_FILE = /^src\/routes\//;

/**
 * The built files the public pages can load (ADR 0027): the chunks, stylesheets and files of the app page's
 * entry, the landing's script and the public routes, with what they import, lazily too (the toasts, the
 * user menu, a profile's reviews, the messages of each language), but not the other routes of the app,
 * which need the network anyway. Paths from the site's root, sorted.
 */
export function precacheFiles(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
    manifest[key].dynamicImports?.filter((k) => !ROUTE_FILE.test(k)).forEach(visit);
  };
  for (const root of PUBLIC_ROOTS) {
    const keys = Object.keys(manifest).filter((k) => k === root || k.startsWith(`${root}?`));
    if (keys.length === 0) throw new Error(`No chunk for ${root} in the manifest`);
    keys.forEach(visit);
  }
  const files = [...seen].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? []), ...(manifest[key].assets ?? [])]);
  return [...new Set(files.filter((file) => !file.endsWith(".html")))].map((file) => `/${file}`).sort();
}

/** The app page (under APP_SHELL_PATH, the address it is fetched from), the offline page, the manifest and the favicon: unhashed, by the file they are built from. */
const UNHASHED: [url: string, file: string][] = [
  [APP_SHELL_PATH, "index.html"],
  [OFFLINE_PAGE_PATH, "offline.html"],
  [WEB_MANIFEST_PATH, WEB_MANIFEST_PATH.slice(1)],
  ["/favicon.svg", "favicon.svg"],
];

/** Everything the service worker precaches, with the built file each is: the unhashed pages by their content's hash, and the public pages' files. */
export function precacheSources(outDir: string, manifest: Manifest): (PrecacheEntry & { file: string })[] {
  const unhashed = UNHASHED.map(([url, file]) => ({
    url,
    file,
    revision: createHash("sha256")
      .update(readFileSync(join(outDir, file)))
      .digest("hex")
      .slice(0, 16),
  }));
  return [...unhashed, ...precacheFiles(manifest).map((url) => ({ url, file: url.slice(1), revision: null }))];
}

/** Where the service worker's source reads its precache list (Workbox's own placeholder name). */
const PLACEHOLDER = "self.__WB_MANIFEST";
const SOURCE = "src/sw/sw.ts";

/**
 * Builds the service worker (src/sw/sw.ts) into one classic script at dist/client/sw.js, unhashed, once the
 * client build and the pre-rendered pages are written: it needs the final index.html and the manifest's
 * hashed names for its precache list, which is written into it. Build only: `npm run dev` registers no
 * service worker (the Worker answers /sw.js there with one that removes itself, worker/pages/install-files.routes.ts).
 */
export function serviceWorker(alias: Record<string, string>): Plugin {
  return {
    name: "mentorlink:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle: {
      // After scripts/prerender-shells.ts has written the final index.html.
      order: "post",
      sequential: true,
      async handler(options) {
        const outDir = options.dir!;
        const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
        const sources = precacheSources(outDir, manifest);
        const entries: PrecacheEntry[] = sources.map(({ url, revision }) => ({ url, revision }));
        await build({
          configFile: false,
          logLevel: "warn",
          publicDir: false,
          resolve: { alias },
          define: { "process.env.NODE_ENV": JSON.stringify("production") },
          plugins: [
            {
              name: "mentorlink:precache-list",
              transform(code, id) {
                if (!id.endsWith(SOURCE)) return;
                if (code.split(PLACEHOLDER).length !== 2) throw new Error(`${SOURCE} must read ${PLACEHOLDER} exactly once`);
                return code.replace(PLACEHOLDER, JSON.stringify(entries));
              },
            },
          ],
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: false,
            reportCompressedSize: false,
            rolldownOptions: { input: SOURCE, output: { format: "iife", entryFileNames: SERVICE_WORKER_PATH.slice(1) } },
          },
        });
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        const worker = readFileSync(join(outDir, SERVICE_WORKER_PATH.slice(1)));
        const files = sources.map(({ file }) => readFileSync(join(outDir, file)));
        const raw = files.reduce((sum, f) => sum + f.length, 0);
        const gzip = files.reduce((sum, f) => sum + gzipSync(f).length, 0);
        console.log(
          `${SERVICE_WORKER_PATH}: ${kb(worker.length)} (${kb(gzipSync(worker).length)} gzip); precache: ${entries.length} files, ${kb(raw)} (${kb(gzip)} gzip)`,
        );
      },
    },
  };
}
