import { describe, expect, it } from "vitest";
import { useBrowser, waitForPath } from "../support/browser";

/** The screens of SPEC §2 for an unknown page, a slow page and a page that fails to load. */

const b = useBrowser();
const LOGIN_CHUNK = /\/assets\/login-[^/]+\.js$/;

describe("app screens", () => {
  it("shows Page not found for an unknown path, with a way home", async () => {
    const page = b.page;
    await page.goto("/no-such-page/at-all");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Home Page" }).click();
    await waitForPath(page, "/");
    await page.getByRole("heading", { level: 1, name: "Learn a new skill, launch a project, land your dream career." }).waitFor();
  });

  it("shows the loading screen while a page's code is still arriving, then the page", async () => {
    const page = b.page;
    await page.route(LOGIN_CHUNK, async (route) => {
      await new Promise((r) => setTimeout(r, 2_500));
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    const loading = page.getByRole("status").filter({ hasText: "Loading..." });
    await loading.waitFor({ timeout: 5_000 });
    await page.getByRole("button", { name: "Sign in", exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await loading.count()).toBe(0);
  });

  it("shows the error screen when a page's code cannot be loaded, with a way home", async () => {
    const page = b.page;
    await page.route(LOGIN_CHUNK, (route) => route.abort("failed"));
    await page.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    // After one reload, a screen that says what failed in words, with Retry and Home.
    await page.getByRole("heading", { name: "Something didn't load" }).waitFor({ timeout: 15_000 });
    await page.unroute(LOGIN_CHUNK);
    await page.getByRole("link", { name: "Home", exact: true }).last().click();
    await waitForPath(page, "/");
  });

  it("shows SPEC's error screen, with a way home, when a page fails for another reason", async () => {
    const page = b.page;
    await page.route(LOGIN_CHUNK, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "throw new Error('The sign-in page broke')" }),
    );
    await page.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("heading", { name: "Something Went Wrong....!!! Please Go Back to HomePage" }).waitFor({ timeout: 10_000 });
    await page.getByText("The sign-in page broke").waitFor();
    await page.unroute(LOGIN_CHUNK);
    await page.getByRole("link", { name: "Home Page" }).click();
    await waitForPath(page, "/");
  });
});
