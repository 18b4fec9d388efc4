import type { Plugin } from "vite";

/**
 * `npm run dev`: an edit of the app's code reaches the Workers. They draw signed-in pages with the app's own route
 * files (ADR 0028), and the router plugin gives each route file a hot update of its own that only a browser can apply:
 * the file accepts its new version, and its page component is kept across versions (`import.meta.hot.data`) for
 * React's fast refresh to redraw, which the Workers do not have. They went on drawing the old page until the dev server
 * was restarted. In the Workers' environments the app's code therefore has no hot updates (`import.meta.hot` is
 * undefined there): an edit travels up to the Worker's entry, as an edit of the Worker's own files does, and the
 * edited file and the modules that import it run anew on the next request. The browser keeps its hot updates.
 */
export function workerReload(): Plugin {
  return {
    name: "mentorship:worker-reload",
    apply: "serve",
    enforce: "post",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    transform: {
      filter: { id: /\/src\/.*\.tsx?(\?.*)?$/, code: "import.meta.hot" },
      handler: (code) => ({ code: code.replace(/\bimport\.meta\.hot\b/g, "undefined"), map: null }),
    },
  };
}
