import type { CalendarProviderKind } from "../../../db/schema";
import { type Env, readConfig } from "../../platform/env";
import { caldavProvider } from "../caldav/caldav-provider";
import { googleCalendar } from "../google/google-calendar";
import type { CalendarProvider } from "./provider";

/**
 * The provider registry (ADR 0040): the one place the sync finds a provider by the connection's `provider`
 * column. A provider is an object, or made per Worker's bindings when it needs its settings (the CalDAV one
 * allows local servers in development only). A new provider is one line here.
 */
// biome-ignore lint/suspicious/noExplicitAny: each provider has its own credentials; the sync only stores and hands them back
type AnyProvider = CalendarProvider<any>;
const registry: Partial<Record<CalendarProviderKind, AnyProvider | ((env: Env) => AnyProvider)>> = {
  caldav: caldavProvider,
  google: (env) => googleCalendar(readConfig(env)),
};

export function providerFor(env: Env, kind: CalendarProviderKind): AnyProvider {
  const entry = registry[kind];
  if (!entry) throw new Error(`No calendar provider for ${kind}`);
  return typeof entry === "function" ? entry(env) : entry;
}
