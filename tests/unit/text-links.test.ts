import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { safeHref, textParts } from "@/ui/text-links";
import { TextWithLinks } from "@/ui/text-with-links";

/** Agendas, session notes and comments show their web addresses as links, and nothing else as markup. */
describe("text with links", () => {
  it("links http and https addresses and keeps the words around them", () => {
    expect(textParts("Read https://example.com/a?b=1#c first, then http://intra.example.org/x.")).toEqual([
      { kind: "text", text: "Read " },
      { kind: "link", text: "https://example.com/a?b=1#c", href: "https://example.com/a?b=1#c" },
      { kind: "text", text: " first, then " },
      { kind: "link", text: "http://intra.example.org/x", href: "http://intra.example.org/x" },
      { kind: "text", text: "." },
    ]);
  });

  it("leaves sentence punctuation outside the link, but keeps a bracket the address opened", () => {
    expect(textParts("(see https://en.wikipedia.org/wiki/Go_(game))")).toEqual([
      { kind: "text", text: "(see " },
      { kind: "link", text: "https://en.wikipedia.org/wiki/Go_(game)", href: "https://en.wikipedia.org/wiki/Go_(game)" },
      { kind: "text", text: ")" },
    ]);
    expect(textParts("Is it https://a.dev/?!").map((p) => p.text)).toEqual(["Is it ", "https://a.dev/", "?!"]);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "ftp://files.example.com/a",
    "//evil.example.com",
    "file:///etc/passwd",
  ])("never links %s", (text) => {
    expect(textParts(text).every((p) => p.kind === "text")).toBe(true);
    expect(
      textParts(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });

  it("refuses what only looks like an http address", () => {
    expect(safeHref("https://")).toBeNull();
    expect(safeHref("https://exa mple.com")).toBeNull();
    expect(safeHref("http://[::1")).toBeNull();
    expect(safeHref("HTTPS://Example.COM/A")).toBe("https://example.com/A");
    // An address glued to a javascript: text is still only the http part.
    expect(
      textParts("javascript:https://x.dev")
        .filter((p) => p.kind === "link")
        .map((p) => p.text),
    ).toEqual(["https://x.dev"]);
  });

  it("draws links that open apart from the page, and escapes everything else", () => {
    const html = renderToStaticMarkup(
      createElement(TextWithLinks, { text: `<img src=x onerror=alert(1)> "quoted" https://example.com/a"onmouseover="alert(1)\nline two` }),
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow"');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).not.toMatch(/<a[^>]*onmouseover/);
    expect(html).toContain("\nline two");
  });

  it("keeps text without addresses as one part, and empty text as none", () => {
    expect(textParts("Career change: product to engineering")).toEqual([{ kind: "text", text: "Career change: product to engineering" }]);
    expect(textParts("")).toEqual([]);
  });
});
