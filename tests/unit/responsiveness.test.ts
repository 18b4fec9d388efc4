import { describe, expect, it } from "vitest";
import { daysAgo, lastActiveLabel } from "../../shared/last-active";
import { MIN_REPLIES_SHOWN, replyTimeLabel, shownReplyMinutes } from "../../shared/reply-time";
import { REPLY_WAIT_MS, waitLabel } from "../../shared/reply-wait";
import { replyReminderMail } from "../../worker/mail/reply-reminder-mail";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("reply time", () => {
  it("is shown only from 3 replies, as whole minutes of the average, at least 1", () => {
    expect(MIN_REPLIES_SHOWN).toBe(3);
    expect(shownReplyMinutes(null, null)).toBeNull();
    expect(shownReplyMinutes(2, 2 * 10 * MINUTE)).toBeNull();
    expect(shownReplyMinutes(3, 3 * 10 * MINUTE)).toBe(10);
    expect(shownReplyMinutes(4, 30 * MINUTE + 20 * MINUTE + 1525 * MINUTE + 90 * MINUTE)).toBe(416);
    expect(shownReplyMinutes(3, 3 * 1000)).toBe(1);
  });

  it.each([
    [1, "Usually replies within minutes"],
    [10, "Usually replies within minutes"],
    [11, "Usually replies within an hour"],
    [60, "Usually replies within an hour"],
    [61, "Usually replies within 2 hours"],
    [416, "Usually replies within 7 hours"],
    [24 * 60, "Usually replies within 24 hours"],
    [24 * 60 + 1, "Usually replies within 2 days"],
    [72 * 60, "Usually replies within 3 days"],
  ])("%i minutes: %s", (minutes, label) => {
    expect(replyTimeLabel(minutes)).toBe(label);
  });
});

describe("last active", () => {
  it("counts whole days back, never below 0", () => {
    const now = Date.UTC(2026, 2, 10, 12);
    expect(daysAgo(now - 23 * HOUR, now)).toBe(0);
    expect(daysAgo(now - DAY, now)).toBe(1);
    expect(daysAgo(now - 3 * DAY - HOUR, now)).toBe(3);
    expect(daysAgo(now + HOUR, now)).toBe(0);
  });

  it.each([
    [0, "Active today"],
    [1, "Active yesterday"],
    [2, "Active 2 days ago"],
    [6, "Active 6 days ago"],
    [7, "Active 1 week ago"],
    [13, "Active 1 week ago"],
    [14, "Active 2 weeks ago"],
    [29, "Active 4 weeks ago"],
    [30, "Active over a month ago"],
    [400, "Active over a month ago"],
  ])("%i days: %s", (days, label) => {
    expect(lastActiveLabel(days)).toBe(label);
  });
});

describe("waits", () => {
  it("a wait counts from 72 hours", () => {
    expect(REPLY_WAIT_MS).toBe(72 * HOUR);
  });

  it("says how long someone waited, coarsely", () => {
    expect(waitLabel(5 * HOUR + 59 * MINUTE)).toBe("5 hours");
    expect(waitLabel(HOUR)).toBe("1 hour");
    expect(waitLabel(72 * HOUR)).toBe("3 days");
    expect(waitLabel(73 * HOUR + 30 * MINUTE)).toBe("3 days 1 hour");
    expect(waitLabel(4 * DAY + 5 * HOUR)).toBe("4 days 5 hours");
  });
});

describe("the reminder e-mail", () => {
  it("names the subscriber and the wait in text and escaped HTML", () => {
    const mail = replyReminderMail({
      to: "m@example.com",
      first: "Ravi",
      menteeName: "Priya <b>S</b>",
      waited: "3 days 4 hours",
      since: "March 5th 2026, 9:00 am (Asia/Kolkata)",
      locale: "en",
    });
    expect(mail.subject).toBe("Priya <b>S</b> is waiting for your reply");
    expect(mail.text).toContain("Priya <b>S</b>, one of your subscribers, wrote to you 3 days 4 hours ago");
    expect(mail.text).toContain("Waiting since: March 5th 2026, 9:00 am (Asia/Kolkata)");
    expect(mail.html).toContain("Priya &#60;b&#62;S&#60;/b&#62;");
    expect(mail.html).not.toContain("<b>S</b>");
  });
});
