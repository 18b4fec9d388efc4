import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { demoMentors } from "./demo-data";
import { mentors } from "./schema";

/**
 * The seeded mentors' photos: illustrated portraits drawn by scripts/generate-avatars.ts and
 * bundled in public/avatars/ (made in the repo, so no licence to track and no download at run time).
 * A mentor's `profileImageKey` holds the bundled file's path; `profileImageUrl` serves it as it is.
 */

export type AvatarLook = { hair: "short" | "long" | "bun" | "curly" | "receding"; skin: number; glasses?: boolean; beard?: boolean };

/** How each demo mentor is drawn (hair, skin tone 0 to 4, glasses, beard). */
export const AVATAR_LOOKS: Record<string, AvatarLook> = {
  "mentor@example.com": { hair: "long", skin: 2 },
  "vikram.mentor@example.com": { hair: "short", skin: 2, glasses: true },
  "neha.mentor@example.com": { hair: "bun", skin: 1 },
  "arjun.mentor@example.com": { hair: "curly", skin: 3, beard: true },
  "kavya.mentor@example.com": { hair: "long", skin: 3, glasses: true },
  "rohan.mentor@example.com": { hair: "short", skin: 1 },
  "ananya.mentor@example.com": { hair: "bun", skin: 2, glasses: true },
  "farhan.mentor@example.com": { hair: "short", skin: 2, beard: true },
  "ishita.mentor@example.com": { hair: "long", skin: 0 },
  "dev.mentor@example.com": { hair: "receding", skin: 1, glasses: true },
  "lakshmi.mentor@example.com": { hair: "long", skin: 4 },
  "sanjay.mentor@example.com": { hair: "curly", skin: 4 },
  "tanvi.mentor@example.com": { hair: "bun", skin: 0 },
  "pending.one@example.com": { hair: "short", skin: 3 },
  "pending.two@example.com": { hair: "long", skin: 1, glasses: true },
};

/** The bundled file of a mentor's photo, e.g. "/avatars/asha-rao.svg" (public/avatars/asha-rao.svg). */
export const avatarPath = (firstName: string, lastName: string) =>
  `/avatars/${`${firstName}-${lastName}`.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.svg`;

/** Gives each demo mentor without a picture their bundled photo; a picture they uploaded is kept. Idempotent. */
export async function seedAvatars(db: Db): Promise<void> {
  for (const m of demoMentors) {
    await db
      .update(mentors)
      .set({ profileImageKey: avatarPath(m.firstName, m.lastName) })
      .where(and(eq(mentors.email, m.email), isNull(mentors.profileImageKey)));
  }
}
