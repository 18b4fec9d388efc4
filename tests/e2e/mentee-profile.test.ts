import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { COMMON_PASSWORD } from "../../worker/accounts/common-passwords";
import { createMentee, signIn } from "../support/accounts";
import { trpc } from "../support/api";
import { fieldError, readStoredSession, toasts, useBrowser, waitForPath } from "../support/browser";
import { PNG_1X1, signInInto } from "../support/find-mentor";

/**
 * The mentee edits her profile (SPEC §2 mentee area, §5 phone rule, §8 "Updation success" /
 * "Updation Failed") and uploads a picture (JPEG/PNG/WebP, at most 5 MB) that then shows in the nav.
 */

const b = useBrowser();
type Page = typeof b.page;
const accountMenu = (page: Page) => page.getByRole("button", { name: "Account menu" });
const navImage = (page: Page) => accountMenu(page).locator("img");
const imageInput = (page: Page) => page.getByTestId("profile-image-input");

/** GETs an image path from the Worker as a browser would. */
async function fetchImage(src: string) {
  const response = await fetch(new URL(src, inject("baseUrl")));
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("mentee profile", () => {
  it("opens Profile from the account menu of her home, edits names, phone and About, and the nav follows", async () => {
    const page = b.page;
    const mentee = await createMentee({ firstName: "Lena", lastName: "Fischer", phone: "9876501234", bio: "Career switcher." });
    // Signed in (seeded: signing in is not what this test is about), she starts on her home.
    const { accessToken } = await signInInto(page, "mentee", mentee);
    await page.goto("/mentees");

    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await waitForPath(page, "/mentees/profile");
    await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    expect(await page.getByText(`Signed in as ${mentee.email}`).count()).toBe(1);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    expect(await field("First Name").inputValue()).toBe(mentee.firstName);
    expect(await field("Last Name").inputValue()).toBe(mentee.lastName);
    expect(await field("Mobile Number").inputValue()).toBe(mentee.phone);
    expect(await field("About").inputValue()).toBe(mentee.bio);

    // Invalid values are refused in the browser and nothing is sent.
    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/trpc/mentees.updateProfile")) saves.push(r.url());
    });
    await field("First Name").fill("  ");
    await field("Mobile Number").fill("12345");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => fieldError(page, "First Name")).toBe("First Name is required");
    expect(await fieldError(page, "Mobile Number")).toBe("Please enter a valid 10-digit mobile number");
    expect(saves).toEqual([]);

    // A valid edit is saved, toasted, and the nav's name follows.
    await field("First Name").fill("Helena");
    await field("Last Name").fill("Fischer-Rao");
    await field("Mobile Number").fill("+918123456789");
    await field("About").fill("Backend developer learning system design.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toasts(page, "Updation success").waitFor();
    expect(saves).toHaveLength(1);
    expect(await trpc(accessToken).mentees.profile.query()).toMatchObject({
      firstName: "Helena",
      lastName: "Fischer-Rao",
      phone: "+918123456789",
      bio: "Backend developer learning system design.",
    });
    expect(await readStoredSession(page, "mentee")).toMatchObject({ menteeName: "Helena Fischer-Rao" });
    // The toast does not cover the nav: the account menu opens at once and shows the new name.
    await accountMenu(page).click({ timeout: 2_000 });
    await page.getByRole("menu").getByText("Helena Fischer-Rao", { exact: true }).waitFor();
    await page.keyboard.press("Escape");

    // After a reload the form shows what the server holds.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    expect(await field("First Name").inputValue()).toBe("Helena");
    expect(await field("About").inputValue()).toBe("Backend developer learning system design.");

    // A failed save says so and changes nothing on the server.
    await page.route("**/trpc/mentees.updateProfile**", (route) => route.abort("connectionrefused"));
    await field("About").fill("This will not be saved.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toasts(page, "Updation Failed").waitFor();
    expect((await trpc(accessToken).mentees.profile.query()).bio).toBe("Backend developer learning system design.");
  });

  it("uploads a PNG that then shows in the nav, served by the Worker; refuses non-images and oversized files", async () => {
    const page = b.page;
    const mentee = await createMentee({ firstName: "Mira", lastName: "Okonkwo" });
    const { accessToken } = await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/profile");
    await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    // No picture yet: the nav shows an icon, not an image.
    expect(await navImage(page).count()).toBe(0);

    const uploads: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/images/profile")) uploads.push(r.status());
    });
    // The first picture goes through the "Change photo" button's file chooser.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Change photo" }).click();
    await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
    await toasts(page, "Updation success").waitFor();
    await navImage(page).waitFor();
    const src = (await navImage(page).getAttribute("src"))!;
    expect(src).toMatch(/^\/images\/profiles\/mentee\/[0-9a-f-]+-\d+\.png$/);
    // The browser decoded it (a broken image would fall back to initials).
    expect(await navImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const served = await fetchImage(src);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/png");
    expect(Buffer.from(served.bytes).equals(PNG_1X1)).toBe(true);
    // The session record and the server agree on the new picture; the editor shows it too.
    expect(await readStoredSession(page, "mentee")).toMatchObject({ profileImageUrl: src });
    expect((await trpc(accessToken).mentees.profile.query()).profileImageUrl).toBe(src);
    await expect
      .poll(() => page.getByRole("img", { name: `Profile photo of ${mentee.firstName} ${mentee.lastName}` }).getAttribute("src"))
      .toBe(src);

    // It stays after a reload.
    await page.reload();
    await navImage(page).waitFor();
    expect(await navImage(page).getAttribute("src")).toBe(src);

    // A text file named .png passes the browser's type check but not the server's byte check.
    await imageInput(page).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text, not a picture"),
    });
    await page.getByRole("alert").filter({ hasText: "Only JPEG, PNG and WebP images are accepted." }).waitFor();
    await toasts(page, "Updation Failed").waitFor();
    expect(uploads).toEqual([201, 415]);

    // An SVG and a file over 5 MB are refused before anything is sent.
    await imageInput(page).setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByRole("alert").filter({ hasText: "Choose a JPEG, PNG or WebP image." }).waitFor();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    await imageInput(page).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await page.getByRole("alert").filter({ hasText: "The image must be at most 5 MB." }).waitFor();
    expect(uploads).toEqual([201, 415]);

    // None of the refused files replaced the picture.
    expect(await navImage(page).getAttribute("src")).toBe(src);
    expect((await trpc(accessToken).mentees.profile.query()).profileImageUrl).toBe(src);

    // A second picture replaces the first, whose file is removed.
    await imageInput(page).setInputFiles({ name: "again.png", mimeType: "image/png", buffer: PNG_1X1 });
    await expect.poll(() => navImage(page).getAttribute("src")).not.toBe(src);
    const next = (await navImage(page).getAttribute("src"))!;
    expect((await fetchImage(next)).status).toBe(200);
    expect((await fetchImage(src)).status).toBe(404);
    expect(await readStoredSession(page, "mentee")).toMatchObject({ profileImageUrl: next });
  });

  it("the password change reports a common new password under the field and keeps the old one", async () => {
    const page = b.page;
    const mentee = await createMentee();
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees/profile");
    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Sunshine1");
    await page.getByLabel("Confirm new password").fill("Sunshine1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => fieldError(page, "New password")).toBe(COMMON_PASSWORD);
    expect((await signIn("mentee", mentee.email, DEMO_PASSWORD)).accessToken).toEqual(expect.any(String));
  });
});
