import type { listApplicants } from "../moderation/applicants";
import { rupees } from "./legacy-shapes";

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A moderator list page as the legacy clients read lists: `_id` on each row, the rows under the list's name. */
export function legacyPage<K extends string, T extends { id: string }>(name: K, page: Page<T>) {
  const { items, ...rest } = page;
  return { [name]: items.map(({ id, ...row }) => ({ _id: id, ...row })), ...rest } as Record<K, (Omit<T, "id"> & { _id: string })[]> &
    Omit<Page<T>, "items">;
}

/** An application of `mentor_requests`: every field of SPEC §3, the rate in rupees. */
export function legacyApplicant(a: Awaited<ReturnType<typeof listApplicants>>[number]) {
  const { id, hourlyRatePaise, ...rest } = a;
  return { _id: id, ...rest, hourlyRate: rupees(hourlyRatePaise) };
}
