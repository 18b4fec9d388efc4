import type { QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { BELL_READ } from "../notifications/bell-size";
import type { AppRouter } from "./api-types";
import type { Role } from "./session";
import type { Viewer } from "./worker-drawn-viewer";

/** What a route's loader may start reads with: the app's query cache and tRPC's query options, outside React. */
export type PageReads = { queryClient: QueryClient; trpc: TRPCOptionsProxy<AppRouter> };
/**
 * The router's context (src/main.tsx). The pre-render of the public pages has no client, so no `reads` there. A
 * signed-in page the Worker draws (src/prerender/draw-signed-in-page.tsx) names its role in `signedIn` (the person's
 * record lives in the browser's storage, which the Worker has not, and her page cookie stood for it) and the zone of
 * what it knows of the browser it is drawn for in `viewer` (src/platform/worker-drawn-viewer.ts), which a loader's reads name.
 */
export type RouterContext = { reads?: PageReads; signedIn?: Role; viewer?: Viewer };

type Trpc = PageReads["trpc"];
/** The caller's role on every read a loader starts: a link hovered in one area may lead to another role's page. */
type As = { trpc: { context: { role: Role } } };
/** tRPC's query options for one read; their own types are checked where they are made (`trpc.x.queryOptions(input, as)`). */
type ReadOptions = { queryKey: readonly unknown[] };

/**
 * A signed-in page's first reads, started by its route's loader while the page's code and its area's
 * messages load, instead of after them and the first render: one round trip sooner on a far phone. The page's
 * components ask for the same queries (the same keys) and find them under way or answered. Not awaited: the page
 * draws its own loading and error states; a failed read is asked again by the component.
 */
export function startReads(reads: PageReads | undefined, role: Role, pick: (trpc: Trpc, as: As) => ReadOptions[]): void {
  if (!reads) return;
  for (const options of pick(reads.trpc, { trpc: { context: { role } } }))
    void reads.queryClient.prefetchQuery(options as Parameters<QueryClient["prefetchQuery"]>[0]);
}

/**
 * What a mentee's or mentor's area header reads on every page (the bell, unread messages, the zone, whether her address
 * is proven for the banner): their areas' loaders start it, so a page the Worker draws has it and the app, taking the
 * page over, asks for none of it again.
 */
export const areaHeaderReads = (trpc: Trpc, as: As): ReadOptions[] => [
  trpc.notifications.latest.queryOptions({ limit: BELL_READ }, as),
  trpc.chat.unread.queryOptions({}, as),
  trpc.scheduling.timeZone.queryOptions(undefined, as),
  trpc.email.status.queryOptions(undefined, as),
];
