import type { BrowserContext, Page } from "playwright-core";

/** A Content-Security-Policy or Permissions-Policy refusal seen in the browser. */
export type Violation = { page: string; what: string };

/** Records, for every page of the context, each `securitypolicyviolation` event and each console message about a policy. */
export async function watchPolicies(context: BrowserContext): Promise<Violation[]> {
  const found: Violation[] = [];
  await context.exposeBinding("__reportViolation", ({ page }, what: string) => void found.push({ page: page.url(), what }));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportViolation: (what: string) => void }).__reportViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  const watchPage = (page: Page) =>
    page.on("console", (message) => {
      if (/content.security.policy|permissions.policy|refused to/i.test(message.text()))
        found.push({ page: page.url(), what: `console ${message.type()}: ${message.text()}` });
    });
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  return found;
}
