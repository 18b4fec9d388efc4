import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A local CalDAV server (Radicale, Debian's `radicale`; ADR 0040) for `npm run dev` and the tests: storage in a
 * folder, plain htpasswd users and a rights file (both re-read on every request), reachable on 127.0.0.1 only.
 */
export const radicaleInstalled = () => {
  try {
    execFileSync("radicale", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

export type LocalRadicale = {
  url: string;
  setUsers(users: Map<string, string>): void;
  /** Makes these calendars (`user/calendar`) read-only for their owner, as a subscribed or shared calendar is; the rest stay his to write. */
  setReadOnly(calendars: string[]): void;
  stop(): Promise<void>;
};

export async function startLocalRadicale(options: { folder: string; port: number; users?: Map<string, string> }): Promise<LocalRadicale> {
  mkdirSync(options.folder, { recursive: true });
  const htpasswd = join(options.folder, "users");
  const setUsers = (users: Map<string, string>) =>
    writeFileSync(htpasswd, `${[...users].map(([u, p]) => `${u}:${p}`).join("\n")}\n`, { mode: 0o600 });
  setUsers(options.users ?? new Map());
  const rights = join(options.folder, "rights");
  const setReadOnly = (calendars: string[]) => writeFileSync(rights, rightsFile(calendars));
  setReadOnly([]);
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    "radicale",
    [
      ["--server-hosts", `127.0.0.1:${options.port}`],
      ["--storage-filesystem-folder", join(options.folder, "collections")],
      ["--auth-type", "htpasswd"],
      ["--auth-htpasswd-filename", htpasswd],
      ["--auth-htpasswd-encryption", "plain"],
      ["--rights-type", "from_file"],
      ["--rights-file", rights],
      ["--logging-level", "warning"],
    ].flat(),
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
  return {
    url,
    setUsers,
    setReadOnly,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    },
  };
}

/**
 * Radicale's `owner_only` rights written out (each user reads and writes his own calendars), after a rule per
 * read-only calendar: the first section that matches decides. `r` lets him read the calendar and its events, and
 * nothing else, so its PROPFIND reports only DAV:read and a PUT into it answers 403.
 */
function rightsFile(readOnly: string[]): string {
  // A regex of the literal name; Radicale formats the pattern first, so a brace is written twice.
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/[{}]/g, "$&$&");
  const sections = readOnly.map((path, i) => {
    const [user = "", calendar = ""] = path.split("/");
    return `[read-only-${i}]\nuser: ${literal(user)}\ncollection: ${literal(user)}/${literal(calendar)}\npermissions: r\n`;
  });
  return [
    ...sections,
    "[root]\nuser: .+\ncollection:\npermissions: R\n",
    "[principal]\nuser: .+\ncollection: {user}\npermissions: RW\n",
    "[calendars]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw\n",
  ].join("\n");
}

const basic = (auth: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`;

/** Creates a user's calendar (MKCALENDAR); one that exists already is fine. Returns its URL. */
export async function makeCalendar(url: string, auth: { username: string; password: string }, name: string): Promise<string> {
  const calendarUrl = `${url}/${auth.username}/${name}/`;
  const made = await fetch(calendarUrl, {
    method: "MKCALENDAR",
    headers: { authorization: basic(auth), "content-type": "application/xml" },
    body: `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
  });
  if (made.status !== 201 && made.status !== 405 && made.status !== 409) throw new Error(`MKCALENDAR answered ${made.status}`);
  return calendarUrl;
}

/** Writes (or replaces) one event in a calendar; returns its URL. */
export async function putEvent(calendarUrl: string, name: string, ics: string, auth: { username: string; password: string }) {
  const eventUrl = `${calendarUrl}${name}.ics`;
  const put = await fetch(eventUrl, { method: "PUT", headers: { authorization: basic(auth), "content-type": "text/calendar" }, body: ics });
  if (put.status >= 300) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
  return eventUrl;
}

/** One event's calendar text, times in UTC. */
export function eventIcs(uid: string, start: Date, end: Date, summary = "Work meeting", extra: string[] = []): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//MentorLink development//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${summary}`,
    ...extra,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
