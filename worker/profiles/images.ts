import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mentees, mentors, type Role } from "../../db/schema";
import { profileImageUrl } from "../accounts/accounts";
import { fail } from "../platform/domain-error";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

type ImageType = { mime: "image/jpeg" | "image/png" | "image/webp"; ext: "jpg" | "png" | "webp" };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The image type told by the file's first bytes (its magic number), never by its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png" };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: "image/webp", ext: "webp" };
  return null;
}

/** A unique object key from a random id plus the upload time (SPEC §9). */
export function imageKey(role: Role, type: ImageType, now = Date.now()): string {
  return `profiles/${role}/${crypto.randomUUID()}-${now}.${type.ext}`;
}

const tables = { mentee: mentees, mentor: mentors } as const;

/**
 * Stores a new profile picture in R2 and points the account at it. The pointer moves by one
 * conditional update (only if the old key is still current), so of two racing uploads one wins
 * and the loser's object is removed; the replaced object is deleted after the commit.
 */
export async function replaceProfileImage(db: Db, bucket: R2Bucket, owner: { role: "mentee" | "mentor"; id: string }, bytes: Uint8Array) {
  if (bytes.byteLength === 0) fail("BAD_REQUEST", "The file is empty. Choose a JPEG, PNG or WebP image.");
  if (bytes.byteLength > MAX_IMAGE_BYTES) fail("PAYLOAD_TOO_LARGE", "The image must be at most 5 MB.");
  const type = sniffImageType(bytes);
  if (!type) fail("UNSUPPORTED_MEDIA_TYPE", "Only JPEG, PNG and WebP images are accepted.");
  const table = tables[owner.role];
  const [current] = await db.select({ key: table.profileImageKey }).from(table).where(eq(table.id, owner.id));
  if (!current) fail("NOT_FOUND", "Account not found.");
  const key = imageKey(owner.role, type);
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" } });
  const stillCurrent: SQL = current.key === null ? isNull(table.profileImageKey) : eq(table.profileImageKey, current.key);
  const moved = await db
    .update(table)
    .set({ profileImageKey: key })
    .where(and(eq(table.id, owner.id), stillCurrent))
    .returning({ id: table.id });
  if (!moved.length) {
    await bucket.delete(key);
    fail("CONFLICT", "Your picture was changed at the same moment elsewhere. Please try again.");
  }
  if (current.key) await bucket.delete(current.key);
  return { profileImageUrl: profileImageUrl(key) };
}

/** R2 refuses keys longer than this many bytes; no stored image has one. */
export const MAX_IMAGE_KEY_BYTES = 1024;

const notFound = () => new Response("Image not found", { status: 404, headers: { "cache-control": "no-store" } });

/** Serves a stored image with long-lived caching (keys never change content). */
export async function serveImage(bucket: R2Bucket, key: string, ifNoneMatch: string | null): Promise<Response> {
  if (key === "" || new TextEncoder().encode(key).byteLength > MAX_IMAGE_KEY_BYTES) return notFound();
  const object = await bucket.get(key);
  if (!object) return notFound();
  const headers = new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "cache-control": "public, max-age=31536000, immutable",
    etag: object.httpEtag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  });
  if (ifNoneMatch === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
