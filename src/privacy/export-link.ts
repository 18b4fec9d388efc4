import { redirect } from "@tanstack/react-router";
import { readSession } from "@/platform/session";
import type { MemberRole } from "../../shared/role";

/**
 * The mailed link's `#export=id.secret` (ADR 0039). The fragment never reaches a server; the page takes it out of the
 * address as soon as it is read, and keeps it in this tab only, so signing in first or reloading still finds it.
 */
const LINK_KEY = "mentorlink:data-export-link";
const FRAGMENT = /^#?export=([^&]+)$/;

export const DOWNLOAD_PATH = "/privacy/download";

/** Who may open a copy: a signed-in mentee or mentor (a copy belongs to one of them). */
export const signedInMembers = (): MemberRole[] => (["mentee", "mentor"] as const).filter((role) => readSession(role) !== null);

function fromFragment(hash: string): string | null {
  const match = FRAGMENT.exec(hash);
  return match ? decodeURIComponent(match[1]) : null;
}

export function keepLink(link: string): void {
  try {
    sessionStorage.setItem(LINK_KEY, link);
  } catch {
    // Storage refused (private mode): she opens the mailed link again after signing in.
  }
}

export function forgetLink(): void {
  try {
    sessionStorage.removeItem(LINK_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The link from the address (kept for this tab, and then removed from the address bar), else the one kept before. */
export function takeLinkFromAddress(): string | null {
  const fromAddress = fromFragment(window.location.hash);
  if (fromAddress) {
    keepLink(fromAddress);
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    return fromAddress;
  }
  try {
    return sessionStorage.getItem(LINK_KEY);
  } catch {
    return null;
  }
}

/**
 * The page's guard: a signed-out visitor is sent to sign in and comes back here. The secret does not travel in the
 * sign-in page's address: it waits in this tab, and the return-to is the bare page.
 */
export function requireMemberForDownload(): void {
  if (signedInMembers().length > 0) return;
  const link = fromFragment(window.location.hash);
  if (link) keepLink(link);
  throw redirect({ to: "/auth/login", search: { redirect: DOWNLOAD_PATH } });
}
