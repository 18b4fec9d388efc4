import type { Db } from "../../../db/client";

/** The calendar a live watch channel reports on (its source), when the channel is still ours. */
export async function watchedSourceOf(_db: Db, _channelId: string, _resourceId: string | null): Promise<{ sourceId: string } | null> {
  return null;
}
