import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { Role } from "../../shared/role";
import { useTRPC, useTRPCClient } from "../platform/trpc";
import { currentEndpoint, notificationPermission, pushSupported, turnOffPush, turnOnPush } from "./web-push";

/**
 * This device's push for the signed-in account:
 * - `unsupported`: the browser has no service worker, notifications or Push API;
 * - `blocked`: the person (or the browser) denied notifications for this site;
 * - `on`: this device receives her pushes;
 * - `off`: it could (the browser asks on "Turn on").
 */
export type DeviceState = "loading" | "unsupported" | "blocked" | "on" | "off";

export function usePushDevice(role: Role) {
  const trpc = useTRPC();
  const api = useTRPCClient();
  const queryClient = useQueryClient();
  // undefined: not read yet; null: this browser has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [permission, setPermission] = useState(notificationPermission);
  const readDevice = useCallback(() => {
    setPermission(notificationPermission());
    currentEndpoint()
      .then(setEndpoint)
      .catch(() => setEndpoint(null));
  }, []);
  useEffect(readDevice, [readDevice]);

  const overview = useQuery(
    trpc.notificationSettings.overview.queryOptions(
      { endpoint: endpoint ?? undefined },
      { enabled: endpoint !== undefined, trpc: { context: { role } } },
    ),
  );
  const config = overview.data?.push;
  const after = () => {
    readDevice();
    return queryClient.invalidateQueries(trpc.notificationSettings.pathFilter());
  };
  const turnOn = useMutation({ mutationFn: () => turnOnPush(api, role, config!), onSettled: after });
  const turnOff = useMutation({ mutationFn: () => turnOffPush(api, role), onSettled: after });

  let state: DeviceState = "loading";
  if (config) {
    const mine = overview.data?.devices.some((d) => d.thisDevice) ?? false;
    if (!pushSupported(config.service) || !config.publicKey) state = "unsupported";
    else if (permission === "denied") state = "blocked";
    else state = mine && permission === "granted" ? "on" : "off";
  }
  return { state, overview, config, turnOn, turnOff };
}
