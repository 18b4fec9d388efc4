import type { Db } from "../../db/client";
import { requestDb } from "../../db/request-db";
import { type Locale, requestLocale } from "../../shared/locale";
import { type AccessClaims, verifyAccessToken } from "../accounts/tokens";
import { clientAddress } from "../platform/client-address";
import { requestNow } from "../platform/clock";
import { dbFor } from "../platform/database";
import type { WaitUntil } from "../platform/deps";
import { newCatalogueGeneration } from "../platform/edge-cache";
import { type Config, type Env, readConfig } from "../platform/env";

export type Context = {
  env: Env;
  config: Config;
  /** This request's database (db/request-db.ts): reads started together travel together. */
  db: Db;
  /** Holds this request's writes until the promise settles, and fails them if it rejects (the account check). */
  holdWritesUntil: (check: Promise<unknown>) => void;
  /** This request's database without the hold: only for a batch that carries its own account check (db/request-db.ts). */
  dbForSelfCheckingBatch: Db;
  /** Claims of a valid bearer token; null when absent. */
  auth: AccessClaims | null;
  /** A bearer token was sent but is invalid or expired. */
  tokenRejected: boolean;
  /** The id failures of this request are logged with. */
  requestId: string;
  /** The origin the caller reached us on, for links back to the app (Stripe Checkout's return URLs). */
  origin: string;
  /** What the caller's browser says it is (the device a sign-in alert names); null when it says nothing. */
  userAgent: string | null;
  /** The caller's address for throttling (CF-Connecting-IP; see services/client-address.ts). */
  address: string;
  /** The instant every time window of this request is measured from (worker/platform/clock.ts). */
  now: Date;
  /** The caller's language before any account is known (switcher cookie, else Accept-Language, else English, ADR 0027). */
  locale: Locale;
  /** Runs work after the response (pushes after commit). */
  waitUntil: WaitUntil;
  /**
   * This request changed what the public catalogue shows (a mentor's profile, picture, rate, rating, approval or
   * block): this location's cached searches and profiles are skipped from now on (ADR 0016), and, when the request
   * came through the edge to the placed API, the answer tells the edge to do the same where the person is (ADR 0017).
   */
  catalogueChanged: () => Promise<void>;
};

/** The bearer token a request carries, if any. */
export const bearerToken = (request: Request): string | undefined => request.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];

export async function createContext(
  request: Request,
  env: Env,
  execution: ExecutionContext,
  requestId: string = crypto.randomUUID(),
  onCatalogueChanged: () => void = () => undefined,
): Promise<Context> {
  const config = readConfig(env);
  const token = bearerToken(request);
  const auth = token ? await verifyAccessToken(config.JWT_SECRET, token) : null;
  const { db, holdWritesUntil, forSelfCheckingBatch } = requestDb(dbFor(config));
  return {
    env,
    config,
    db,
    holdWritesUntil,
    dbForSelfCheckingBatch: forSelfCheckingBatch,
    auth,
    tokenRejected: Boolean(token) && !auth,
    requestId,
    origin: new URL(request.url).origin,
    address: clientAddress(request),
    userAgent: request.headers.get("user-agent"),
    now: requestNow(config, request),
    locale: requestLocale(request.headers),
    waitUntil: (p) => execution.waitUntil(p),
    catalogueChanged: async () => {
      onCatalogueChanged();
      await newCatalogueGeneration();
    },
  };
}
