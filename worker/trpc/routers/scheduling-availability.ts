/** A mentor's weekly hours, booking rules (notice, buffer, daily cap) and time off (ADR 0023). Spread into the scheduling router. */
export const availabilityProcedures = {};
