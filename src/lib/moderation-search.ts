/** Search params of the moderator lists and the audit log: kept in the URL so links (a ticket's accused, an account's history) open them filtered. */

const text = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined);
const pageOf = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? Math.min(n, 10_000) : undefined;
};

export function validateListSearch(search: Record<string, unknown>): { search?: string; page?: number } {
  return { search: text(search.search, 100), page: pageOf(search.page) };
}

export function validateAuditSearch(search: Record<string, unknown>): { moderatorId?: string; targetId?: string; page?: number } {
  return { moderatorId: text(search.moderatorId, 64), targetId: text(search.targetId, 64), page: pageOf(search.page) };
}
