import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoMentors } from "../db/demo-data";
import { AVATAR_LOOKS, type AvatarLook, avatarPath } from "../db/seed-avatars";

/**
 * Draws the seeded mentors' photos: a small illustrated portrait per mentor, as SVG, into
 * public/avatars/. Made here, by this script, so they carry no third-party licence and nothing is
 * downloaded when the seed runs. Deterministic: the same name always gives the same picture.
 * Run `npx tsx scripts/generate-avatars.ts` after adding a demo mentor, and commit the files.
 */

const BACKGROUNDS = ["#e0e7ff", "#fce7f3", "#dcfce7", "#fef3c7", "#e0f2fe", "#ede9fe", "#ffedd5", "#ccfbf1"];
const SKIN = ["#f1c7a1", "#e0ac7e", "#c68a5e", "#a96f47", "#8d5a3b"];
const HAIR = ["#1f1a17", "#2d2420", "#3b2a20", "#4a3426", "#171717"];
const SHIRTS = ["#4f46e5", "#0f766e", "#be123c", "#1d4ed8", "#7c3aed", "#b45309", "#334155", "#047857"];

/** A stable 32-bit hash of the name (FNV-1a), to pick colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

const pick = <T>(list: T[], seed: number, salt: number) => list[(seed >>> salt) % list.length];

function hairBack(look: AvatarLook, color: string): string {
  if (look.hair === "long") return `<path d="M34 58c0-22 13-36 30-36s30 14 30 36v44H34z" fill="${color}"/>`;
  if (look.hair === "bun") return `<circle cx="64" cy="24" r="11" fill="${color}"/>`;
  return "";
}

function hairFront(look: AvatarLook, color: string): string {
  switch (look.hair) {
    case "long":
    case "bun":
      return `<path d="M40 56c0-18 10-30 24-30s24 12 24 30c-6-9-15-14-24-15-9 1-18 6-24 15z" fill="${color}"/>`;
    case "curly":
      return `<path d="M38 54c-4-16 8-30 26-30s30 14 26 30c-3-6-6-9-10-10-4 4-10 5-16 3-6 2-12 1-16-3-4 1-7 4-10 10z" fill="${color}"/>`;
    case "receding":
      return `<path d="M41 56c-1-16 9-27 23-27s24 11 23 27c-2-6-5-10-8-12-4-3-9-4-15-4s-11 1-15 4c-3 2-6 6-8 12z" fill="${color}" opacity=".8"/>`;
    default:
      return `<path d="M40 54c0-17 10-28 24-28s24 11 24 28c-5-7-13-11-24-11s-19 4-24 11z" fill="${color}"/>`;
  }
}

/** One portrait: background, shoulders, neck, face, hair, eyes, smile (and glasses for some). */
export function avatarSvg(name: string, look: AvatarLook): string {
  const seed = hash(name);
  const bg = pick(BACKGROUNDS, seed, 0);
  const skin = SKIN[look.skin % SKIN.length];
  const hair = pick(HAIR, seed, 5);
  const shirt = pick(SHIRTS, seed, 9);
  const glasses = look.glasses
    ? `<g fill="none" stroke="#1e293b" stroke-width="2"><circle cx="55" cy="62" r="6"/><circle cx="73" cy="62" r="6"/><path d="M61 62h6"/></g>`
    : "";
  const beard = look.beard ? `<path d="M46 66c2 16 9 24 18 24s16-8 18-24c-4 6-10 9-18 9s-14-3-18-9z" fill="${hair}" opacity=".85"/>` : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="${name}">`,
    `<rect width="128" height="128" fill="${bg}"/>`,
    hairBack(look, hair),
    `<path d="M20 128c2-22 20-34 44-34s42 12 44 34z" fill="${shirt}"/>`,
    `<path d="M56 80h16v16c-4 4-12 4-16 0z" fill="${skin}"/>`,
    `<ellipse cx="64" cy="62" rx="23" ry="27" fill="${skin}"/>`,
    hairFront(look, hair),
    beard,
    `<circle cx="55" cy="62" r="2.4" fill="#1e293b"/><circle cx="73" cy="62" r="2.4" fill="#1e293b"/>`,
    `<path d="M56 75c5 4 11 4 16 0" fill="none" stroke="#7c2d12" stroke-width="2.2" stroke-linecap="round"/>`,
    glasses,
    `</svg>`,
  ].join("");
}

const dir = join(import.meta.dirname, "..", "public");
mkdirSync(join(dir, "avatars"), { recursive: true });
for (const m of demoMentors) {
  const name = `${m.firstName} ${m.lastName}`;
  const look = AVATAR_LOOKS[m.email];
  if (!look) throw new Error(`No avatar look for ${m.email}: add one to db/seed-avatars.ts`);
  writeFileSync(join(dir, avatarPath(m.firstName, m.lastName)), `${avatarSvg(name, look)}\n`);
}
console.log(`Drew ${demoMentors.length} avatars into public/avatars/.`);
