import { t } from "@lingui/core/macro";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/ui/toast";
import type { NoticeKind } from "../../shared/notification-kinds";
import type { MessagePush, SchedulerChange } from "../../shared/realtime-protocol";
import { translateNotice } from "../platform/i18n/notice-messages";
import { RealtimeClient } from "../platform/realtime";
import { type Role, useSession } from "../platform/session";
import { fetchSocketTicket } from "../platform/socket-ticket";
import { useTRPC, useTRPCClient } from "../platform/trpc";
import { browserZone } from "../platform/zoned";
import { isConversationOnScreen } from "./chat-focus";

function senderName(push: MessagePush): string {
  return push.sender.senderId.firstName || t`your contact`;
}

/**
 * Keeps the signed-in user's room open while the area is shown. A push only says what changed: the
 * matching queries are refetched (so a lost push loses nothing), every reconnect refetches what may
 * have been missed, and pushes from someone else raise toasts (SPEC §4, §8).
 */
export function useUserRoom(role: Role): void {
  const session = useSession(role);
  const id = session?.id;
  const name = session?.name;
  const trpc = useTRPC();
  const api = useTRPCClient();
  const queryClient = useQueryClient();

  // The account's time zone: the browser's, when the account has none yet (never overwrites a chosen one). Written only
  // then, and its answer is the zone the area shows: no write and no second read on every page load.
  const zone = useQuery({ ...trpc.scheduling.timeZone.queryOptions(), enabled: Boolean(id) && role !== "moderator" });
  const unset = zone.data?.timeZone === null;
  useEffect(() => {
    if (!id || role === "moderator" || !unset) return;
    api.scheduling.setTimeZone
      .mutate({ timeZone: browserZone(), onlyIfUnset: true }, { context: { role } } as never)
      .then((answer) => queryClient.setQueryData(trpc.scheduling.timeZone.queryKey(), answer))
      .catch(() => {});
  }, [role, id, unset, api, queryClient, trpc]);

  useEffect(() => {
    if (!id) return;
    let client: RealtimeClient | undefined;
    // The room opens in a task of its own, after the render that shows the area: on a slow phone, not part of the long
    // task that takes over a page the Worker drew.
    const opening = setTimeout(() => {
      client = openUserRoom({ role, id, name, api, trpc, queryClient });
    });
    return () => {
      clearTimeout(opening);
      client?.close();
    };
  }, [role, id, name, api, trpc, queryClient]);
}

type RoomDeps = {
  role: Role;
  id: string;
  name: string | undefined;
  api: ReturnType<typeof useTRPCClient>;
  trpc: ReturnType<typeof useTRPC>;
  queryClient: QueryClient;
};

/** The user's room: a push refetches what it names, a reconnect refetches what may have been missed, news raises a toast. */
function openUserRoom({ role, id, name, api, trpc, queryClient }: RoomDeps): RealtimeClient {
  // The mentee home shows unread messages and the next session: it refetches with both.
  const refetchHome = () => void queryClient.invalidateQueries(trpc.mentees.home.pathFilter());
  const refetchChat = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() });
    refetchHome();
  };
  const refetchBell = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const client = new RealtimeClient(role, id, () => fetchSocketTicket(api, role));
  const refetchSchedules = () => {
    void queryClient.invalidateQueries(trpc.scheduling.pathFilter());
    // A session's outcome, notes and comments (ADR 0026) arrive as notices too.
    void queryClient.invalidateQueries(trpc.attendance.pathFilter());
    void queryClient.invalidateQueries(trpc.sessionNotes.pathFilter());
    refetchHome();
  };
  // The kinds she turned off "in the app" raise no pop-up (ADR 0027); her choices are read once a minute at most.
  const inApp = (kind: NoticeKind) =>
    queryClient
      .fetchQuery({
        ...trpc.notificationSettings.preferences.queryOptions(undefined, { trpc: { context: { role } } }),
        staleTime: 60_000,
      })
      .then((preferences) => preferences[kind].inApp)
      .catch(() => true);
  let opened = false;
  client.on("open", () => {
    client.emit("setup", { role, id, name });
    // After a reconnect: fetch whatever changed while the socket was down.
    if (opened) {
      refetchChat();
      refetchBell();
      refetchSchedules();
    }
    opened = true;
  });
  client.on("notification", (push) => {
    refetchBell();
    // A message notification comes with its message, whose toast says more.
    if (push.type === "message") return;
    refetchSchedules();
    void inApp(push.kind).then((on) => on && toast(t`New Notification`, { description: translateNotice(push.content) }));
  });
  // Whatever changed, the open scheduling screens refetch (a push only says that something changed).
  client.on("scheduler", (push) => {
    toast(schedulerToast(role, push.change));
    refetchSchedules();
  });
  client.on("messageReveived", (push) => {
    refetchChat();
    // Our own messages (sent from this or another tab) are not news (SPEC §4).
    if (push.sender?.senderType === role) return;
    if (isConversationOnScreen(push.conversationId)) return;
    const sender = senderName(push);
    void inApp("message").then((on) => on && toast(t`New message from ${sender}`));
  });
  // Blocked, or this sign-in ended (logout in another tab, a password change elsewhere): the server
  // refuses the session, and the auth link signs this tab out (with the reason when blocked).
  client.on("refused", () => {
    client.close();
    api.auth.session.query(undefined, { context: { role } }).catch(() => undefined);
  });
  return client;
}

/**
 * The toast of a `scheduler` push. SPEC §4's words for a mentee whose slot the mentor changed; the
 * rescheduling changes (a move, a cancel, a request to reschedule; ADR 0023) say what happened.
 */
export function schedulerToast(role: string, change: SchedulerChange | undefined): string {
  if (role === "mentor")
    return change === "moved"
      ? t`A mentee moved a session`
      : change === "cancelled"
        ? t`A mentee cancelled a session`
        : t`Your schedule changed`;
  if (change === "reschedule-requested") return t`Your mentor asked to move a session`;
  if (change === "cancelled") return t`A session was released`;
  return t`Schedule changed by mentor`;
}
