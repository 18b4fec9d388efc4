import { Hono } from "hono";
import type { AppEnv } from "../platform/app-env";
import { contextOf } from "../trpc/context-of";
import { EXPORT_MESSAGES, exportFile } from "./data-export";

/**
 * The archive's one download (ADR 0039): the browser navigates here with the one-minute ticket the signed-in owner got
 * from `privacy.claimExport`, so the file streams as a download without a token in its address that would still work.
 */
export const exportRoutes = new Hono<AppEnv>();

exportRoutes.get("/api/privacy/exports/:id/file", async (c) => {
  const ticket = c.req.query("ticket") ?? "";
  const ctx = await contextOf(c);
  const file = ticket ? await exportFile(ctx.db, c.env.EXPORT_FILES, c.req.param("id"), ticket, ctx.now) : null;
  if (!file) return c.json({ message: EXPORT_MESSAGES.ticket }, 410);
  return new Response(file.body, {
    headers: {
      "content-type": "application/zip",
      "content-length": String(file.size),
      "content-disposition": `attachment; filename="mentorlink-data-${file.day}.zip"`,
      "cache-control": "no-store",
    },
  });
});
