import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Google on a loopback port (GOOGLE_OAUTH_URL): the token and user-info endpoints, at the
 * HTTP boundary. A test plays the consent screen with `consent(authorizationUrl, identity)`, which
 * returns the code Google would put on the redirect. The token endpoint checks the client's
 * credentials, the redirect URI and the PKCE verifier as Google does.
 */
export const FAKE_CLIENT_ID = "fake-client.apps.googleusercontent.com";
export const FAKE_CLIENT_SECRET = "fake-google-secret";

export type FakeIdentity = { sub: string; email: string; email_verified: boolean; given_name?: string; family_name?: string; picture?: string };

type Grant = { identity: FakeIdentity; challenge: string; redirectUri: string };

export class FakeGoogle {
  private server?: Server;
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, FakeIdentity>();
  readonly tokenRequests: Record<string, string>[] = [];
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The user approves on "Google": returns the code for the app's redirect. */
  consent(authorizationUrl: string, identity: FakeIdentity): string {
    const url = new URL(authorizationUrl);
    if (url.searchParams.get("code_challenge_method") !== "S256") throw new Error("the app must use PKCE S256");
    if (url.searchParams.get("client_id") !== FAKE_CLIENT_ID) throw new Error("wrong client id");
    const code = `code-${crypto.randomUUID()}`;
    this.grants.set(code, { identity, challenge: url.searchParams.get("code_challenge")!, redirectUri: url.searchParams.get("redirect_uri")! });
    return code;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname === "/token") {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      this.tokenRequests.push(form);
      const basic = Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString("base64");
      const authorized = req.headers.authorization === `Basic ${basic}` || (form.client_id === FAKE_CLIENT_ID && form.client_secret === FAKE_CLIENT_SECRET);
      if (!authorized) return { status: 401, body: { error: "invalid_client" } };
      const grant = this.grants.get(form.code ?? "");
      this.grants.delete(form.code ?? "");
      const challenge = createHash("sha256").update(form.code_verifier ?? "").digest("base64url");
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.redirect_uri) return { status: 400, body: { error: "invalid_grant" } };
      const token = `at-${crypto.randomUUID()}`;
      this.tokens.set(token, grant.identity);
      return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: 3599, scope: "openid email profile", id_token: "unused" } };
    }
    if (req.method === "GET" && url.pathname === "/v1/userinfo") {
      const identity = this.tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      return identity ? { status: 200, body: identity } : { status: 401, body: { error: "invalid_token" } };
    }
    return { status: 404, body: { error: "not_found" } };
  }
}
