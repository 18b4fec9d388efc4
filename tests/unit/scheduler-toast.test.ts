import { describe, expect, it } from "vitest";
import { schedulerToast } from "../../src/chat/use-user-room";

describe("the toast of a scheduler push", () => {
  it("keeps SPEC §4's words for a mentee whose slot the mentor deleted", () => {
    expect(schedulerToast("mentee", "deleted")).toBe("Schedule changed by mentor");
    expect(schedulerToast("mentee", undefined)).toBe("Schedule changed by mentor");
  });
  it("says what happened for a move, a cancel or a request to reschedule, to the right person", () => {
    expect(schedulerToast("mentee", "reschedule-requested")).toBe("Your mentor asked to move a session");
    expect(schedulerToast("mentee", "cancelled")).toBe("A session was released");
    expect(schedulerToast("mentor", "moved")).toBe("A mentee moved a session");
    expect(schedulerToast("mentor", "cancelled")).toBe("A mentee cancelled a session");
    expect(schedulerToast("mentor", "deleted")).toBe("Your schedule changed");
  });
});
