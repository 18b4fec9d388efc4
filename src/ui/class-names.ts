import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Nothing here resolves conflicting Tailwind utilities (tailwind-merge would add
 * 7 KB to every page): a component's own classes and the ones a caller adds never set the
 * same thing, which tests/unit/class-names.test.ts checks across the code (scripts/class-conflicts.ts).
 * A caller that needs another look picks a variant or a prop (Button's `variant`, `size`, `shape`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
