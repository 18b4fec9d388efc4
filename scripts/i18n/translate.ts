import { readFileSync, writeFileSync } from "node:fs";
import PO from "pofile";

/**
 * Writes translations into a catalog: `npx tsx scripts/i18n/translate.ts <catalog> <file.json> [locale]`,
 * where the JSON maps each English message (the .po's msgid, ICU placeholders as in the code, e.g.
 * "Booked with {name}") to its translation. Entries not in the catalog are reported, never added:
 * run `LINGUI_CATALOG=<catalog> npx lingui extract` first. Safe to run by several people at once under
 * `flock /tmp/lingui.lock`, since it reads and writes the file in one step.
 *   npx tsx scripts/i18n/translate.ts --missing <catalog> [locale]   lists what is not translated yet.
 */
const args = process.argv.slice(2);
const missingOnly = args[0] === "--missing";
if (missingOnly) args.shift();
const [catalog, jsonFile] = args;
const locale = (missingOnly ? args[1] : args[2]) ?? "hi";
if (!catalog || (!missingOnly && !jsonFile)) {
  console.error("usage: translate.ts <catalog> <translations.json> [locale] | --missing <catalog> [locale]");
  process.exit(2);
}
const dir = catalog === "server" ? "worker/locales" : catalog === "messages" ? "shared/locales" : "src/locales";
const file = `${dir}/${locale}/${catalog}.po`;
const po = PO.parse(readFileSync(file, "utf8"));

if (missingOnly) {
  const missing = po.items.filter((item) => !item.msgstr.join("").trim()).map((item) => item.msgid);
  console.log(JSON.stringify(Object.fromEntries(missing.map((id) => [id, ""])), null, 2));
  console.error(`${missing.length} of ${po.items.length} not translated in ${file}`);
  process.exit(0);
}

const translations = JSON.parse(readFileSync(jsonFile, "utf8")) as Record<string, string>;
const byId = new Map(po.items.map((item) => [item.msgid, item]));
let written = 0;
const unknown: string[] = [];
for (const [english, translated] of Object.entries(translations)) {
  const item = byId.get(english);
  if (!item) unknown.push(english);
  else if (translated.trim()) {
    item.msgstr = [translated];
    written++;
  }
}
writeFileSync(file, po.toString().replace(/\n*$/, "\n"));
console.log(`${written} translations written to ${file}`);
if (unknown.length)
  console.log(`${unknown.length} not in the catalog (extract first, or the English differs):\n${unknown.map((u) => `  ${u}`).join("\n")}`);
