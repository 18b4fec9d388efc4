import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../support/accounts";
import { trpc } from "../support/api";
import { inZone, pickDay, pickTime, scrollWidth } from "../support/booking";
import { toasts, useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { eventIcs, type Radicale, startRadicale } from "../support/radicale";
import { MENTEE_ZONE, openSection, people } from "../support/scheduler-page";

/**
 * A mentor's own calendar in Chromium (ADR 0040), against a real CalDAV server (Radicale): he connects it on the
 * scheduler (a wrong password first), its meeting closes the slot it overlaps, and a mentee in a second browser
 * sees only the free slot, books it, and the session appears in the mentor's Radicale calendar with our UID.
 */
const b = useBrowser({ timezoneId: "Europe/London" });
let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
});

const HOUR = 60 * 60 * 1000;
const topOfHour = (hoursAhead: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hoursAhead * HOUR);

describe("connecting his calendar", () => {
  it("he connects CalDAV (a wrong password is refused in words), its meeting closes a slot, and her booking lands in his calendar", async () => {
    const { mentor, mentee } = await people();
    const mentorApi = trpc(await accessTokenFor("mentor", mentor.id));
    const busyStart = topOfHour(50);
    const freeStart = new Date(busyStart.getTime() + 3 * HOUR);
    for (const start of [busyStart, freeStart]) await mentorApi.scheduling.publish.mutate({ slotDetails: { start: start.toISOString() } });
    const auth = { username: `kiran${crypto.randomUUID().slice(0, 6)}`, password: "app-password-1" };
    const calendarUrl = await radicale.addUser(auth.username, auth.password);
    await radicale.putEvent(calendarUrl, "sync", eventIcs("sync-1", busyStart, new Date(busyStart.getTime() + HOUR)), auth);

    const page = b.page;
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler");
    await openSection(page, "My calendars");
    await page.getByText("No calendar connected yet.").waitFor();
    await page.getByLabel("Server address").fill(radicale.url);
    await page.getByLabel("User name").fill(auth.username);
    await page.getByLabel("App password").fill("wrong");
    await page.getByRole("button", { name: "Connect calendar" }).click();
    await page.getByRole("alert").filter({ hasText: "did not accept this user name and app password" }).waitFor();
    await page.getByLabel("App password").fill(auth.password);
    await page.getByRole("button", { name: "Connect calendar" }).press("Enter");
    await toasts(page, "Calendar connected").waitFor();
    await expect.poll(() => page.getByRole("checkbox", { name: "Counts as busy" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Write new sessions here" }).isChecked()).toBe(true);

    // The pull lands in the background; the tab lists the meeting's time once it has (read from our database).
    await expect
      .poll(
        async () => {
          await page.reload();
          await openSection(page, "My calendars");
          const list = page.getByRole("list", { name: "Busy in the next 7 days" });
          // Its own query follows the accounts' one: give it a moment before counting.
          await list.waitFor({ timeout: 3000 }).catch(() => undefined);
          return list.getByRole("listitem").count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // A mentee, in a second browser, is offered the free slot only, and books it.
    const other = await b.newContext({ timezoneId: MENTEE_ZONE });
    const menteePage = await other.newPage();
    await signInInto(menteePage, "mentee", mentee);
    await menteePage.goto(`/mentees/schedules?mentorId=${mentor.id}`);
    const free = inZone(freeStart, MENTEE_ZONE);
    const busy = inZone(busyStart, MENTEE_ZONE);
    await pickDay(menteePage, free.date);
    await menteePage.getByRole("button", { name: new RegExp(`^Choose ${free.date} ${free.time}`) }).waitFor();
    expect(await menteePage.getByRole("button", { name: new RegExp(`^Choose ${busy.date} ${busy.time}`) }).count()).toBe(0);
    await pickTime(menteePage, free.date, free.time);
    await menteePage.getByRole("region", { name: "Confirm your session" }).getByRole("button", { name: "Confirm" }).click();
    await menteePage.getByRole("heading", { name: "You're booked" }).waitFor();

    await expect
      .poll(
        async () => (await radicale.events(calendarUrl, auth)).some((e) => /UID:[\w-]+@mentorlink/.test(e) && e.includes(mentee.firstName)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
  });

  it("at 360 px the tab, the form and a connected account fit the screen; a read-only calendar says why it takes no sessions", async () => {
    const { mentor } = await people();
    const auth = { username: `narrow${crypto.randomUUID().slice(0, 6)}`, password: "app-password-2" };
    await radicale.addUser(auth.username, auth.password);
    await radicale.addCalendar(auth.username, "team");
    radicale.makeReadOnly(auth.username, "team");
    await trpc(await accessTokenFor("mentor", mentor.id)).calendars.connectCaldav.mutate({ serverUrl: radicale.url, ...auth });
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInInto(page, "mentor", mentor);
    await page.goto("/mentors/scheduler");
    await openSection(page, "My calendars");
    await page.getByRole("button", { name: "Disconnect" }).waitFor();
    await page.getByRole("link", { name: "Connect Google Calendar" }).waitFor();
    // His own calendar takes new sessions; the one shared with him to read cannot be chosen, and says why.
    const radios = page.getByRole("radio", { name: "Write new sessions here" });
    await expect.poll(() => radios.count()).toBe(2);
    const why = "Read-only for your account (a subscribed or shared calendar): new sessions cannot be written here.";
    const readOnly = page.getByRole("radio", { name: "Write new sessions here", description: why });
    expect(await readOnly.isDisabled()).toBe(true);
    expect(await readOnly.isChecked()).toBe(false);
    await page.getByText(why).waitFor();
    expect(await page.getByRole("radio", { name: "Write new sessions here", disabled: false }).isChecked()).toBe(true);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    // Disconnecting asks first, then removes the account.
    await page.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("No calendar connected yet.").waitFor();
  });
});
