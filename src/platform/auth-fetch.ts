import { createContext, useContext } from "react";
import type { AuthFetch } from "./auth-link";

/** Provides the app's `AuthFetch` (created next to the tRPC client in main.tsx) to components. */
export const AuthFetchContext = createContext<AuthFetch | null>(null);

export function useAuthFetch(): AuthFetch {
  const authFetch = useContext(AuthFetchContext);
  if (!authFetch) throw new Error("useAuthFetch needs an AuthFetchContext provider");
  return authFetch;
}
