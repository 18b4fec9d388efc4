import { describe, expect, it } from "vitest";
import { accountState, nextStepFor } from "../../worker/payouts/payout-account";

/** A mentor's payout account state from the row Stripe's account was synced into (ADR 0024), and what he is told to do. */
const row = (
  values: Partial<{
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
    detailsSubmitted: boolean;
    disabledReason: string | null;
    due: string[];
  }> = {},
) => ({
  chargesEnabled: values.chargesEnabled ?? false,
  payoutsEnabled: values.payoutsEnabled ?? false,
  detailsSubmitted: values.detailsSubmitted ?? false,
  disabledReason: values.disabledReason ?? null,
  requirementsDue: JSON.stringify(values.due ?? []),
});

describe("payout account state", () => {
  it.each([
    ["no row", null, "none", "Connect a payout account to receive your earnings"],
    [
      "bank details due",
      row({ due: ["external_account", "individual.dob.day"], disabledReason: "requirements.past_due" }),
      "incomplete",
      "Add your bank details to receive payouts",
    ],
    ["other details due", row({ due: ["individual.id_number"] }), "incomplete", "Finish your payout details with Stripe"],
    ["not submitted, nothing listed", row(), "incomplete", "Finish your payout details with Stripe"],
    [
      "submitted, being verified",
      row({ detailsSubmitted: true, disabledReason: "requirements.pending_verification" }),
      "pending_review",
      "Stripe is checking your details; this usually takes a few minutes",
    ],
    [
      "submitted, under review",
      row({ detailsSubmitted: true, disabledReason: "under_review" }),
      "pending_review",
      "Stripe is checking your details; this usually takes a few minutes",
    ],
    [
      "submitted, nothing due, not enabled yet",
      row({ detailsSubmitted: true }),
      "pending_review",
      "Stripe is checking your details; this usually takes a few minutes",
    ],
    [
      "past due",
      row({ detailsSubmitted: true, disabledReason: "requirements.past_due", due: ["individual.verification.document"] }),
      "restricted",
      "Stripe paused payouts: some details it asked for are overdue. Update your details to resume.",
    ],
    [
      "bank details removed",
      row({ detailsSubmitted: true, due: ["external_account"] }),
      "restricted",
      "Stripe paused payouts: your bank details are missing. Update your details to resume.",
    ],
    [
      "rejected",
      row({ detailsSubmitted: true, disabledReason: "rejected.fraud" }),
      "restricted",
      "Stripe paused payouts: Stripe could not accept your account; please contact support. Update your details to resume.",
    ],
    [
      "paused by the platform",
      row({ detailsSubmitted: true, disabledReason: "platform_paused" }),
      "restricted",
      "Stripe paused payouts: MentorLink has paused your account; please contact support. Update your details to resume.",
    ],
    ["ready", row({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true }), "ready", null],
    [
      "charges only",
      row({ chargesEnabled: true, detailsSubmitted: true }),
      "pending_review",
      "Stripe is checking your details; this usually takes a few minutes",
    ],
  ] as const)("%s", (_name, value, state, next) => {
    expect(accountState(value)).toBe(state);
    expect(nextStepFor(accountState(value), value)).toBe(next);
  });

  it("reads a damaged requirements column as nothing due", () => {
    const damaged = { ...row({ detailsSubmitted: true }), requirementsDue: "not json" };
    expect(accountState(damaged)).toBe("pending_review");
  });
});
