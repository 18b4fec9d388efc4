/**
 * The project's layout (ADR 0032, which keeps ADR 0022's floors), checked in `npm test` (tests/unit/boundaries.test.ts):
 *   shared <- db <- worker/platform <- worker/<capability> (domain files, then its transports) <- worker entry
 *   inside a capability, a file named *.router.ts (tRPC), *.routes.ts (plain HTTP routes) or *.job.ts (cron and
 *   queue work) is a transport; every other file is domain and never imports a transport
 *   shared <- src (the SPA), which reaches the Worker only through types (AppRouter, RouterOutputs)
 *   src/sw (the service worker) runs shared/ and the page shapes only, and the app never imports it
 * and no import circles anywhere, type-only imports included.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Dependencies run one way: no module reaches itself through its imports.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-nothing-of-ours",
      severity: "error",
      comment: "shared/ is what both sides run; it may not lean on either.",
      from: { path: "^shared/" },
      to: { path: "^(worker|party|src|db)/" },
    },
    {
      name: "db-looks-down-only",
      severity: "error",
      comment: "db imports nothing above it.",
      from: { path: "^db/" },
      to: { path: "^(worker|party|src)/" },
    },
    {
      name: "platform-imports-no-capability",
      severity: "error",
      comment:
        "worker/platform (database client, settings, clock, errors, queues, ports to third parties) serves every capability and knows none.",
      from: { path: "^worker/platform/" },
      to: { path: "^worker/", pathNot: "^worker/(platform|locales)/" },
    },
    {
      name: "domain-free-of-transports",
      severity: "error",
      comment:
        "A capability's domain files know nothing of tRPC, REST, plain routes, jobs, the entry or the stand-ins: those are its *.router.ts, *.routes.ts and *.job.ts files, worker/trpc, worker/rest and worker/dev.",
      from: { path: "^worker/[^/]+/", pathNot: "^worker/(platform|trpc|rest|dev|pages)/|\\.(router|routes|job)\\.ts$" },
      to: { path: "\\.(router|routes|job)\\.ts$|^worker/(trpc|rest|dev|pages)/|^worker/(index|app|placed-api|third-parties)\\.ts$" },
    },
    {
      name: "production-never-imports-stand-ins",
      severity: "error",
      comment:
        "Stand-ins are injected at the entry (worker/third-parties.ts, worker/app.ts; worker/index.ts and worker/placed-api.ts run app.ts), never imported by production modules.",
      from: { path: "^(worker|party)/", pathNot: "^worker/(dev/|third-parties\\.ts$|app\\.ts$|index\\.ts$)" },
      to: { path: "^worker/dev/" },
    },
    {
      name: "doubles-never-in-the-worker",
      severity: "error",
      comment:
        "The third parties' doubles (worker/dev/doubles.ts and what it serves) run in Node beside the Worker, started by scripts/dev.ts and the test stacks; no Worker, room or SPA module imports them, so the production bundle has none (ADR 0033).",
      from: { path: "^(worker|party|src|shared|db)/", pathNot: "^worker/dev/" },
      to: { path: "^worker/dev/(doubles|local-stripe/|local-google|mailbox|push-)" },
    },
    {
      name: "spa-reaches-the-worker-through-types-only",
      severity: "error",
      comment: "The SPA runs shared/ and its own code; from the Worker it takes only the router's types.",
      from: { path: "^src/" },
      to: { path: "^(worker|party|db)/", pathNot: "^worker/trpc/router\\.ts$" },
    },
    {
      name: "spa-router-types-only",
      severity: "error",
      comment: "The router is imported for its types (AppRouter), never run in the browser.",
      from: { path: "^src/" },
      to: { path: "^worker/trpc/router\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "spa-names-the-router-in-one-file",
      severity: "error",
      comment:
        "The SPA names the Worker's router in src/platform/api-types.ts only (AppRouter, RouterOutputs), so the page drawing the Worker runs depends on the Worker one way, through that file's types.",
      from: { path: "^src/", pathNot: "^src/platform/api-types\\.ts$" },
      to: { path: "^worker/" },
    },
    {
      name: "service-worker-stays-apart",
      severity: "error",
      comment:
        "The service worker (src/sw, ADR 0027) is a small script of its own: it runs shared/ and the page shapes, never the app's components.",
      from: { path: "^src/sw/" },
      to: { path: "^src/", pathNot: "^src/(sw/|platform/page-shells\\.ts$)" },
    },
    {
      name: "app-never-runs-the-service-worker",
      severity: "error",
      comment: "The app registers /sw.js; it never imports the worker's code.",
      from: { path: "^src/", pathNot: "^src/sw/" },
      to: { path: "^src/sw/" },
    },
    {
      name: "worker-draws-pages-through-one-entry",
      severity: "error",
      comment: "The Worker reaches SPA code only through the one page-drawing entry.",
      from: { path: "^(worker|party)/" },
      to: { path: "^src/", pathNot: "^src/prerender/worker-entry\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|tests|bench|scripts)/|\\.gen\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
