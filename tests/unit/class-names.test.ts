import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findClassConflicts } from "../../scripts/class-conflicts";
import { BUTTON_VARIANTS } from "../../src/ui/button-variants";
import { cn } from "../../src/ui/class-names";

describe("class names", () => {
  it("cn joins what is set and drops what is not", () => {
    expect(cn("a b", false && "c", undefined, { d: true, e: false }, ["f"])).toBe("a b d f");
  });

  it("no component's own Tailwind classes fight the classes its callers add (cn does not resolve conflicts)", () => {
    const found = findClassConflicts("src", { Button: BUTTON_VARIANTS }).map(
      (c) => `${c.file}:${c.line} <${c.component}> ${c.own} vs ${c.added}`,
    );
    expect(found).toEqual([]);
    // It parses every file of src: about 2 s alone, several times that while the integration and e2e files share the cores.
  }, 30_000);

  it("the check finds a caller's override, a Button variant's, and two arguments of one cn(…) that fight", () => {
    const dir = mkdtempSync(join(tmpdir(), "class-conflicts-"));
    mkdirSync(join(dir, "ui"));
    writeFileSync(
      join(dir, "ui", "box.tsx"),
      `export function Box({ className }: { className?: string }) { return <div className={cn("h-10 p-4", className)} />; }
       export const x = cn("text-sm", on ? "bg-red-50" : "bg-white", "bg-slate-100");`,
    );
    writeFileSync(
      join(dir, "page.tsx"),
      `export const P = () => <><Box className="h-9 mt-2" /><Button size="icon" className="size-9" /><Button className="w-full" /></>;`,
    );
    const found = findClassConflicts(dir, { Button: BUTTON_VARIANTS }).map((c) => `${c.component} ${c.own} vs ${c.added}`);
    expect(found.sort()).toEqual([
      "Box h-10 vs h-9",
      "Button size-10 vs size-9",
      "cn bg-red-50 vs bg-slate-100",
      "cn bg-white vs bg-slate-100",
    ]);
  });
});
