/** The waitlist and standing (weekly) sessions (ADR 0023). Spread into the scheduling router. */
export const waitlistProcedures = {};
