/**
 * Polls `read` until it gives something truthy, and returns it; fails naming `what` after `timeoutMs`. For state that
 * background work (a queue, a pull, a push) reaches a moment after the request that caused it.
 */
export async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
