/** Where `vite build` writes the edge Worker's deployable config (with the SPA in dist/client). */
export const BUILT_WORKER_CONFIG_PATH = "dist/mentorship/wrangler.json";
/** And the placed API's (wrangler.api.toml, ADR 0017), which the edge Worker forwards signed-in calls to. */
export const BUILT_API_CONFIG_PATH = "dist/mentorship_api/wrangler.json";
