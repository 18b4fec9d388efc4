import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventIcs as icsOf, makeCalendar, putEvent, radicaleInstalled, startLocalRadicale } from "../../scripts/local-radicale";

/**
 * A real CalDAV server for the tests (ADR 0040): Radicale (installed by .ci/run) on a free port, with its own
 * temporary storage and plain htpasswd users. The Worker reaches it over http://127.0.0.1, which the address rule
 * allows in development only.
 */
export { radicaleInstalled };

type Auth = { username: string; password: string };

export type Radicale = {
  url: string;
  /** Adds a user and creates a calendar of hers; returns its URL. */
  addUser(username: string, password: string, calendar?: string): Promise<string>;
  /** Creates another calendar of an existing user; returns its URL. */
  addCalendar(username: string, calendar: string): Promise<string>;
  /** From now on the user may only read this calendar of his (as a subscribed or shared one): its writes answer 403. */
  makeReadOnly(username: string, calendar: string): void;
  /** Changes a user's password (as a mentor does at his provider). */
  setPassword(username: string, password: string): void;
  putEvent(calendarUrl: string, name: string, ics: string, auth: Auth): Promise<string>;
  deleteEvent(eventUrl: string, auth: Auth): Promise<void>;
  /** The calendar's objects (their .ics text), read as the user. */
  events(calendarUrl: string, auth: Auth): Promise<string[]>;
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const basic = (auth: Auth) => `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(join(tmpdir(), "radicale-"));
  const users = new Map<string, string>();
  const server = await startLocalRadicale({ folder, port: await freePort(), users });
  const readOnly = new Set<string>();
  const { url } = server;
  return {
    url,
    async addUser(username, password, calendar = "work") {
      users.set(username, password);
      server.setUsers(users);
      return makeCalendar(url, { username, password }, calendar);
    },
    addCalendar(username, calendar) {
      return makeCalendar(url, { username, password: users.get(username) ?? "" }, calendar);
    },
    makeReadOnly(username, calendar) {
      readOnly.add(`${username}/${calendar}`);
      server.setReadOnly([...readOnly]);
    },
    setPassword(username, password) {
      users.set(username, password);
      server.setUsers(users);
    },
    putEvent,
    async deleteEvent(eventUrl, auth) {
      const deleted = await fetch(eventUrl, { method: "DELETE", headers: { authorization: basic(auth) } });
      if (deleted.status >= 300) throw new Error(`DELETE answered ${deleted.status}`);
    },
    async events(calendarUrl, auth) {
      const report = await fetch(calendarUrl, {
        method: "REPORT",
        headers: { authorization: basic(auth), "content-type": "application/xml", depth: "1" },
        body: `<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`,
      });
      const text = await report.text();
      return [...text.matchAll(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/g)].map((m) => m[0].replace(/&#13;/g, "\r"));
    },
    async stop() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One event's calendar text, times in UTC. */
export const eventIcs = (uid: string, start: Date, end: Date, extra: string[] = []) => icsOf(uid, start, end, "Work meeting", extra);
