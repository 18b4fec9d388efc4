import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc";
import { browserZone } from "./zoned";

/** The signed-in person's zone, for every time and date shown in their area: the account's, else the browser's. */
export function useMyZone(): string {
  const trpc = useTRPC();
  const zone = useQuery(trpc.scheduling.timeZone.queryOptions());
  return zone.data?.timeZone ?? browserZone();
}
