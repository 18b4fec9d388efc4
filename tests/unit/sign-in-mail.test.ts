import { describe, expect, it } from "vitest";
import { deviceOf } from "../../shared/device-of";
import { signInAlertMail } from "../../worker/mail/sign-in-mail";

/** The sign-in mail names the device as its owner knows it, never guessing, and escapes nothing into markup. */
describe("the device a sign-in names", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome",
      "Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari",
      "iPhone",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox", "Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet",
      "Android",
    ],
    ["curl/8.5.0", null, null],
    ["", null, null],
  ])("%s", (userAgent, browser, system) => {
    expect(deviceOf(userAgent)).toEqual({ browser, system });
  });

  it("a browser that names itself only halfway is named as far as it says; a name never becomes markup", () => {
    const base = { to: "a@example.test", at: new Date("2026-03-01T08:15:30Z"), zone: "Asia/Kolkata", how: "password" as const };
    const mail = signInAlertMail({
      ...base,
      first: "<b>Asha</b>",
      device: deviceOf("Firefox/127.0"),
      locale: "en",
      securePage: "https://x.test/mentees/profile",
    });
    expect(mail.text).toContain("Device: Firefox");
    expect(mail.text).toContain("When (approximately): March 1st 2026, 1:45 pm (Asia/Kolkata)");
    expect(mail.html).not.toContain("<b>Asha");
    expect(mail.sensitive).toBeUndefined();
    const moderator = signInAlertMail({ ...base, first: "Meera", device: deviceOf(""), locale: "hi", securePage: null });
    expect(moderator.text).toContain("एक अनजान ब्राउज़र");
    expect(moderator.text).toContain("एडमिनिस्ट्रेटर");
  });
});
