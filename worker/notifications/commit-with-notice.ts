import type { BatchItem } from "drizzle-orm/batch";
import type { NoticeKind } from "../../shared/notification-kinds";
import type { ServiceDeps } from "../platform/deps";
import type { Recipient } from "../realtime/push";
import { notificationWrite, pushNotification } from "./notifications";

/** A conditional write that returns the rows it changed (an update or delete with `.returning()`). */
type ReturningWrite = BatchItem<"sqlite"> & { _: { result: unknown[] } };

/**
 * Commits a conditional write together with the alert it causes, then pushes the alert. The
 * notification row is written in the same batch only if the write changed a row (so a write that
 * lost a race leaves no notice behind), and it is pushed only after the commit, so nobody is told
 * about a change that did not happen. Returns the write's rows: empty when it matched nothing,
 * and the caller decides why. `after` (optional) are more statements for the same batch, placed
 * after the notice (e.g. e-mails written `where changes() = 1`).
 */
export async function commitWithNotice<W extends ReturningWrite>(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  write: W,
  notice: { to: Recipient; kind: NoticeKind; content: string },
  after: BatchItem<"sqlite">[] = [],
  /** Receives what the `after` statements answered, in their order (e.g. whether a conditional mark wrote its row). */
  seeAfter?: (results: unknown[]) => void,
): Promise<W["_"]["result"]> {
  const { statement, view } = notificationWrite(
    deps.db,
    notice.to,
    { type: "alert", kind: notice.kind, content: notice.content },
    deps.now,
    { ifPreviousChanged: true },
  );
  const [changed, , ...afterResults] = await deps.db.batch([write, statement, ...after]);
  seeAfter?.(afterResults);
  if (changed.length > 0) pushNotification(deps.env, deps.waitUntil, notice.to, view);
  return changed;
}
