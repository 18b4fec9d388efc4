import type { Db } from "../../db/client";
import type { Env } from "../env";
import { passWaitlistHolds } from "../services/scheduling/waitlist";

type WaitUntil = (p: Promise<unknown>) => void;

/** The cron's half of the waitlist (ADR 0023): a freed slot whose 15-minute hold ran out goes to the next mentee waiting, or is simply open again. */
export const runWaitlistHolds = (db: Db, env: Env, now: Date, waitUntil: WaitUntil) => passWaitlistHolds({ db, env, now, waitUntil });
