import { describe, expect, it } from "vitest";
import { agendaFromLegacyValues, calendarType, legacySlotDetails } from "../../worker/rest/legacy-calendar";
import { nameParts } from "../../worker/rest/legacy-names";

/** The pure pieces of the original client's answers (worker/rest/legacy-*.ts, ADR 0036). */

describe("nameParts", () => {
  it("splits at the first space, so firstName + ' ' + lastName prints the full name", () => {
    expect(nameParts("Asha Rao")).toEqual({ firstName: "Asha", lastName: "Rao" });
    expect(nameParts("Asha Rao Iyer")).toEqual({ firstName: "Asha", lastName: "Rao Iyer" });
    expect(nameParts("Madonna")).toEqual({ firstName: "Madonna", lastName: "" });
    expect(nameParts(null)).toEqual({ firstName: "", lastName: "" });
    for (const name of ["Asha Rao", "Mary Ann Smith"]) {
      const p = nameParts(name);
      expect(`${p.firstName} ${p.lastName}`).toBe(name);
    }
  });
});

describe("the calendar type", () => {
  const now = new Date("2026-03-10T10:00:00Z");
  it("is available for an unbooked slot, booked until a booking's end, then completed", () => {
    expect(calendarType({ state: "open", end: "2026-03-11T10:00:00Z" }, now)).toBe("available");
    expect(calendarType({ state: "past", end: "2026-03-09T10:00:00Z" }, now)).toBe("available");
    expect(calendarType({ state: "booked", end: "2026-03-10T10:30:00Z" }, now)).toBe("booked");
    expect(calendarType({ state: "booked", end: "2026-03-10T10:00:00Z" }, now)).toBe("completed");
  });
});

describe("the booking form's topic and details", () => {
  it("become one agenda, topic first, cut to the agenda's length, and read back apart", () => {
    const agenda = agendaFromLegacyValues(
      { menteeQueryTitle: " System\ndesign ", menteeQueryDescription: "A URL shortener\r\nand storage" },
      500,
    );
    expect(agenda).toBe("System design\nA URL shortener\nand storage");
    expect(agendaFromLegacyValues({ menteeQueryTitle: " ", menteeQueryDescription: "" }, 500)).toBeUndefined();
    expect(agendaFromLegacyValues(undefined, 500)).toBeUndefined();
    expect(agendaFromLegacyValues({ menteeQueryTitle: "x".repeat(600) }, 500)).toHaveLength(500);
    const slot = {
      id: "s1",
      type: "session" as const,
      state: "booked" as const,
      start: "2026-03-12T10:00:00Z",
      end: "2026-03-12T11:00:00Z",
      menteeId: "m1",
      menteeName: "Priya Sharma",
      mentorId: "t1",
      mentorName: "Asha Rao",
      mentorProfileImage: "/img",
      title: null,
      agenda,
    };
    expect(legacySlotDetails(slot, new Date("2026-03-10T00:00:00Z"))).toMatchObject({
      menteeQueryTitle: "System design",
      menteeQueryDescription: "A URL shortener\nand storage",
      type: "booked",
      slotType: "session",
      menteeId: { _id: "m1", firstName: "Priya", lastName: "Sharma" },
      mentorId: { _id: "t1", firstName: "Asha", lastName: "Rao", profileImageUrl: "/img" },
    });
  });
});
