import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real CalDAV server for the tests (ADR 0040): Radicale (Debian's `radicale`, installed by .ci/run), on a free
 * port, with its own temporary storage and plain htpasswd users. The Worker reaches it over http://127.0.0.1,
 * which the address rule allows in development only.
 */
export type Radicale = {
  url: string;
  /** Adds a user (the htpasswd file is re-read on every request) and creates a calendar of hers; returns its URL. */
  addUser(username: string, password: string, calendar?: string): Promise<string>;
  /** Changes a user's password (as a mentor does at his provider). */
  setPassword(username: string, password: string): void;
  /** Writes or replaces one event (an .ics body) in a calendar; returns its URL. */
  putEvent(calendarUrl: string, name: string, ics: string, auth: { username: string; password: string }): Promise<string>;
  deleteEvent(eventUrl: string, auth: { username: string; password: string }): Promise<void>;
  /** The calendar's objects (their .ics text), read as the user. */
  events(calendarUrl: string, auth: { username: string; password: string }): Promise<string[]>;
  stop(): Promise<void>;
};

export const radicaleInstalled = () => {
  try {
    execFileSync("radicale", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
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

const basic = (auth: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(join(tmpdir(), "radicale-"));
  const users = new Map<string, string>();
  const htpasswd = join(folder, "users");
  const writeUsers = () => writeFileSync(htpasswd, [...users].map(([u, p]) => `${u}:${p}`).join("\n") + "\n");
  writeUsers();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    "radicale",
    [
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      join(folder, "collections"),
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      htpasswd,
      "--auth-htpasswd-encryption",
      "plain",
      "--rights-type",
      "owner_only",
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  for (let i = 0; ; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`Radicale did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const request = async (target: string, init: RequestInit & { auth: { username: string; password: string } }) => {
    const response = await fetch(target, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: basic(init.auth) },
    });
    return { status: response.status, text: await response.text() };
  };

  return {
    url,
    async addUser(username, password, calendar = "work") {
      users.set(username, password);
      writeUsers();
      const calendarUrl = `${url}/${username}/${calendar}/`;
      const made = await request(calendarUrl, {
        method: "MKCALENDAR",
        auth: { username, password },
        headers: { "content-type": "application/xml" },
        body: `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${calendar}</D:displayname></D:prop></D:set></C:mkcalendar>`,
      });
      if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}: ${made.text}`);
      return calendarUrl;
    },
    setPassword(username, password) {
      users.set(username, password);
      writeUsers();
    },
    async putEvent(calendarUrl, name, ics, auth) {
      const eventUrl = `${calendarUrl}${name}.ics`;
      const put = await request(eventUrl, { method: "PUT", auth, headers: { "content-type": "text/calendar" }, body: ics });
      if (put.status >= 300) throw new Error(`PUT answered ${put.status}: ${put.text}`);
      return eventUrl;
    },
    async deleteEvent(eventUrl, auth) {
      const deleted = await request(eventUrl, { method: "DELETE", auth });
      if (deleted.status >= 300) throw new Error(`DELETE answered ${deleted.status}`);
    },
    async events(calendarUrl, auth) {
      const report = await request(calendarUrl, {
        method: "REPORT",
        auth,
        headers: { "content-type": "application/xml", depth: "1" },
        body: `<?xml version="1.0" encoding="utf-8"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`,
      });
      return [...report.text.matchAll(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/g)].map((m) => m[0].replace(/&#13;/g, "\r"));
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One event's calendar text, times in UTC. */
export function eventIcs(uid: string, start: Date, end: Date, extra: string[] = []): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tests//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    "SUMMARY:Work meeting",
    ...extra,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
