import react from "@vitejs/plugin-react";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type Plugin } from "vite";
import { PRERENDER_ATTRIBUTE, SHELL_ATTRIBUTE, SHELLS, shellOf, type Shell } from "../src/lib/page-shells";

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
 * throwaway Vite SSR server) and writes them into the built index.html (issue 13, ADR 0018).
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
        plugins: [react()],
        resolve: { alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderShells } = (await server.ssrLoadModule("/src/prerender/shells.tsx")) as { renderShells: () => Promise<Record<Shell, string>> };
        const shells = await renderShells();
        const file = join(outDir, "index.html");
        const html = readFileSync(file, "utf8");
        if (!html.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
        const blocks = SHELLS.map((s) => `<div ${PRERENDER_ATTRIBUTE}="${s}"${s === "landing" ? "" : " inert"}>${shells[s]}</div>`).join("");
        writeFileSync(file, html.replace("</head>", `${shellGuard()}</head>`).replace('<div id="root"></div>', `<div id="root">${blocks}</div>`));
      } finally {
        await server.close();
      }
    },
  };
}
