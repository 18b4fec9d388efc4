/** Search params of the moderator lists and the audit log: kept in the URL so links (a ticket's accused, an account's history) open them filtered. */

import type { ListSort } from "../../shared/validation/moderation";

/** The sorts of shared/validation/moderation, repeated here so route definitions (in the main bundle) do not pull in valibot. */
const LIST_SORTS: readonly ListSort[] = ["newest", "oldest", "name"];

const text = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined);
const pageOf = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? Math.min(n, 10_000) : undefined;
};
const sortOf = <S extends ListSort>(value: unknown, allowed: readonly S[]) => (allowed.includes(value as S) ? (value as S) : undefined);

export type ListSearch = { search?: string; sort?: ListSort; page?: number };
export type AuditSearch = { moderatorId?: string; targetId?: string; search?: string; sort?: "newest" | "oldest"; page?: number };

export function validateListSearch(search: Record<string, unknown>): ListSearch {
  return { search: text(search.search, 100), sort: sortOf(search.sort, LIST_SORTS), page: pageOf(search.page) };
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    moderatorId: text(search.moderatorId, 64),
    targetId: text(search.targetId, 64),
    search: text(search.search, 100),
    sort: sortOf(search.sort, ["newest", "oldest"] as const),
    page: pageOf(search.page),
  };
}
