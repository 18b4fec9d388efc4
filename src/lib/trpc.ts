import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../worker/trpc/router";
import { authLink } from "./auth-link";
import type { Role } from "./session";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The app's tRPC client: one plain http call per operation, each with its own role's bearer token. */
export function createApiClient(onBlocked: (role: Role, message: string) => void) {
  return createTRPCClient<AppRouter>({
    links: [
      authLink(onBlocked),
      httpLink({
        url: "/trpc",
        headers: ({ op }) => (typeof op.context.token === "string" ? { authorization: `Bearer ${op.context.token}` } : {}),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
