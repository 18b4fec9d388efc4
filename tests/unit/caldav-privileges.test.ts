import { propfind } from "tsdav";
import { describe, expect, it } from "vitest";
import { writableFromPrivileges } from "../../worker/calendars/caldav/privileges";

/**
 * Whether a CalDAV calendar can take new sessions (ADR 0040), from its DAV:current-user-privilege-set as servers
 * answer it and as tsdav parses it (the same propfind the provider calls, over a fetch that answers the server's XML).
 */

const multistatus = (privileges: string | null) => `<?xml version="1.0" encoding="utf-8"?>
<d:multistatus xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">
  <d:response><d:href>/dav/calendars/asha/cal/</d:href>
    <d:propstat><d:prop><d:displayname>cal</d:displayname>${privileges === null ? "" : `<d:current-user-privilege-set>${privileges}</d:current-user-privilege-set>`}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
    ${privileges === null ? "<d:propstat><d:prop><d:current-user-privilege-set/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>" : ""}
  </d:response>
</d:multistatus>`;

/** The privilege set as the provider gets it from tsdav for a server that answers `privileges`. */
async function parsed(privileges: string | null): Promise<unknown> {
  const [response] = await propfind({
    url: "https://dav.example.com/dav/calendars/asha/cal/",
    props: { "d:displayname": {}, "d:current-user-privilege-set": {} },
    depth: "0",
    fetch: async () =>
      new Response(multistatus(privileges), { status: 207, headers: { "content-type": "application/xml; charset=utf-8" } }),
  });
  return response?.props?.currentUserPrivilegeSet;
}

const privilege = (...names: string[]) => names.map((n) => `<d:privilege><d:${n}/></d:privilege>`).join("");

describe("a CalDAV calendar's write privilege", () => {
  it("is writable when the server grants write, all or bind (Radicale, Nextcloud, iCloud's own calendars)", async () => {
    expect(writableFromPrivileges(await parsed(privilege("read", "all", "write", "write-properties", "write-content")))).toBe(true);
    expect(writableFromPrivileges(await parsed(privilege("read", "bind", "unbind", "write-content")))).toBe(true);
    expect(writableFromPrivileges(await parsed(privilege("all")))).toBe(true);
  });

  it("is read-only when the server grants only reading, or changing existing events without adding any", async () => {
    expect(writableFromPrivileges(await parsed(privilege("read")))).toBe(false);
    expect(writableFromPrivileges(await parsed(privilege("read", "read-current-user-privilege-set", "read-acl")))).toBe(false);
    expect(writableFromPrivileges(await parsed(privilege("read", "write-content")))).toBe(false);
    expect(writableFromPrivileges(await parsed(""))).toBe(false);
  });

  it("is taken as writable when the server does not report the property (it answered 404 for it)", async () => {
    expect(await parsed(null)).toBeUndefined();
    expect(writableFromPrivileges(await parsed(null))).toBe(true);
  });
});
