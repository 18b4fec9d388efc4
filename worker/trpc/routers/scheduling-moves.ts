/** Moving a booking (reschedule), the mentor's request to reschedule, cancellations with a reason, and a booking's history (ADR 0023). Spread into the scheduling router. */
export const moveProcedures = {};
