import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { RealtimeClient } from "./realtime";
import { useTRPC, useTRPCClient } from "./trpc";
import { browserZone } from "./zoned";
import { readSession, useSession, type Role } from "./session";

type NotificationPush = { content?: unknown };
type MessagePush = { senderName?: unknown; sender?: { senderId?: { firstName?: unknown } } };

function senderName(data: unknown): string {
  const push = (data ?? {}) as MessagePush;
  const name = push.senderName ?? push.sender?.senderId?.firstName;
  return typeof name === "string" && name ? name : "your contact";
}

/** Keeps the signed-in user's room open while the area is shown and turns pushes into toasts. */
export function useUserRoom(role: Role): void {
  const session = useSession(role);
  const id = session?.id;
  const name = session?.name;
  const trpc = useTRPC();
  const api = useTRPCClient();
  const queryClient = useQueryClient();

  // The account's time zone: the browser's, the first time it signs in (never overwrites a chosen one).
  useEffect(() => {
    if (!id || role === "moderator") return;
    api.scheduling.setTimeZone
      .mutate({ timeZone: browserZone(), onlyIfUnset: true }, { context: { role } } as never)
      .then(() => queryClient.invalidateQueries(trpc.scheduling.timeZone.queryFilter()))
      .catch(() => {});
  }, [role, id, api, queryClient, trpc]);

  useEffect(() => {
    if (!id) return;
    const client = new RealtimeClient(role, id, () => readSession(role)?.accessToken ?? null);
    client.on("open", () => client.emit("setup", { role, id, name }));
    const refetchSchedules = () => void queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes("scheduling") });
    client.on("notification", (data) => {
      const content = (data as NotificationPush | null)?.content;
      toast("New Notification", { description: typeof content === "string" ? content : undefined });
      refetchSchedules();
    });
    // Whatever changed, the open scheduling screens refetch (a push only says that something changed).
    client.on("scheduler", () => {
      toast("Schedule changed by mentor");
      refetchSchedules();
    });
    client.on("messageReveived", (data) => toast(`New message from ${senderName(data)}`));
    // Blocked: the server refuses the session, and the auth link signs this tab out with the reason.
    client.on("refused", () => {
      client.close();
      api.auth.session.query(undefined, { context: { role } }).catch(() => undefined);
    });
    return () => client.close();
  }, [role, id, name, api, queryClient]);
}
