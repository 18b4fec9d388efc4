import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { linkField } from "../../shared/validation/links";

const website = linkField("Website");
const outcome = (input: unknown) => {
  const result = v.safeParse(website, input);
  return result.success ? { value: result.output } : { message: result.issues[0].message };
};

describe("profile links", () => {
  it.each(["https://example.com", "http://example.com/path?q=1", "HTTPS://EXAMPLE.COM", "  https://example.com  "])(
    "accepts %j",
    (link) => {
      expect(outcome(link)).toEqual({ value: link.trim() });
    },
  );

  it("accepts no link", () => {
    expect(outcome("")).toEqual({ value: "" });
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://example.com/file",
    "file:///etc/passwd",
    "http:/example.com",
  ])("refuses %j: it must start with https:// or http://", (link) => {
    expect(outcome(link)).toEqual({ message: "Website must start with https:// or http://" });
  });

  it.each(["not a url", "example.com", 42])("still calls %j not a valid URL", (link) => {
    expect(outcome(link)).toEqual({ message: "Website must be a valid URL" });
  });
});
