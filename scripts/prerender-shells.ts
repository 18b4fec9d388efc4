import react from "@vitejs/plugin-react";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, type Plugin } from "vite";

/** Where the pre-rendered landing sits inside `#root`; other paths hide it before their first paint. */
export const PRERENDERED_ID = "prerendered-landing";

/**
 * After the client build, renders the landing page to HTML (src/prerender/landing.tsx, loaded through
 * a throwaway Vite SSR server) and writes it into the built index.html (issue 13, ADR 0018). The same
 * index.html answers every SPA path, so a tiny inline script in the head marks any other path and a
 * style hides the landing markup there before anything paints.
 */
export function prerenderLanding(alias: Record<string, string>): Plugin {
  return {
    name: "mentorlink:prerender-landing",
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
        const { renderLanding } = (await server.ssrLoadModule("/src/prerender/landing.tsx")) as { renderLanding: () => Promise<string> };
        const markup = await renderLanding();
        const file = join(outDir, "index.html");
        const html = readFileSync(file, "utf8");
        if (!html.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root to fill");
        const guard = `<script>if(location.pathname!=="/")document.documentElement.setAttribute("data-spa-path","")</script><style>[data-spa-path] #${PRERENDERED_ID}{display:none}</style>`;
        writeFileSync(
          file,
          html.replace("</head>", `${guard}</head>`).replace('<div id="root"></div>', `<div id="root"><div id="${PRERENDERED_ID}">${markup}</div></div>`),
        );
      } finally {
        await server.close();
      }
    },
  };
}
