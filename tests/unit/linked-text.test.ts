import { describe, expect, it } from "vitest";
import { linkPieces } from "../../src/chat/linked-text";

describe("a chat message's web addresses", () => {
  it("are links, and the words around them stay text", () => {
    expect(linkPieces("Slides: https://example.com/deck?id=1 and notes")).toEqual([
      { text: "Slides: " },
      { href: "https://example.com/deck?id=1" },
      { text: " and notes" },
    ]);
  });

  it("leave a closing bracket or sentence mark at their end out of the link", () => {
    expect(linkPieces("(see http://example.com/a).")).toEqual([{ text: "(see " }, { href: "http://example.com/a" }, { text: ")." }]);
  });

  it("are only http and https: other schemes stay text", () => {
    expect(linkPieces("javascript:alert(1) data:text/html,x ftp://example.com")).toEqual([
      { text: "javascript:alert(1) data:text/html,x ftp://example.com" },
    ]);
  });

  it("a message without one is one piece of text, and an empty one none", () => {
    expect(linkPieces("hello")).toEqual([{ text: "hello" }]);
    expect(linkPieces("")).toEqual([]);
  });

  it("two in a row are two links", () => {
    expect(linkPieces("https://a.example https://b.example")).toEqual([
      { href: "https://a.example" },
      { text: " " },
      { href: "https://b.example" },
    ]);
  });
});
