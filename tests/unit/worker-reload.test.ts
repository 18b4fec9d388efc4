import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerReload } from "../../scripts/worker-reload";

/**
 * The dev server's Workers run the app's route files; a route file that accepted its own hot updates there went on
 * drawing its old page until the dev server was restarted (scripts/worker-reload.ts). Vite's own analysis decides
 * which module is a hot boundary: a Worker's module must not be one, the browser's must stay one.
 */
describe("the dev server's hot updates", () => {
  let root: string;
  let server: ViteDevServer;
  const route = "/src/routes/page.tsx";

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "worker-reload-"));
    mkdirSync(join(root, "src/routes"), { recursive: true });
    // What the router plugin adds to a route file: it accepts itself, and keeps its page component across versions.
    writeFileSync(
      join(root, route),
      [
        "export const Page = (() => import.meta.hot?.data?.page ?? (() => 'version 1'))();",
        "if (import.meta.hot) {",
        "  (import.meta.hot.data ??= {}).page = Page;",
        "  import.meta.hot.accept(() => {});",
        "}",
      ].join("\n"),
    );
    server = await createServer({
      configFile: false,
      root,
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, ws: false },
      plugins: [workerReload()],
      environments: { client: {}, worker: { consumer: "server" } },
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("leave a Worker's route file no hot boundary and no kept component, and keep the browser's", async () => {
    const worker = await server.environments.worker.transformRequest(route);
    expect(worker?.code).not.toContain("hot.accept");
    expect(worker?.code).not.toContain("hot.data");
    expect((await server.environments.worker.moduleGraph.getModuleByUrl(route))?.isSelfAccepting).toBe(false);

    const client = await server.environments.client.transformRequest(route);
    expect(client?.code).toContain("import.meta.hot.accept(");
    expect((await server.environments.client.moduleGraph.getModuleByUrl(route))?.isSelfAccepting).toBe(true);
  });
});
