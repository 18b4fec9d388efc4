import { expect } from "vitest";
import { payoutAccounts } from "../../db/schema";
import { putObject, stripeId } from "../../worker/dev/local-stripe/store";
import { accessTokenFor, createMentee, createMentor, testDb } from "./accounts";
import { doublesUrl, trpc } from "./api";

/** The demo rate of the mentors these helpers make (₹2,000 an hour). */
export const HOURLY = 200_000;

/** A form POST to the local Stripe's pages (the test checkout, the charges and Express dashboard buttons). */
export const postToLocalStripe = (path: string, form: Record<string, string> = {}) =>
  fetch(`${doublesUrl()}${path}`, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });

/** A mentor whose local Express account is ready (the account object and his payout_accounts row). */
export async function readyMentor() {
  const mentor = await createMentor({ hourlyRatePaise: HOURLY });
  const id = stripeId("acct");
  await putObject(testDb(), {
    id,
    object: "account",
    type: "express",
    country: "IN",
    default_currency: "inr",
    email: mentor.email,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
    capabilities: { transfers: "active" },
    metadata: { mentorId: mentor.id },
    created: Math.floor(Date.now() / 1000),
  });
  await testDb()
    .insert(payoutAccounts)
    .values({ mentorId: mentor.id, stripeAccountId: id, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
  return { mentor, account: id };
}

/** A fresh mentee pays the mentor on the local checkout with the test card. */
export async function payOnLocalCheckout(mentorId: string) {
  const buyer = await createMentee();
  const token = await accessTokenFor("mentee", buyer.id);
  const { url } = await trpc(token).payments.createCheckout.mutate({ mentorId });
  const sessionId = new URL(url).pathname.split("/").pop()!;
  expect((await postToLocalStripe(`/dev/stripe/checkout/${sessionId}/pay`, { card: "4242 4242 4242 4242" })).status).toBe(303);
  return { buyer, token, sessionId };
}
