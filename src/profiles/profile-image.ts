import { t } from "@lingui/core/macro";
// The app's Lingui instance, active (English until the reader picks a language) wherever this module runs.
import "../platform/i18n";

/** The upload rules of `POST /api/images/profile`, checked before sending (the server checks the bytes again). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** Why a chosen file cannot be uploaded, or null when it may be. */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return t`Choose a JPEG, PNG or WebP image.`;
  if (file.size > MAX_IMAGE_BYTES) return t`The image must be at most 5 MB.`;
  if (file.size === 0) return t`The file is empty. Choose a JPEG, PNG or WebP image.`;
  return null;
}
