import { DEFAULT_LOCALE, type Locale, pageFileOf } from "../../shared/locale";
import type { Env } from "../platform/env";

/**
 * The built app page (index.html) in a reader's language (ADR 0027): the build writes one per language
 * (scripts/prerender-shells.ts), with `<html lang>` and the public pages' shells drawn in it. Asked for
 * by its extensionless name, as the assets binding serves HTML files without redirecting.
 */
export function appPage(env: Env, url: string, locale: Locale): Promise<Response> {
  const path = locale === DEFAULT_LOCALE ? "/" : `/${pageFileOf(locale).replace(/\.html$/, "")}`;
  return env.ASSETS.fetch(new Request(new URL(path, url)));
}

/**
 * The app page filled by the Worker for this request (a public page's answer, a person's signed-in page): never the
 * one index.html a cache keeps, so without its etag, with its own caching.
 */
export function filledPage(page: Response, cacheControl: "no-cache" | "private, no-store"): Response {
  const headers = new Headers(page.headers);
  headers.delete("etag");
  headers.set("cache-control", cacheControl);
  return new Response(page.body, { status: 200, headers });
}

/** A browser asking for a page of the app (not a file, not an API): it gets the app page in its language. */
export function wantsAppPage(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { pathname } = new URL(request.url);
  if (/\.[a-z0-9]+$/i.test(pathname)) return false;
  return (request.headers.get("accept") ?? "").includes("text/html");
}
