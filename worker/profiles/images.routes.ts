import { Hono } from "hono";
import type { AppEnv } from "../platform/app-env";
import { fail } from "../platform/domain-error";
import { restErrorResponse } from "../rest/adapter";
import { authorize } from "../trpc/authorize";
import { contextOf } from "../trpc/context-of";
import { MAX_IMAGE_BYTES, replaceProfileImage, serveImage } from "./images";

/** Profile picture upload (multipart field `file`) for the signed-in mentee or mentor, and image serving. */
export const imageRoutes = new Hono<AppEnv>();

imageRoutes.post("/api/images/profile", async (c) => {
  try {
    const ctx = await contextOf(c);
    const auth = await authorize(ctx, ["mentee", "mentor"]);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > MAX_IMAGE_BYTES + 64 * 1024) fail("PAYLOAD_TOO_LARGE", "The image must be at most 5 MB.");
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") fail("BAD_REQUEST", 'Choose an image file to upload (form field "file").');
    if (file.size > MAX_IMAGE_BYTES) fail("PAYLOAD_TOO_LARGE", "The image must be at most 5 MB.");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await replaceProfileImage(ctx.db, c.env.IMAGES, { role: auth.role as "mentee" | "mentor", id: auth.sub }, bytes);
    // A mentor's new picture shows in cached searches and profiles of this location at once (ADR 0016).
    if (auth.role === "mentor") await ctx.catalogueChanged();
    return c.json({ message: "Profile picture updated", ...result }, 201);
  } catch (error) {
    return restErrorResponse(error, c.get("requestId"), "POST /api/images/profile");
  }
});

imageRoutes.get("/images/*", (c) => serveImage(c.env.IMAGES, c.req.path.slice("/images/".length), c.req.header("if-none-match") ?? null));
