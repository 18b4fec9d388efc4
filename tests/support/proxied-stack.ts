import { afterAll, beforeAll, inject } from "vitest";
import { type Stack, startStack } from "../../scripts/built-stack";
import { type DbProxy, startDbProxy } from "./db-proxy";

/**
 * A second built Worker on the suite's database, through the counting proxy (tests/support/db-proxy.ts),
 * started before the enclosing block's tests and stopped after them. Same secret, so the suite's tokens work.
 */
export function useProxiedStack(): { proxy: () => DbProxy; stack: () => Stack } {
  let proxy: DbProxy | undefined;
  let stack: Stack | undefined;
  beforeAll(async () => {
    proxy = await startDbProxy(inject("dbUrl"));
    stack = await startStack({ dbUrl: proxy.url, vars: { JWT_SECRET: inject("jwtSecret") } });
  });
  afterAll(async () => {
    await stack?.stop();
    await proxy?.stop();
  });
  return { proxy: () => proxy!, stack: () => stack! };
}
