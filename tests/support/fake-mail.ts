import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake e-mail HTTP API (Resend's `POST /emails` shape) on a loopback port, for MAIL_API_URL.
 * `down` makes it answer 503 (an outage). It records every request, and which ones it accepted.
 */
export type FakeMailRequest = { accepted: boolean; idempotencyKey: string | undefined; authorization: string | undefined; body: { from: string; to: string[]; subject: string; text: string; html?: string } };

export class FakeMailApi {
  private server?: Server;
  readonly requests: FakeMailRequest[] = [];
  down = false;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const accepted = !this.down;
        this.requests.push({
          accepted,
          idempotencyKey: req.headers["idempotency-key"] as string | undefined,
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        });
        res.writeHead(accepted ? 200 : 503, { "content-type": "application/json" });
        res.end(JSON.stringify(accepted ? { id: crypto.randomUUID() } : { message: "service unavailable" }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/emails`;
    return this;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  to(address: string) {
    return this.requests.filter((r) => r.body.to.includes(address));
  }
}
