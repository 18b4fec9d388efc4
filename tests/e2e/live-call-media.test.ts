import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { conversations } from "../../db/schema";
import { testDb } from "../support/accounts";
import { useBrowser } from "../support/browser";
import { signInInto } from "../support/find-mentor";
import { bookedPair, enterLive, expectPlaying, FAKE_MEDIA_ARGS, joinNow } from "../support/live";

/**
 * The live call's media (ADR 0026) in Chromium with fake devices, two browsers: the pre-join check (own
 * preview, microphone level, device lists), a camera that is off shows the name and picture on the
 * other side, a muted microphone shows, devices switch during the call, the attendance rule while
 * waiting, the agenda for both, the in-call text panel that stays in the pair's chat, and screen sharing (the
 * last two in one call: entering a call is the costly part, and neither depends on the other).
 */
const b = useBrowser({ permissions: ["camera", "microphone"] }, [...FAKE_MEDIA_ARGS, "--auto-select-desktop-capture-source=Entire screen"]);

const MINUTE = 60 * 1000;

const optionsOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator("option").allInnerTexts();

async function secondPage() {
  return (await b.newContext({ permissions: ["camera", "microphone"] })).newPage();
}

describe("the live call's devices, text panel and screen sharing", () => {
  it("checks devices before joining; a camera turned off shows the name and picture, a muted microphone shows; devices switch in the call", async () => {
    const agenda = "System design review.\nMy doc: https://example.com/design-doc";
    const { mentor, mentee, slotId } = await bookedPair(-MINUTE, { agenda });
    const mentorPage = b.page;
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto(`/mentors/connect/live/${slotId}`);

    // The pre-join check: his own camera, a microphone level that moves, and the devices to choose from.
    await expectPlaying(mentorPage, "Your camera preview");
    const meter = mentorPage.getByRole("meter", { name: "Microphone level" });
    await expect.poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await optionsOf(mentorPage, "Camera")).length).toBeGreaterThanOrEqual(1);
    const microphones = await optionsOf(mentorPage, "Microphone");
    expect(microphones.length).toBeGreaterThanOrEqual(1);
    expect(microphones.every((label) => label.trim().length > 0)).toBe(true);
    // The mentee's agenda, for him too, its link a link.
    const agendaPanel = mentorPage.locator("details").filter({ hasText: "Agenda" });
    await agendaPanel.getByText("System design review.").waitFor();
    expect(await agendaPanel.getByRole("link", { name: "https://example.com/design-doc" }).getAttribute("href")).toBe(
      "https://example.com/design-doc",
    );

    // He turns his camera off and mutes before joining.
    await mentorPage.getByRole("button", { name: "Turn camera off" }).click();
    await mentorPage.getByText("Your camera is off").waitFor();
    expect(await mentorPage.getByLabel("Your camera preview").count()).toBe(0);
    await mentorPage.getByRole("button", { name: "Mute", exact: true }).click();
    expect(await mentorPage.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
    await joinNow(mentorPage);

    // Waiting after the start: the attendance rule, in his zone.
    await mentorPage.getByText(`Waiting for ${mentee.firstName} to join`).waitFor({ timeout: 20_000 });
    await mentorPage
      .getByText(
        /^If Maya hasn't joined by \d{1,2}:\d\d [ap]m, this session will count as missed by Maya, and it uses Maya's call\. Stay on this page until then\.$/,
      )
      .waitFor();

    const menteePage = await secondPage();
    await enterLive(menteePage, "mentee", mentee, slotId);
    // She sees his name and picture instead of his video, and that he is muted; he sees her video.
    await menteePage.getByText(`${mentor.firstName}'s camera is off`).waitFor({ timeout: 20_000 });
    await menteePage.getByText(`${mentor.firstName} ${mentor.lastName}`, { exact: true }).waitFor();
    await menteePage.getByText(`${mentor.firstName} is muted`).waitFor();
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    expect(await mentorPage.getByText(/this session will count as missed/).count()).toBe(0);
    // The agenda is on her page too.
    await menteePage.locator("details").filter({ hasText: "Agenda" }).getByText("System design review.").waitFor();

    // He turns his camera on and unmutes during the call: she sees his video again.
    await mentorPage.getByRole("button", { name: "Turn camera on" }).click();
    await mentorPage.getByRole("button", { name: "Unmute" }).click();
    await expect.poll(() => menteePage.getByText(`${mentor.firstName}'s camera is off`).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => menteePage.getByText(`${mentor.firstName} is muted`).count(), { timeout: 10_000 }).toBe(0);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);

    // She turns hers off: he sees her name; her own tile shows she is off.
    await menteePage.getByRole("button", { name: "Turn camera off" }).click();
    await mentorPage.getByText(`${mentee.firstName}'s camera is off`).waitFor({ timeout: 10_000 });
    expect(await menteePage.getByLabel("Your camera", { exact: true }).count()).toBe(0);

    // He switches microphones during the call (the device list, opened under "Devices"); the call goes on.
    const devices = mentorPage.getByRole("button", { name: "Devices" });
    await devices.click();
    expect(await devices.getAttribute("aria-expanded")).toBe("true");
    const mic = mentorPage.getByLabel("Microphone", { exact: true });
    const choices = await mic.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const other = choices.find((id) => id !== "default" && id !== "communications") ?? choices[0];
    await mic.selectOption(other);
    await expect.poll(() => mic.inputValue()).toBe(other);
    await expect.poll(() => mentorPage.evaluate(() => JSON.parse(localStorage.getItem("liveDevices") ?? "{}").audioinput)).toBe(other);
    await expectPlaying(mentorPage, `${mentee.firstName}'s video`);
    await mentorPage
      .getByRole("status")
      .filter({ hasText: `Connected to ${mentee.firstName}` })
      .waitFor();
  });

  it("shares a screen instead of the camera, stopped by the button or the browser's own stop; what is typed in the call's text panel is in the pair's chat afterwards, and new messages show on a closed panel", async () => {
    const { mentor, mentee, slotId } = await bookedPair(-MINUTE);
    const mentorPage = b.page;
    // The screen the browser hands over, kept where the test can stop it as the browser's own "Stop sharing" would.
    await mentorPage.addInitScript(() => {
      const share = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getDisplayMedia = async (options) => {
        const stream = await share(options);
        (window as unknown as { shared: MediaStream }).shared = stream;
        return stream;
      };
    });
    await enterLive(mentorPage, "mentor", mentor, slotId);
    const menteePage = await secondPage();
    await enterLive(menteePage, "mentee", mentee, slotId);
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);

    const share = mentorPage.getByRole("button", { name: "Share screen" });
    await share.click();
    await mentorPage.getByRole("button", { name: "Stop sharing" }).waitFor();
    expect(await mentorPage.getByRole("button", { name: "Stop sharing" }).getAttribute("aria-pressed")).toBe("true");
    await expectPlaying(mentorPage, "Your shared screen");
    await menteePage
      .getByRole("status")
      .filter({ hasText: `${mentor.firstName} is sharing their screen` })
      .waitFor({ timeout: 10_000 });
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);

    // The button stops it: his camera is back.
    await mentorPage.getByRole("button", { name: "Stop sharing" }).click();
    await expectPlaying(mentorPage, "Your camera");
    await menteePage
      .getByRole("status")
      .filter({ hasText: `${mentor.firstName} stopped sharing their screen` })
      .waitFor({ timeout: 10_000 });

    // Again, and this time the browser's own stop ends it.
    await mentorPage.getByRole("button", { name: "Share screen" }).click();
    await expectPlaying(mentorPage, "Your shared screen");
    await mentorPage.evaluate(() => {
      const track = (window as unknown as { shared: MediaStream }).shared.getVideoTracks()[0];
      track.stop();
      track.dispatchEvent(new Event("ended"));
    });
    await mentorPage.getByRole("button", { name: "Share screen" }).waitFor();
    await expectPlaying(mentorPage, "Your camera");
    await expectPlaying(menteePage, `${mentor.firstName}'s video`);

    // The same call, its text panel: she opens the panel (focus goes to its message box) and sends a link.
    const chat = menteePage.getByRole("button", { name: "Chat", exact: true });
    await chat.click();
    expect(await chat.getAttribute("aria-expanded")).toBe("true");
    const panel = menteePage.getByRole("region", { name: `Chat with ${mentor.firstName}` });
    const box = panel.getByLabel("Message", { exact: true });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill("Here is my repo: https://example.com/repo");
    await box.press("Enter");
    await panel.getByRole("log").getByText("Here is my repo: https://example.com/repo").waitFor();

    // His panel is closed: its button counts the new message; opening it shows it, and he answers.
    const hisChat = mentorPage.getByRole("button", { name: /^Chat/ });
    await expect.poll(() => hisChat.innerText(), { timeout: 15_000 }).toMatch(/1\s*new/);
    await hisChat.click();
    const hisPanel = mentorPage.getByRole("region", { name: `Chat with ${mentee.firstName}` });
    await hisPanel.getByRole("log").getByText("Here is my repo: https://example.com/repo").waitFor();
    await hisPanel.getByLabel("Message", { exact: true }).fill("Thanks, I'll read it after the call.");
    await hisPanel.getByRole("button", { name: "Send message" }).click();
    await panel.getByRole("log").getByText("Thanks, I'll read it after the call.").waitFor({ timeout: 15_000 });
    // Escape closes the panel and gives the focus back to its button.
    await hisPanel.getByLabel("Message", { exact: true }).press("Escape");
    expect(await hisChat.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => hisChat.evaluate((el) => el === document.activeElement)).toBe(true);

    // A phone: the open panel covers the call, nothing scrolls sideways, and it closes with its button.
    await menteePage.setViewportSize({ width: 360, height: 740 });
    const box360 = await panel.boundingBox();
    expect(box360?.width).toBeGreaterThanOrEqual(359);
    expect(await menteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await panel.getByRole("button", { name: "Close chat" }).click();
    expect(await panel.isVisible()).toBe(false);

    // After the call: both messages are in their chat conversation.
    await menteePage.getByRole("button", { name: "Leave" }).click();
    const [conversation] = await testDb().select().from(conversations).where(eq(conversations.menteeId, mentee.id));
    await menteePage.setViewportSize({ width: 1280, height: 800 });
    await menteePage.goto(`/mentees/connect/inbox/${conversation.id}`);
    const thread = menteePage.getByRole("log", { name: `Messages with ${mentor.firstName} ${mentor.lastName}` });
    await thread.getByText("Here is my repo: https://example.com/repo").waitFor();
    await thread.getByText("Thanks, I'll read it after the call.").waitFor();
  });
});
