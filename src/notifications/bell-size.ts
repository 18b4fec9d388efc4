/** The bell shows this many lines (SPEC §9: the latest 5). */
export const BELL_LINES = 5;
/** How many notifications the bell reads to fill its lines after folding (./bell-entries.ts); the areas' loaders start the same read. */
export const BELL_READ = 25;
