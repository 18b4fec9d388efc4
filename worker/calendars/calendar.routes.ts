import { Hono } from "hono";
import type { AppEnv } from "../platform/app-env";
import { fail } from "../platform/domain-error";
import { restErrorResponse } from "../rest/adapter";
import { bookingFor } from "../scheduling/views";
import { authorize } from "../trpc/authorize";
import { createContext } from "../trpc/context";
import { bookingEvent } from "./booking-event";
import { feedCalendar } from "./calendar-feed";
import { icsCalendar } from "./ics";

/** Calendar export (ADR 0013): one booking as an .ics download (signed in), and a user's private feed (the token is the secret). */
export const calendarRoutes = new Hono<AppEnv>();

const ics = (body: string, filename?: string) =>
  new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, no-store",
      ...(filename ? { "content-disposition": `attachment; filename="${filename}"` } : {}),
    },
  });

calendarRoutes.get("/api/calendar/booking/:file", async (c) => {
  try {
    const ctx = await createContext(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get("requestId"));
    const auth = await authorize(ctx, ["mentee", "mentor"]);
    const slotId = c.req.param("file").replace(/\.ics$/, "");
    const { view, bookedAt } = await bookingFor(ctx.db, { role: auth.role as "mentee" | "mentor", id: auth.sub }, slotId, ctx.now);
    // In the language of the request (her switcher's cookie), read without another trip (ADR 0027).
    return ics(
      icsCalendar([bookingEvent(view, bookedAt, auth.role as "mentee" | "mentor", ctx.origin, ctx.locale)], ctx.locale),
      `mentorlink-session-${view.start.slice(0, 10)}.ics`,
    );
  } catch (error) {
    return restErrorResponse(error, c.get("requestId"), "GET /api/calendar/booking");
  }
});

calendarRoutes.get("/api/calendar/feed/:file", async (c) => {
  try {
    const ctx = await createContext(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get("requestId"));
    const token = c.req.param("file").replace(/\.ics$/, "");
    if (!/^[a-z2-7]{16,64}$/.test(token)) fail("NOT_FOUND", "No such calendar.");
    const body = await feedCalendar(ctx.db, token, ctx.origin, ctx.now);
    if (body === null) fail("NOT_FOUND", "No such calendar.");
    return ics(body);
  } catch (error) {
    return restErrorResponse(error, c.get("requestId"), "GET /api/calendar/feed");
  }
});
