import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineScripts,
  permissionsPolicy,
  securityHeaders,
} from "../../worker/platform/security-policy";

const directives = (policy: string) => new Map(policy.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("the security headers' values", () => {
  it("lets scripts run only from this origin or by hash, and names the app's own socket origin", () => {
    const csp = directives(contentSecurityPolicy(new URL("https://mentorlink.example/mentees"), ["'sha256-abc='"]));
    expect(csp.get("script-src")).toEqual(["'self'", "'sha256-abc='"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "wss://mentorlink.example"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // The installed app (ADR 0027): the manifest and the service worker from this origin only.
    expect(csp.get("manifest-src")).toEqual(["'self'"]);
    expect(csp.get("worker-src")).toEqual(["'self'"]);
    for (const [name, sources] of csp) {
      if (name.startsWith("script")) expect(sources).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
    const local = directives(contentSecurityPolicy(new URL("http://127.0.0.1:5173/"), []));
    expect(local.get("connect-src")).toEqual(["'self'", "ws://127.0.0.1:5173"]);
    expect(local.get("script-src")).toEqual(["'self'"]);
    // Development: the local push service beside the Worker, where the app's tab subscribes (ADR 0033).
    const withPush = directives(contentSecurityPolicy(new URL("http://127.0.0.1:5173/"), [], ["http://127.0.0.1:8090"]));
    expect(withPush.get("connect-src")).toEqual(["'self'", "ws://127.0.0.1:5173", "http://127.0.0.1:8090"]);
  });

  it("allows the camera, microphone and screen sharing on the live pages only", () => {
    for (const path of ["/mentors/connect/live/abc", "/mentees/connect/live/abc/"]) {
      expect(permissionsPolicy(path)).toMatch(/^camera=\(self\), microphone=\(self\), display-capture=\(self\), /);
    }
    for (const path of [
      "/",
      "/mentors",
      "/mentees/connect/inbox/abc",
      "/mentors/connect/live",
      "/mentors/connect/live/a/b",
      "/x/mentors/connect/live/a",
    ]) {
      expect(permissionsPolicy(path), path).toMatch(/^camera=\(\), microphone=\(\), display-capture=\(\), /);
    }
    expect(permissionsPolicy("/mentors/connect/live/abc")).toContain("geolocation=()");
    expect(permissionsPolicy("/")).toContain("payment=()");
  });

  it("sends HSTS over https only", () => {
    expect(securityHeaders(new URL("https://a.example/"), [])["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(securityHeaders(new URL("http://127.0.0.1:8787/"), [])).not.toHaveProperty("strict-transport-security");
  });
});

describe("the inline scripts a page runs, and their hashes", () => {
  const page = [
    "<!doctype html><html><head>",
    '<script>document.documentElement.setAttribute("data-shell","x")</script>',
    '<script type="module">import "/@react-refresh";</script>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    "<style>body{}</style></head><body>",
    '<script type="application/json" id="page-data">{"a":"<\\/script"}</script>',
    "<SCRIPT TYPE='text/javascript'>go()</SCRIPT>",
    "<script>\n  multi();\n  line();\n</script>",
    "</body></html>",
  ].join("");

  it("keeps the scripts without src and with a runnable type, byte for byte", () => {
    expect(inlineScripts(page)).toEqual([
      'document.documentElement.setAttribute("data-shell","x")',
      'import "/@react-refresh";',
      "go()",
      "\n  multi();\n  line();\n",
    ]);
  });

  it("hashes each as a CSP sha256 source, once", async () => {
    const expected = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const hashes = await inlineScriptHashes(`${page}<script>go()</script>`);
    expect(hashes).toEqual(inlineScripts(page).map(expected));
  });
});
