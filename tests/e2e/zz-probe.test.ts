import { describe, it } from "vitest";
import { inject } from "vitest";
import { createMentee, setBlocked, signIn } from "../support/accounts";
import { readStoredSession, seedSession, useBrowser } from "../support/browser";
import { signAccessToken } from "../../worker/services/tokens";

const b = useBrowser();
describe("probe", () => {
  it("expired token", async () => {
    const m = await createMentee();
    const s = await signIn("mentee", m.email);
    const claims = JSON.parse(Buffer.from(s.accessToken.split(".")[1], "base64url").toString());
    console.log(claims);
    const expired = await signAccessToken(inject("jwtSecret"), claims && { sub: claims.sub, role: claims.role, sid: claims.sid }, Date.now() - 20 * 60_000);
    const page = b.page;
    page.on("console", (msg) => console.log("console:", msg.text()));
    page.on("request", (r) => console.log("req", r.method(), r.url()));
    page.on("websocket", (ws) => { console.log("ws", ws.url()); ws.on("framereceived", (f) => console.log("frame", f.payload)); ws.on("close", () => console.log("ws closed")); });
    await seedSession(page, "mentee", { id: m.id, name: `${m.firstName} ${m.lastName}`, accessToken: expired, refreshToken: s.refreshToken });
    await page.goto("/mentees");
    await page.waitForTimeout(4000);
    console.log(page.url(), await page.getByRole("heading", { level: 1 }).textContent());
    const rec = await readStoredSession(page, "mentee");
    console.log("same access", rec?.accessToken === expired, "same refresh", rec?.refreshToken === s.refreshToken);
  });
  it("blocked", async () => {
    const m = await createMentee();
    const s = await signIn("mentee", m.email);
    const page = b.page;
    page.on("request", (r) => console.log("req", r.method(), r.url()));
    await seedSession(page, "mentee", { id: m.id, name: `${m.firstName} ${m.lastName}`, accessToken: s.accessToken, refreshToken: s.refreshToken });
    await page.goto("/mentees");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await setBlocked("mentee", m.id, true);
    await page.reload();
    await page.waitForTimeout(3000);
    console.log(page.url(), await readStoredSession(page, "mentee") !== null, await page.locator("[data-sonner-toast]").allTextContents());
  });
});
