import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "./api-types";
import { authLink, type SessionEvents } from "./auth-link";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The app's tRPC client: one plain http call per operation, each with its own role's bearer token. */
export function createApiClient(events: SessionEvents) {
  return createTRPCClient<AppRouter>({
    links: [
      authLink(events),
      httpLink({
        url: "/trpc",
        headers: ({ op }) => (typeof op.context.token === "string" ? { authorization: `Bearer ${op.context.token}` } : {}),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
