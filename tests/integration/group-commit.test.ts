import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../../db/schema";
import { DEFAULT_READ_GATE } from "../../db/write-gate";
import { type Stack, startStack } from "../../scripts/built-stack";
import { accessTokenFor, createMentee, testDb } from "../support/accounts";
import { type ChatPair, chatPair, openChat } from "../support/chat";
import { type DbProxy, startDbProxy } from "../support/db-proxy";

/**
 * Group commit (db/write-gate.ts, ADR 0017): in the built Worker in workerd, writes that wait for their turn at the write
 * gate go to the database together, one transaction for several requests, each request answered with its own results;
 * reads that wait at the read gate likewise, as one read transaction.
 * The Worker here reaches the suite's database through a proxy that adds 100 ms to each trip, as a primary far away:
 * the first write of a burst holds the gate's place while the others arrive and wait.
 */
const TRIP_MS = 100;
let proxy: DbProxy;
let stack: Stack;
beforeAll(async () => {
  proxy = await startDbProxy(inject("dbUrl"), { latencyMs: TRIP_MS });
  stack = await startStack({ dbUrl: proxy.url, vars: { JWT_SECRET: inject("jwtSecret") } });
});
afterAll(async () => {
  await stack?.stop();
  await proxy?.stop();
});

type Sent = { status: number; id?: string; content?: string };
const send = async (p: ChatPair, conversationId: string, message: string, clientId: string): Promise<Sent> => {
  const response = await fetch(`${stack.baseUrl}/api/chats/mentee-messages/${conversationId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${p.menteeToken}`, "content-type": "application/json" },
    body: JSON.stringify({ message, sender: p.mentee.id, clientId }),
  });
  const body = (await response.json()) as { responseFromMessageCreation?: { _id: string; content: string } };
  return { status: response.status, id: body.responseFromMessageCreation?._id, content: body.responseFromMessageCreation?.content };
};

describe("group commit through the Worker", () => {
  it("sends a burst of messages in fewer transactions than messages; each is stored once and answered with its own, a retry inside the burst too", async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, () => chatPair()));
    const conversations = await Promise.all(pairs.map(openChat));
    const clientIds = pairs.map(() => crypto.randomUUID());
    await proxy.quiet();
    const before = proxy.statements().length;

    // Twelve mentees at once, and the first one's send again with the same client id (a retry racing its original).
    const sent = await Promise.all([
      ...pairs.map((p, i) => send(p, conversations[i], `burst message ${i}`, clientIds[i])),
      send(pairs[0], conversations[0], "burst message 0", clientIds[0]),
    ]);

    expect(sent.map((s) => s.status)).toEqual(sent.map(() => 201));
    expect(sent.slice(0, 12).map((s) => s.content)).toEqual(pairs.map((_, i) => `burst message ${i}`));
    // The retry is answered with the message its original stored.
    expect(sent[12].id).toBe(sent[0].id);
    expect(new Set(sent.slice(0, 12).map((s) => s.id)).size).toBe(12);
    for (const [i, p] of pairs.entries()) {
      const stored = await testDb()
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(and(eq(messages.conversationId, conversations[i]), eq(messages.senderId, p.mentee.id)));
      expect(stored).toEqual([{ id: sent[i].id, content: `burst message ${i}` }]);
    }

    // At the database's door: the thirteen sends' inserts came in fewer trips, some carrying several requests' messages.
    const inserts = proxy
      .statements()
      .slice(before)
      .map((trip) => trip.filter((s) => /^\s*insert into "?messages"?\s/i.test(s)).length)
      .filter((n) => n > 0);
    expect(inserts.reduce((a, b) => a + b, 0)).toBe(13);
    expect(inserts.length).toBeLessThan(13);
    expect(Math.max(...inserts)).toBeGreaterThan(1);
  });

  it("reads that wait go together too: more mentees opening their profiles at once than reads in flight take fewer trips than requests, and each sees her own", async () => {
    const count = DEFAULT_READ_GATE.maxInFlight + 8;
    const people = await Promise.all(Array.from({ length: count }, () => createMentee()));
    const tokens = await Promise.all(people.map((m) => accessTokenFor("mentee", m.id)));
    await proxy.quiet();
    const before = proxy.statements().length;

    const answers = await Promise.all(
      people.map(async (m, i) => {
        const response = await fetch(`${stack.baseUrl}/api/mentees/edit-profile/${m.id}`, {
          headers: { authorization: `Bearer ${tokens[i]}` },
        });
        return { status: response.status, body: (await response.json()) as { menteeProfileDetails?: { _id: string; email: string } } };
      }),
    );

    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    // Each request got its own rows out of a shared transaction, never a neighbour's.
    expect(answers.map((a) => [a.body.menteeProfileDetails?._id, a.body.menteeProfileDetails?.email])).toEqual(
      people.map((m) => [m.id, m.email]),
    );
    // At the database's door: the profiles were read in fewer trips than requests, some trips carrying several requests' reads.
    const profileReads = proxy
      .statements()
      .slice(before)
      .map((trip) => trip.filter((s) => /^\s*select\b[\s\S]*\bfrom "mentees"/i.test(s) && /"email"/.test(s)).length)
      .filter((n) => n > 0);
    expect(profileReads.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(count);
    expect(profileReads.length).toBeLessThan(count);
    expect(Math.max(...profileReads)).toBeGreaterThan(1);
  });
});
