import "vitest";
import type { TestProject } from "vitest/node";
import { type Stack, startStack } from "../../scripts/built-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dbUrl: string;
    jwtSecret: string;
    /** The shared stack's local Stripe, Google and mail provider (worker/dev/doubles.ts, ADR 0033): their pages and APIs. */
    doublesUrl: string;
  }
}

/**
 * One stack per kind, shared by the projects that name it: `integration` and `integration-alone` (the files that must
 * not run beside others) use one Worker and database, and `e2e` has its own, so the browser's pages never see what the
 * HTTP tests write at the same time. The projects' global setups run in the one vitest process; the stack stops when
 * the last project using it is done.
 */
const STACK_KIND: Record<string, string> = {
  integration: "http",
  "integration-alone": "http",
  "integration-timed": "http",
  e2e: "browser",
};
type Shared = { stack: Promise<Stack>; users: number };
const shared = ((globalThis as { mentorlinkStacks?: Map<string, Shared> }).mentorlinkStacks ??= new Map<string, Shared>());

export default async function setup(project: TestProject) {
  const kind = STACK_KIND[project.name] ?? project.name;
  let entry = shared.get(kind);
  if (!entry) shared.set(kind, (entry = { stack: startStack(), users: 0 }));
  entry.users++;
  const stack = await entry.stack;
  project.provide("baseUrl", stack.baseUrl);
  project.provide("dbUrl", stack.dbUrl);
  project.provide("jwtSecret", stack.jwtSecret);
  project.provide("doublesUrl", stack.doubles.url);
  return async () => {
    if (--entry.users > 0) return;
    shared.delete(kind);
    await stack.stop();
  };
}
