/**
 * Runs the Worker's scheduled handler at the start of every minute, as Cloudflare's cron trigger does in production,
 * through the trigger path the local runtime serves (`/cdn-cgi/handler/scheduled`). A missed run (the server still
 * starting) is only logged: the next minute's run sweeps up whatever it would have done. Returns a stop function.
 */
export function startMinuteCron(origin: string): () => void {
  const run = async () => {
    try {
      const response = await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`);
      if (!response.ok) console.warn(`[cron] the scheduled handler answered ${response.status}`);
    } catch {
      // The dev server is not up yet (or is restarting): the next minute runs it.
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(
    () => {
      void run();
      every = setInterval(run, 60_000);
    },
    60_000 - (Date.now() % 60_000),
  );
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
