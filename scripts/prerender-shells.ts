import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin } from "vite";
import { LOCALES, type Locale, pageFileOf } from "../shared/locale";
import {
  DRAWN_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  SHELL_ATTRIBUTE,
  SHELLS,
  type Shell,
  START_APP_EVENT,
  shellOf,
} from "../src/platform/page-shells";
import { STORAGE_KEYS } from "../src/platform/session";
import { linguiMacro } from "./i18n/macro-plugin";

type Manifest = Record<string, { file: string; imports?: string[] }>;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The landing's own script (vite.config.ts names it as an entry). */
export const LANDING_ISLAND = "src/landing-island.ts";

/** The route file that draws each shell's page (its split component chunk is what the page loads). */
export const SHELL_ROUTES: Record<Shell, string> = {
  landing: "src/routes/index.tsx",
  browse: "src/routes/browse/mentor/$search.tsx",
  profile: "src/routes/browse/mentor/profile/$id.tsx",
};

/** The files a set of manifest chunks loads: the chunks and their static imports, without the entry page. */
function filesOf(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key] || key.endsWith(".html")) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...seen].map((key) => `/${manifest[key].file}`);
}

/** How long a tap on a drawn page waits for its button to be taken over by React, before it is made anyway. */
const EARLY_TAP_WAIT_MS = 10_000;

/**
 * Starts the app from the end of the body instead of the head's module script and preloads. On a page
 * with a shell, the app's JavaScript is requested only after the shell's first paint (the next task
 * after the first animation frame, or 100 ms at the latest when frames are not running), so on a slow
 * network the HTML and CSS do not share the line with 140 KB of scripts before anything is on screen;
 * the shell's route chunk is preloaded with the entry, so the route does not wait for the entry to
 * ask for it. A signed-in page the Worker drew with its data (worker/pages/signed-in-pages.routes.ts) waits for
 * its first paint the same way. A tap on one of its buttons before React has taken that button over (its handlers are
 * on it: a `__reactProps$…` key) is held and made again once it has, up to EARLY_TAP_WAIT_MS, instead of being lost
 * on a slow phone. On every other path the app starts at once.
 *
 * The landing, for a visitor who is not signed in, loads its own small script instead
 * (src/landing-island.ts), which starts the app only when the visitor reaches for what needs it (the
 * START_APP_EVENT); the visitor's first touch, pointer or focus asks the browser to fetch the app's
 * files at low priority for the next page.
 */
export function deferAppStart(html: string, manifest: Manifest): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error("index.html has no module entry script");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const entryFiles = preloads.map((m) => m[1]);
  const routeFiles = Object.fromEntries(
    SHELLS.map((shell) => {
      const keys = Object.keys(manifest).filter((k) => k === SHELL_ROUTES[shell] || k.startsWith(`${SHELL_ROUTES[shell]}?`));
      if (keys.length === 0) throw new Error(`No chunk for ${SHELL_ROUTES[shell]} in the manifest`);
      return [shell, filesOf(manifest, keys).filter((f) => !entryFiles.includes(f) && f !== entry[1])];
    }),
  );
  if (!manifest[LANDING_ISLAND]) throw new Error(`No chunk for ${LANDING_ISLAND} in the manifest`);
  const [island, ...islandImports] = filesOf(manifest, [LANDING_ISLAND]);
  const appFiles = [...new Set([entry[1], ...entryFiles, ...Object.values(routeFiles).flat()])];
  const loader =
    `<script>(function(){var d=document,shell=d.documentElement.getAttribute("${SHELL_ATTRIBUTE}"),drawn=d.querySelector("#root>[${DRAWN_ATTRIBUTE}]"),routes=${JSON.stringify(routeFiles)},` +
    `files=${JSON.stringify(entryFiles)}.concat(routes[shell]||[]),started=false;` +
    `function add(tag,props){var e=d.createElement(tag);e.crossOrigin="";for(var k in props)e[k]=props[k];d.head.appendChild(e)}` +
    `function start(){if(started)return;started=true;add("script",{type:"module",src:${JSON.stringify(entry[1])}});files.forEach(function(href){add("link",{rel:"modulepreload",href:href})})}` +
    `function signedIn(){try{return ${JSON.stringify(Object.values(STORAGE_KEYS))}.some(function(k){return localStorage.getItem(k)!==null})}catch(e){return false}}` +
    `var prefetched=false;function prefetch(){if(prefetched||started)return;prefetched=true;${JSON.stringify(appFiles)}.forEach(function(href){add("link",{rel:"prefetch",href:href,as:"script"})})}` +
    `d.addEventListener("${START_APP_EVENT}",start);` +
    `if(shell==="landing"&&!signedIn()){add("script",{type:"module",src:${JSON.stringify(island)}});${JSON.stringify(islandImports)}.forEach(function(href){add("link",{rel:"modulepreload",href:href})});["pointerover","touchstart","focusin"].forEach(function(t){d.addEventListener(t,prefetch,{once:true,passive:true})})}` +
    `else if(routes[shell]||drawn){setTimeout(start,100);requestAnimationFrame(function(){setTimeout(start,0)})}else start();` +
    `if(drawn)d.addEventListener("click",function(e){var t=e.target&&e.target.closest&&e.target.closest("button,summary");if(!t||!drawn.contains(t)||live(t))return;` +
    `e.preventDefault();e.stopPropagation();var waited=0;(function again(){if(!t.isConnected)return;if(live(t)||waited>=${EARLY_TAP_WAIT_MS})return t.click();waited+=16;setTimeout(again,16)})()},true);` +
    `function live(el){return Object.keys(el).some(function(k){return k.indexOf("__reactProps$")===0})}})()</script>`;
  let out = html.replace(entry[0], "");
  for (const m of preloads) out = out.replace(m[0], "");
  return out.replace("</body>", `${loader}</body>`);
}

