import type { Context as HonoContext } from "hono";
import type { AppEnv } from "../platform/app-env";
import { type Context, createContext } from "./context";

/** A request's context from Hono's (tRPC, the REST adapter, the image upload): its id, and a catalogue change noted for the answer. */
export const contextOf = (c: HonoContext<AppEnv>): Promise<Context> =>
  createContext(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get("requestId"), () => c.set("catalogueChanged", true));
