import { useNavigate } from "@tanstack/react-router";
import { clearSession, type Role } from "@/platform/session";
import { useTRPCClient } from "@/platform/trpc";

/** Signs the role out here and on the server, then goes home: the areas' account menus and the public user menu. */
export function useLogout(role: Role) {
  const client = useTRPCClient();
  const navigate = useNavigate();
  return async () => {
    // This device stops receiving the account's pushes first, while the sign-in still works (ADR 0027).
    await import("@/notifications/web-push")
      .then(({ forgetDeviceOnSignOut }) => forgetDeviceOnSignOut(client, role))
      .catch(() => undefined);
    try {
      await client.auth.logout.mutate({ role }, { context: { role } });
    } catch {
      // The session ends on this device whatever the server answered.
    }
    clearSession(role);
    await navigate({ to: "/" });
  };
}
