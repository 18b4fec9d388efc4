import type { Db } from "../../db/client";
import { extendWeeklyHours } from "./weekly-hours";

/**
 * The cron's weekly-hours job (ADR 0023): extends each mentor's generated slots to 8 weeks ahead.
 * Reachable by hand in development as `POST /dev/cron/extendWeeklyHours?now=…`.
 */
export const extendWeeklyHoursJob = (db: Db, now: number) => extendWeeklyHours(db, new Date(now));
