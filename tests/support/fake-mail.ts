import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake e-mail HTTP API (Resend's `POST /emails` shape) on a loopback port, for MAIL_API_URL.
 * `down` makes it answer 503 (an outage); `script` lists the next answers to give (a 429 with Retry-After, a 500 after
 * accepting the message, as when an answer is lost). Like Resend it keeps idempotency keys: a request whose key it has
 * sent already is answered as the first was and not sent again (`sentKeys`). It records every request.
 */
export type ScriptedAnswer = { status: number; retryAfter?: number; acceptFirst?: boolean };
export type FakeMailRequest = { accepted: boolean; idempotencyKey: string | undefined; authorization: string | undefined; body: { from: string; to: string[]; subject: string; text: string; html?: string } };

export class FakeMailApi {
  private server?: Server;
  readonly requests: FakeMailRequest[] = [];
  down = false;
  url = "";
  script: ScriptedAnswer[] = [];
  /** How long each answer takes (a provider's latency). */
  delayMs = 0;
  /** Idempotency keys of the messages it sent, each once. */
  readonly sentKeys = new Set<string>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        setTimeout(() => this.answer(req.headers, chunks, res), this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/emails`;
    return this;
  }

  private answer(headers: IncomingHttpHeaders, chunks: Buffer[], res: ServerResponse) {
    const key = headers["idempotency-key"] as string | undefined;
    const scripted = this.script.shift();
    const accepted = scripted ? Boolean(scripted.acceptFirst) : !this.down;
    const repeat = accepted && key !== undefined && this.sentKeys.has(key);
    if (accepted && key) this.sentKeys.add(key);
    this.requests.push({ accepted: accepted && !repeat, idempotencyKey: key, authorization: headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    const status = scripted?.status ?? (accepted ? 200 : 503);
    res.writeHead(status, { "content-type": "application/json", ...(scripted?.retryAfter ? { "retry-after": String(scripted.retryAfter) } : {}) });
    res.end(JSON.stringify(status === 200 ? { id: crypto.randomUUID() } : { message: "service unavailable" }));
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  to(address: string) {
    return this.requests.filter((r) => r.body.to.includes(address));
  }
}
