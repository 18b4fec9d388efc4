import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";

/**
 * Finds Tailwind classes that would fight in the app's markup (ADR 0018): `cn` joins class
 * names without resolving conflicts (no tailwind-merge in the pages' JavaScript), so a component's own
 * classes and the classes a caller adds must never set the same thing. Reads every .tsx under src/
 * and reports:
 * - a component that joins its own classes with a `className` prop (`cn("h-10 …", className)`) used with
 *   a `className` that conflicts with them (for the Button, with the variant and size the use picks);
 * - a `cn(…)` call whose arguments conflict with each other (the branches of one conditional excepted:
 *   they never apply together).
 * tailwind-merge decides what conflicts; it runs here only, at test time.
 */
export type Conflict = { file: string; line: number; component: string; own: string; added: string };

const conflicts = (a: string, b: string) => twMerge(`${a} ${b}`) !== `${a} ${b}`;

/** The class names in an expression's string literals (both branches of a conditional, a template's static text). */
function classesOf(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(...n.text.split(/\s+/).filter(Boolean));
    else if (ts.isTemplateExpression(n)) {
      out.push(...n.head.text.split(/\s+/).filter(Boolean));
      n.templateSpans.forEach((s) => out.push(...s.literal.text.split(/\s+/).filter(Boolean)));
      n.templateSpans.forEach((s) => visit(s.expression));
    } else if (ts.isConditionalExpression(n)) {
      visit(n.whenTrue);
      visit(n.whenFalse);
    } else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "cn") n.arguments.forEach(visit);
    else if (ts.isBinaryExpression(n)) visit(n.right);
    else if (ts.isParenthesizedExpression(n) || ts.isJsxExpression(n)) n.expression && visit(n.expression);
  };
  visit(node);
  return out;
}

const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => join(dir, name));

const isCn = (n: ts.Node): n is ts.CallExpression => ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "cn";
const isClassNameArg = (n: ts.Node) => ts.isIdentifier(n) && n.text === "className";

type Variants = { base: string; variants: Record<string, Record<string, string>>; defaults: Record<string, string> };

export function findClassConflicts(root = "src", variants: Record<string, Variants> = {}): Conflict[] {
  const files = sources(root).map((file) => ({
    file,
    source: ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
  }));
  const found: Conflict[] = [];
  const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

  // 1. Each component's own classes: the other arguments of a cn(…) that takes its className prop.
  const own = new Map<string, string[]>();
  for (const { source } of files) {
    const visit = (n: ts.Node, component?: string) => {
      let name = component;
      if (ts.isFunctionDeclaration(n) && n.name) name = n.name.text;
      if (
        ts.isVariableDeclaration(n) &&
        ts.isIdentifier(n.name) &&
        n.initializer &&
        (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
      )
        name = n.name.text;
      if (isCn(n) && name && n.arguments.some(isClassNameArg)) {
        own.set(name, [...(own.get(name) ?? []), ...n.arguments.filter((a) => !isClassNameArg(a)).flatMap(classesOf)]);
      }
      ts.forEachChild(n, (c) => visit(c, name));
    };
    visit(source);
  }
  // The classes a cva-built component draws for the variant props a use picks.
  const variantClasses = (name: string, element: ts.JsxOpeningLikeElement): string[] => {
    const v = variants[name];
    if (!v) return [];
    const picked: string[] = [v.base];
    for (const [prop, values] of Object.entries(v.variants)) {
      const attr = element.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === prop);
      const value = attr?.initializer && ts.isStringLiteral(attr.initializer) ? attr.initializer.text : v.defaults[prop];
      picked.push(values[value] ?? "");
    }
    return picked.join(" ").split(/\s+/).filter(Boolean);
  };

  for (const { file, source } of files) {
    const visit = (n: ts.Node) => {
      // 2. A use of such a component with a className of its own.
      if (ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) {
        const name = n.tagName.getText();
        const attr = n.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === "className");
        const base = [...(own.get(name) ?? []), ...variantClasses(name, n)];
        if (attr?.initializer && base.length) {
          for (const added of classesOf(attr.initializer)) {
            for (const mine of base)
              if (conflicts(mine, added)) found.push({ file, line: lineOf(source, n), component: name, own: mine, added });
          }
        }
      }
      // 3. One cn(…) whose arguments fight each other.
      if (isCn(n)) {
        const args = n.arguments.filter((a) => !isClassNameArg(a)).map(classesOf);
        args.forEach((a, i) =>
          args
            .slice(i + 1)
            .forEach((b) =>
              a.forEach((x) =>
                b.forEach((y) => conflicts(x, y) && found.push({ file, line: lineOf(source, n), component: "cn", own: x, added: y })),
              ),
            ),
        );
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { BUTTON_VARIANTS } = await import("../src/ui/button-variants");
  const found = findClassConflicts("src", { Button: BUTTON_VARIANTS });
  for (const c of found) console.log(`${c.file}:${c.line} <${c.component}> ${c.own} vs ${c.added}`);
  console.log(`${found.length} conflicts`);
}
