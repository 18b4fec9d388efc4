import type { Page } from "playwright-core";

/**
 * Serves the documents at `url` without the answer the Worker drew them from (as when the database could not answer
 * then, worker/pages/public-pages.routes.ts): the app starts without it and asks for the page's data itself.
 */
export async function withoutPageData(page: Page, url: RegExp): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="page-data">[^<]*<\/script>/, "");
    await route.fulfill({ response, body: html });
  });
}
