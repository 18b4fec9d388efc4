import { readdirSync, readFileSync } from "node:fs";
import PO from "pofile";
import { describe, expect, it } from "vitest";

/**
 * Every text the product shows has its Hindi. `npm test` extracts the catalogs from the code
 * first (package.json), so a text added without its translation fails here, and a translation that lost
 * a placeholder (a name, a count, a link's tags) fails too.
 */
const DIRS = ["src/locales", "shared/locales", "worker/locales"];
const catalogs = DIRS.flatMap((dir) =>
  readdirSync(`${dir}/hi`).map((file) => ({ name: `${dir}/hi/${file}`, english: `${dir}/en/${file}` })),
);

/** `{name}`, `{0}`, `<0>`, `</0>`, `#` of a plural: what must survive translation. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]|<\/?\d+\/?>/g)].map((m) => m[1] ?? m[0]).sort();

describe("the Hindi catalogs", () => {
  it("exist for the app and the Worker", () => {
    expect(catalogs.map((c) => c.name)).toEqual(
      expect.arrayContaining(["src/locales/hi/common.po", "shared/locales/hi/messages.po", "worker/locales/hi/server.po"]),
    );
  });

  for (const catalog of catalogs) {
    it(`${catalog.name}: every message is translated, with no value or tag it does not have`, () => {
      const hindi = PO.parse(readFileSync(catalog.name, "utf8")).items.filter((item) => !item.obsolete);
      const english = PO.parse(readFileSync(catalog.english, "utf8")).items.filter((item) => !item.obsolete);
      expect(hindi.map((i) => i.msgid).sort()).toEqual(english.map((i) => i.msgid).sort());
      const untranslated = hindi.filter((item) => !item.msgstr.join("").trim()).map((item) => item.msgid);
      expect(untranslated).toEqual([]);
      // A translation may leave a value out (an English plural's "s"), never invent one or lose a link's tags.
      const broken = hindi
        .filter((item) => {
          const source = placeholders(item.msgid);
          const target = placeholders(item.msgstr.join(""));
          const tags = (list: string[]) => list.filter((p) => p.startsWith("<"));
          return target.some((p) => !source.includes(p)) || JSON.stringify(tags(source)) !== JSON.stringify(tags(target));
        })
        .map((item) => `${item.msgid} → ${item.msgstr.join("")}`);
      expect(broken).toEqual([]);
    });
  }
});

describe("the app's catalogs of one language", () => {
  it("give a message one translation, whichever of them it is read from", () => {
    // The app loads its catalogs into one i18n (the common one, then its areas'): a message in two of them with two
    // translations would read as whichever came last, in the browser and in a page the Worker draws. A
    // message that means two things carries a context (`t({ message, context })`), which makes it two messages.
    for (const locale of ["hi", "en"]) {
      const translations = new Map<string, Set<string>>();
      for (const file of readdirSync(`src/locales/${locale}`)) {
        for (const item of PO.parse(readFileSync(`src/locales/${locale}/${file}`, "utf8")).items.filter((i) => !i.obsolete)) {
          const key = `${item.msgctxt ?? ""}\u0004${item.msgid}`;
          translations.set(key, (translations.get(key) ?? new Set()).add(item.msgstr.join("")));
        }
      }
      const disagreeing = [...translations]
        .filter(([, texts]) => texts.size > 1)
        .map(([key, texts]) => `${key.replace("\u0004", " | ")}: ${[...texts].join(" / ")}`);
      expect(disagreeing, locale).toEqual([]);
    }
  });
});
