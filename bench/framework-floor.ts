import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

/**
 * The smallest page this stack can send: the same packages as the app, at the same versions, drawing
 * one line of text, built with the same bundler. Each step adds what every public page of the app
 * boots with, so the difference between a page's weight and the last step is the app's own share
 * (the budgets are judged against it). Built under node_modules/.cache so the packages resolve.
 */
const STEPS = [
  {
    name: "React 19 + react-dom (createRoot, one element)",
    main: `import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")!).render(<main>hello</main>);`,
  },
  {
    name: "+ TanStack Router (one route, one Link)",
    main: `import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet, Link } from "@tanstack/react-router";
import { createRoot } from "react-dom/client";
const root = createRootRoute({ component: () => <Outlet /> });
const home = createRoute({ getParentRoute: () => root, path: "/", component: () => <main><Link to="/">home</Link></main> });
createRoot(document.getElementById("root")!).render(<RouterProvider router={createRouter({ routeTree: root.addChildren([home]) })} />);`,
  },
  {
    name: "+ TanStack Query + tRPC client (one query)",
    main: `import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet, Link } from "@tanstack/react-router";
import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { createRoot } from "react-dom/client";
const { TRPCProvider, useTRPC } = createTRPCContext<any>();
const trpcClient = createTRPCClient<any>({ links: [httpLink({ url: "/trpc" })] });
const queryClient = new QueryClient();
function Home() {
  const q = useQuery(useTRPC().mentors.search.queryOptions({ search: "" }));
  return <main><Link to="/">home</Link>{JSON.stringify(q.data)}</main>;
}
const root = createRootRoute({ component: () => <Outlet /> });
const home = createRoute({ getParentRoute: () => root, path: "/", component: Home });
const router = createRouter({ routeTree: root.addChildren([home]) });
createRoot(document.getElementById("root")!).render(
  <QueryClientProvider client={queryClient}><TRPCProvider trpcClient={trpcClient} queryClient={queryClient}><RouterProvider router={router} /></TRPCProvider></QueryClientProvider>,
);`,
  },
];

export type FloorStep = { name: string; jsKb: number };

export async function frameworkFloor(): Promise<FloorStep[]> {
  const dir = join("node_modules", ".cache", "framework-floor");
  const steps: FloorStep[] = [];
  try {
    for (const step of STEPS) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, "src"), { recursive: true });
      writeFileSync(
        join(dir, "index.html"),
        `<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
      );
      writeFileSync(join(dir, "src", "main.tsx"), step.main);
      await build({ root: dir, configFile: false, logLevel: "error", plugins: [react()], build: { outDir: "dist", emptyOutDir: true } });
      const assets = join(dir, "dist", "assets");
      const bytes = readdirSync(assets)
        .filter((f) => f.endsWith(".js"))
        .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
      steps.push({ name: step.name, jsKb: Number((bytes / 1024).toFixed(1)) });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return steps;
}
