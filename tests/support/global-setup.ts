import "vitest";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/built-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dbUrl: string;
    jwtSecret: string;
    /** The shared stack's local Stripe, Google and mail provider (worker/dev/doubles.ts, ADR 0033): their pages and APIs. */
    doublesUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide("baseUrl", stack.baseUrl);
  project.provide("dbUrl", stack.dbUrl);
  project.provide("jwtSecret", stack.jwtSecret);
  project.provide("doublesUrl", stack.doubles.url);
  return stack.stop;
}
