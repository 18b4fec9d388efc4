import * as v from "valibot";

/**
 * A profile link (website, Twitter, LinkedIn): "" for none, or an absolute URL that starts with
 * `https://` or `http://`. A valid URL is not enough: `javascript:`, `data:` and
 * `vbscript:` URLs are valid too, and the REST API hands links as they are to legacy clients and to
 * the moderator's applicant list. The scheme is read from the text itself rather than from a parsed
 * URL, because URL parsing drops tabs and newlines (`java\tscript:` parses as `javascript:`).
 */
const HTTP_LINK = /^https?:\/\//i;

export const linkField = (label: string) =>
  v.union(
    [
      v.literal(""),
      v.pipe(
        v.string(`${label} must be a valid URL`),
        v.trim(),
        v.url(`${label} must be a valid URL`),
        v.maxLength(300, `${label} must be a valid URL`),
        v.regex(HTTP_LINK, `${label} must start with https:// or http://`),
      ),
    ],
    `${label} must be a valid URL`,
  );
