import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { dataExports, moderationActions, tickets } from "../../db/schema";
import { EXPORT_MESSAGES } from "../../worker/privacy/data-export";
import { EXPORT_BY_TICKET_MESSAGES } from "../../worker/privacy/export-by-ticket";
import { accessTokenFor, createMentee, testDb } from "../support/accounts";
import { baseUrl, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { deliveredMail } from "../support/mail";
import { createModerator } from "../support/moderation";

/**
 * "Download my data" (ADR 0039) through the built Worker: asked for on the settings, built by the exports queue,
 * announced in the bell and by mail with a link that works once, for a day, for her alone.
 */

type Client = ReturnType<typeof trpc>;

async function readyExport(client: Client) {
  for (let i = 0; i < 200; i++) {
    const status = await client.privacy.exportStatus.query();
    if (status?.state === "ready") return status;
    if (status?.state === "failed") throw new Error("the export failed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the export was not ready within 20 s");
}

async function mailedLink(to: string) {
  const mail = await deliveredMail(to, /data is ready to download/);
  const link = mail.text.match(/\/privacy\/download#export=([\w-]+\.[\w-]+)/)?.[1];
  if (!link) throw new Error("no download link in the mail");
  return link;
}

async function download(url: string) {
  const response = await fetch(`${baseUrl()}${url}`);
  return { response, files: response.ok ? unzipSync(new Uint8Array(await response.arrayBuffer())) : {} };
}

describe("a person's copy of her data", () => {
  it("holds her profile, plans, conversations in context and sessions, documented, without secrets; the bell and her mail say it is ready", async () => {
    const pair = await chatPair("active");
    const conversation = await openChat(pair);
    expect((await sendAs(pair, "mentee", conversation, "Could we talk about system design interviews?")).status).toBeLessThan(300);
    expect((await sendAs(pair, "mentor", conversation, "Sure, bring one question you found hard.")).status).toBeLessThan(300);
    const mentee = trpc(pair.menteeToken);

    const asked = await mentee.privacy.requestExport.mutate();
    expect(asked.state).toMatch(/preparing|ready/);
    const ready = await readyExport(mentee);
    expect(ready.id).toBe(asked.id);
    expect(ready.sizeBytes).toBeGreaterThan(0);

    const bell = await mentee.notifications.latest.query({ limit: 10 });
    expect(JSON.stringify(bell)).toContain("Your copy of your data is ready to download");

    const claimed = await mentee.privacy.claimExport.mutate({ link: await mailedLink(pair.mentee.email) });
    const { response, files } = await download(claimed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="mentorlink-data-\d{4}-\d\d-\d\d\.zip"$/);

    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining(["README.txt", "profile.json", "subscriptions.json", "sessions.ics", "notifications.json"]),
    );
    const profile = JSON.parse(strFromU8(files["profile.json"]))[0];
    expect(profile).toMatchObject({ id: pair.mentee.id, email: pair.mentee.email, firstName: pair.mentee.firstName });
    expect(JSON.parse(strFromU8(files["subscriptions.json"]))[0]).toMatchObject({ mentorId: pair.mentor.id, status: "active" });

    const thread = names.find((n) => n.startsWith("conversations/"));
    expect(thread).toBeDefined();
    const conversationFile = JSON.parse(strFromU8(files[thread!]));
    const mentorName = `${pair.mentor.firstName} ${pair.mentor.lastName}`;
    expect(conversationFile.with).toBe(mentorName);
    expect(conversationFile.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["you", "Could we talk about system design interviews?"],
      [mentorName, "Sure, bring one question you found hard."],
    ]);
    expect(strFromU8(files["sessions.ics"])).toMatch(/^BEGIN:VCALENDAR/);
    const readme = strFromU8(files["README.txt"]);
    for (const name of names.filter((n) => n.endsWith(".json") && !n.startsWith("conversations/"))) expect(readme).toContain(`${name}:`);

    // No secret of the account is in any file.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toMatch(/passwordHash|secretHash|codeHash|ticketHash|linkSecretHash|\$scrypt|"endpoint"/);
  });

  it("works once, for a day, for her alone", async () => {
    const pair = await chatPair("active");
    const mentee = trpc(pair.menteeToken);
    await mentee.privacy.requestExport.mutate();
    const ready = await readyExport(mentee);
    const link = await mailedLink(pair.mentee.email);

    // Another person with her link: as if it did not exist.
    const other = await createMentee();
    const stranger = await trpcOutcome(trpc(await accessTokenFor("mentee", other.id)).privacy.claimExport.mutate({ link }));
    expect(stranger).toMatchObject({ status: 404, message: EXPORT_MESSAGES.notFound });
    // A wrong secret for her own copy.
    const forged = await trpcOutcome(mentee.privacy.claimExport.mutate({ link: `${ready.id}.${"x".repeat(43)}` }));
    expect(forged).toMatchObject({ status: 404, message: EXPORT_MESSAGES.notFound });

    // Two tabs open the link at once: one gets the file, the other is told it was used.
    const [first, second] = await Promise.all([
      trpcOutcome(mentee.privacy.claimExport.mutate({ link })),
      trpcOutcome(mentee.privacy.claimExport.mutate({ link })),
    ]);
    const winners = [first, second].filter((o) => o.status === 200);
    expect(winners).toHaveLength(1);
    expect([first, second].find((o) => o.status !== 200)).toMatchObject({ status: 409, message: EXPORT_MESSAGES.used });
    const url = winners[0].value!.url;
    expect((await download(url)).response.status).toBe(200);
    // The file's address works once too.
    const again = await fetch(`${baseUrl()}${url}`);
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ message: EXPORT_MESSAGES.ticket });
    expect((await mentee.privacy.exportStatus.query())?.downloadedAt).not.toBeNull();
  });

  it("an expired link is refused with what to do; asking again gives a new copy", async () => {
    const pair = await chatPair("none");
    const mentee = trpc(pair.menteeToken);
    const first = await mentee.privacy.requestExport.mutate();
    await readyExport(mentee);
    const link = await mailedLink(pair.mentee.email);
    await testDb()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, first.id));
    expect(await trpcOutcome(mentee.privacy.claimExport.mutate({ link }))).toMatchObject({ status: 409, message: EXPORT_MESSAGES.expired });

    const second = await mentee.privacy.requestExport.mutate();
    expect(second.id).not.toBe(first.id);
  });

  it("asking twice at once prepares one copy, asking again while it is fresh answers it, five a day at most; only mentees and mentors have one; a bad link is a clear 400", async () => {
    const mentee = await createMentee();
    const client = trpc(await accessTokenFor("mentee", mentee.id));
    const [a, b] = await Promise.all([client.privacy.requestExport.mutate(), client.privacy.requestExport.mutate()]);
    expect(a.id).toBe(b.id);
    const rows = await testDb().select().from(dataExports).where(eq(dataExports.userId, mentee.id));
    expect(rows).toHaveLength(1);
    expect((await client.privacy.requestExport.mutate()).id).toBe(a.id);
    // Four more used today (downloaded): the sixth is refused until tomorrow.
    await testDb().update(dataExports).set({ state: "ready", downloadedAt: new Date() }).where(eq(dataExports.userId, mentee.id));
    const base = { userRole: "mentee" as const, userId: mentee.id, origin: "http://x", state: "failed" as const };
    await testDb().insert(dataExports).values([base, base, base, base]);
    expect(await trpcOutcome(client.privacy.requestExport.mutate())).toMatchObject({
      status: 429,
      message: "You asked for 5 copies of your data today. Please try again tomorrow.",
    });

    const moderator = await createModerator();
    expect((await trpcOutcome(trpc(moderator.token).privacy.requestExport.mutate())).status).toBe(403);
    expect((await trpcOutcome(trpc().privacy.requestExport.mutate())).status).toBe(401);
    expect(await trpcOutcome(client.privacy.claimExport.mutate({ link: "nope" }))).toMatchObject({
      status: 400,
      message: "This download link is not valid. Open the link from the e-mail again.",
    });
  });

  it("a moderator has a copy prepared for the person who asked by ticket: it reaches her alone, and the audit log says so", async () => {
    const pair = await chatPair("active");
    const [ticket] = await testDb()
      .insert(tickets)
      .values({
        reporterRole: "mentee",
        reporterId: pair.mentee.id,
        accusedRole: "mentor",
        accusedId: pair.mentor.id,
        content: "Please send me a copy of my data, I cannot open the settings.",
      })
      .returning();
    const moderator = await createModerator();
    const asked = await trpc(moderator.token).privacy.exportForTicket.mutate({ ticketId: ticket.id });
    const mentee = trpc(pair.menteeToken);
    expect((await readyExport(mentee)).id).toBe(asked.id);
    // The link went to her, and works for her.
    expect((await mentee.privacy.claimExport.mutate({ link: await mailedLink(pair.mentee.email) })).url).toContain(asked.id);
    const audit = await testDb().select().from(moderationActions).where(eq(moderationActions.ticketId, ticket.id));
    expect(audit).toMatchObject([
      { action: "produce_data_export", moderatorId: moderator.id, targetRole: "mentee", targetId: pair.mentee.id },
    ]);

    expect(await trpcOutcome(trpc(moderator.token).privacy.exportForTicket.mutate({ ticketId: crypto.randomUUID() }))).toMatchObject({
      status: 404,
      message: EXPORT_BY_TICKET_MESSAGES.noTicket,
    });
    expect((await trpcOutcome(mentee.privacy.exportForTicket.mutate({ ticketId: ticket.id }))).status).toBe(403);
  });
});