/**
 * The head's guard: marks `<html>` with the shell of the path (an inline script, before the first
 * paint) and shows only that block. Without JavaScript no shell is marked and the landing shows,
 * whose links work without it; the browse and profile shells are placeholders for the app (inert).
 */
export function shellGuard(): string {
  const block = (shell: Shell) => `#root>[${PRERENDER_ATTRIBUTE}=${shell}]`;
  const shown = [`html:not([${SHELL_ATTRIBUTE}]) ${block("landing")}`, ...SHELLS.map((s) => `html[${SHELL_ATTRIBUTE}=${s}] ${block(s)}`)];
  return (
    `<script>document.documentElement.setAttribute("${SHELL_ATTRIBUTE}",(${shellOf.toString()})(location.pathname))</script>` +
    `<style>#root>[${PRERENDER_ATTRIBUTE}]{display:none}${shown.join(",")}{display:block}</style>`
  );
}

/**
 * After the client build, renders the public pages' shells (src/prerender/shells.tsx, loaded through a
 * throwaway Vite SSR server) and writes them into the built index.html (ADR 0018).
 */
export function prerenderShells(alias: Record<string, string>): Plugin {
  return {
    name: "mentorlink:prerender-shells",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const outDir = options.dir!;
      const server = await createServer({
        configFile: false,
        logLevel: "error",
        appType: "custom",
        plugins: [linguiMacro(), lingui(), react()],
        resolve: { alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderShells, pageHead } = (await server.ssrLoadModule("/src/prerender/shells.tsx")) as {
          renderShells: (locale: Locale) => Promise<Record<Shell, string>>;
          pageHead: (locale: Locale) => { title: string; description: string };
        };
        const file = join(outDir, "index.html");
        const html = readFileSync(file, "utf8");
        if (!html.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
        const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
        // Once parsed, the shells of other pages leave the document (the guard has hidden them already),
        // so the page holds one copy of its nav and headings, as it will once the app runs.
        const prune = `<script>document.querySelectorAll('#root>[${PRERENDER_ATTRIBUTE}]:not([${PRERENDER_ATTRIBUTE}="'+document.documentElement.getAttribute("${SHELL_ATTRIBUTE}")+'"])').forEach(function(e){e.remove()})</script>`;
        // One page per language (ADR 0027): the Worker answers a reader of Hindi with index.hi.html.
        for (const locale of LOCALES) {
          const shells = await renderShells(locale);
          const blocks = SHELLS.map((s) => `<div ${PRERENDER_ATTRIBUTE}="${s}"${s === "landing" ? "" : " inert"}>${shells[s]}</div>`).join(
            "",
          );
          const head = pageHead(locale);
          const filled = html
            .replace('<html lang="en">', `<html lang="${locale}">`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
            .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(head.description)}$2`)
            .replace("</head>", `${shellGuard()}</head>`)
            .replace('<div id="root"></div>', `<div id="root">${blocks}</div>${prune}`);
          writeFileSync(join(outDir, pageFileOf(locale)), deferAppStart(filled, manifest));
        }
      } finally {
        await server.close();
      }
    },
  };
}
