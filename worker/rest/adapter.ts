import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Role } from "../../shared/role";
import { currentRefusal } from "../accounts/accounts";
import type { AppEnv } from "../platform/app-env";
import { ErrorDetails, logFailure, publicError, RETRY_AFTER_SECONDS } from "../platform/errors";
import { contextOf } from "../trpc/context-of";
import { createCaller } from "../trpc/router";
import { type RestRequest, restRoutes } from "./routes";

/**
 * Any failure as a REST answer: `{ message, error, ...details }` with its status (`error` repeats the
 * message for clients written against the original server). A busy database is a 503 with
 * `Retry-After`. One place for all REST and plain routes.
 */
export function restErrorResponse(error: unknown, requestId: string, where: string): Response {
  const mapped = publicError(error);
  logFailure(requestId, where, mapped);
  const status = getHTTPStatusCodeFromError(mapped) as ContentfulStatusCode;
  const details = mapped.cause instanceof ErrorDetails ? mapped.cause.details : {};
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "x-request-id": requestId };
  if (mapped.code === "SERVICE_UNAVAILABLE") headers["retry-after"] = String(RETRY_AFTER_SECONDS);
  return new Response(JSON.stringify({ message: mapped.message, error: mapped.message, ...details }), { status, headers });
}

const BODY_NOT_OBJECT = "The request body must be a JSON object.";

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The kind of account a legacy path is for (`/mentees/...`, `/mentors/...`, `/moderator/...`); any for the shared ones. */
function areaRolesOf(path: string): readonly Role[] | undefined {
  if (path.startsWith("/mentees/")) return ["mentee"];
  if (path.startsWith("/mentors/")) return ["mentor"];
  if (path.startsWith("/moderator/")) return ["moderator"];
  return undefined;
}

export const restApp = new Hono<AppEnv>();

for (const route of restRoutes) {
  restApp.on(route.method, route.path, async (c) => {
    const body = route.method === "GET" ? {} : await readBody(c.req.raw);
    if (body === null) return c.json({ message: BODY_NOT_OBJECT, error: BODY_NOT_OBJECT }, 400);
    const requestId = c.get("requestId");
    try {
      const ctx = await contextOf(c);
      const auth = ctx.auth;
      const caller = auth
        ? {
            id: auth.sub,
            role: auth.role,
            refusal: () => currentRefusal(ctx.db, auth.role, auth.sub, auth.sid),
            areaRoles: areaRolesOf(route.path),
          }
        : null;
      const request: RestRequest = { params: c.req.param() as Record<string, string>, query: c.req.query(), body, caller, now: ctx.now };
      return c.json((await route.call(createCaller(ctx), request)) as object, (route.status ?? 200) as ContentfulStatusCode);
    } catch (error) {
      return restErrorResponse(error, requestId, `${route.method} /api${route.path}`);
    }
  });
}

restApp.all("*", (c) => {
  const message = `No API route ${c.req.method} ${c.req.path}`;
  return c.json({ message, error: message }, 404);
});
