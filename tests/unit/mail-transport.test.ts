import { afterEach, describe, expect, it, vi } from "vitest";
import { httpTransport, MAIL_ANSWER_MS } from "../../worker/platform/ports/mail-transport";

/** The mail API (Resend's shape) receives a message's files base64-encoded, UTF-8 intact. */
describe("the HTTP mail transport", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const config = {
    MAIL_API_KEY: "re_test",
    MAIL_API_URL: "https://mail.example.test/emails",
    MAIL_FROM: "MentorLink <no-reply@example.test>",
  };
  const mail = { id: "row-1", to: "a@example.test", subject: "Booked", text: "Hi", html: "<p>Hi</p>", createdAt: new Date(0) };

  async function sent(attachments: { filename: string; contentType: string; content: string }[]) {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await httpTransport(config).send({ ...mail, attachments });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(config.MAIL_API_URL);
    expect((init.headers as Record<string, string>)["idempotency-key"]).toBe("mentorlink-row-1");
    return JSON.parse(String(init.body));
  }

  it("sends each attachment with its name, type and base64 content", async () => {
    const ics = "BEGIN:VCALENDAR\r\nSUMMARY:Session with Zoë · ₹\r\nEND:VCALENDAR\r\n";
    const body = await sent([{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: ics }]);
    expect(body.attachments).toEqual([
      {
        filename: "invite.ics",
        content_type: "text/calendar; charset=utf-8; method=REQUEST",
        content: Buffer.from(ics, "utf8").toString("base64"),
      },
    ]);
    expect(Buffer.from(body.attachments[0].content, "base64").toString("utf8")).toBe(ics);
    expect(body).toMatchObject({ to: ["a@example.test"], subject: "Booked", text: "Hi", html: "<p>Hi</p>" });
  });

  it("sends no attachments field for a message without files", async () => {
    expect(await sent([])).not.toHaveProperty("attachments");
  });

  it("gives up on an API that does not answer within MAIL_ANSWER_MS, so the send is refused and retried", async () => {
    // The limit's clock is the runtime's (AbortSignal.timeout): the test hands out its signal and ends it at once.
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(limit.signal);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
      ),
    );
    const sending = httpTransport(config).send({ ...mail, attachments: [] });
    expect(timeout).toHaveBeenCalledWith(MAIL_ANSWER_MS);
    limit.abort(new DOMException("The operation timed out.", "TimeoutError"));
    await expect(sending).rejects.toThrow("timed out");
  });
});
