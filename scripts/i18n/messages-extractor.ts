import type { ExtractorType } from "@lingui/conf";
import ts from "typescript";

/**
 * A Lingui extractor (https://lingui.dev/guides/custom-extractor) for what the Worker and the shared
 * validation say to people: the messages of `fail(code, "…")`, of valibot's checks and the sentences the
 * services keep as constants. They stay plain English strings in the code and on the wire (SPEC §7, §8);
 * the app shows a Hindi reader their translation from the `messages` catalog, looked up by the English
 * text (src/platform/i18n/server-messages.ts). A template literal becomes a pattern whose `${…}` parts are
 * numbered placeholders: `Only ${n} left` is the message `Only {0} left`.
 *
 * What counts as a sentence: a string that starts with a capital letter, has a space and a lower-case
 * word, and is not a log line, an SQL fragment or a path (isSentence).
 */
const MESSAGE_FILES = /\/(shared\/validation\/.*|worker\/.*|shared\/attendance)\.ts$/;
// Domain files and routers of the capabilities, and the one error map: not the plain routes, jobs, the REST table, the
// entry, the settings check or the input guard, whose texts are not in the catalog (ADR 0032).
const NOT_MESSAGES =
  /\/worker\/(mail|dev|locales|platform\/i18n|rest|pages)\/|\/worker\/[^/]+\/[^/]+\.(routes|job)\.ts$|\/worker\/(index|app|placed-api|third-parties)\.ts$|\/worker\/platform\/(env|input-guard|config-gate|placement|security-headers|security-policy|app-env|database|cookies|ports\/signed-stripe-event)\.ts$/;

export function isSentence(text: string): boolean {
  if (text.length < 6 || text.length > 300) return false;
  // A sentence starts with a capital, or with a value ("{0} booked your slot…", "{0}'s subscription…", "\"{0}\" is not…").
  if (!/^([A-Z]|\{\d+\}('s)? [a-z]|"\{\d+\}" [a-z])/.test(text) || !/ [a-z]/.test(text)) return false;
  if (/^(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE)\b/.test(text)) return false;
  // SQL written in a template ("{0} desc, …", "{0} is null") is not a sentence either.
  if (/\b(desc|asc)(,|$)|\{\d+\} is null|not in \(|json_each|"\w+"\."/.test(text) || /^\{\d+\} (as|and) \{\d+\}$/.test(text)) return false;
  // A template's values are numbered placeholders ({0}); any other brace, a tag or a URL is not a sentence.
  if (/[<>{}\\]|https?:|\n/.test(text.replace(/\{\d+\}/g, ""))) return false;
  return true;
}

/** A template literal as a message: its literal parts with `{0}`, `{1}`… where the expressions were. */
export function templateMessage(node: ts.TemplateExpression): string {
  let text = node.head.text;
  node.templateSpans.forEach((span, i) => {
    text += `{${i}}${span.literal.text}`;
  });
  return text;
}

/** Calls whose string arguments are diagnostics, never shown to a person. */
const IGNORED_CALLEES = /^(console\.\w+|new Error|Error|logger\.\w+|\w+\.log)$/;

export const messagesExtractor: ExtractorType = {
  match: (filename) =>
    MESSAGE_FILES.test(filename.replaceAll("\\", "/")) && !NOT_MESSAGES.test(filename.replaceAll("\\", "/")) && !filename.endsWith(".d.ts"),
  extract(filename, code, onMessageExtracted) {
    const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const found = (text: string, node: ts.Node) => {
      if (!isSentence(text)) return;
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
      onMessageExtracted({ id: text, message: text, origin: [filename, line + 1, character] });
    };
    // A declaration tagged `@i18n words` in its doc comment: every string in it is a word or phrase the app
    // translates where a sentence carries it as a value ("changed to \"{1}\"" with "missed by the mentor").
    const words = (node: ts.Node): void => {
      // Codes compared against (`case "completed":`, `viewer === "mentee"`) are not words.
      if (ts.isCaseClause(node)) {
        node.statements.forEach(words);
        return;
      }
      if (
        ts.isBinaryExpression(node) &&
        [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)
      )
        return;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text && !/[{}<>]/.test(node.text)) {
        const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
        onMessageExtracted({ id: node.text, message: node.text, origin: [filename, line + 1, character] });
      } else if (ts.isTemplateExpression(node)) found(templateMessage(node), node);
      ts.forEachChild(node, words);
    };
    const tagged = (node: ts.Node) =>
      ts.getJSDocTags(node).some((tag) => tag.tagName.text === "i18n" && /^\s*words\b/.test(ts.getTextOfJSDocComment(tag.comment) ?? ""));
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if ((ts.isVariableStatement(node) || ts.isFunctionDeclaration(node)) && tagged(node)) {
        ts.forEachChild(node, words);
        return;
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression.getText(source);
        if (IGNORED_CALLEES.test(callee) || IGNORED_CALLEES.test(`${ts.isNewExpression(node) ? "new " : ""}${callee}`)) return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found(node.text, node);
      else if (ts.isTemplateExpression(node)) found(templateMessage(node), node);
      ts.forEachChild(node, visit);
    };
    visit(source);
  },
};
