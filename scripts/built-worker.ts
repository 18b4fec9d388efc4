/** Where `vite build` writes the Worker's deployable config (with the SPA in dist/client). */
export const BUILT_WORKER_CONFIG_PATH = "dist/mentorship/wrangler.json";
