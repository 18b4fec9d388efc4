/**
 * A strict reader of what we write (RFC 5545 3.1): CRLF line ends and nothing else that breaks a line,
 * folds of CRLF and one space or tab, each content line `NAME *(;PARAM=value) : value`, a parameter
 * value quoted without DQUOTE or unquoted without DQUOTE, ";", ":" and ",", no control character but tab.
 */
export type Property = { name: string; params: Record<string, string>; value: string };
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
const TOKEN = /^[A-Za-z0-9-]+/;

export function parseStrictly(text: string): Property[] {
  if (!text.endsWith("\r\n")) throw new Error("the file does not end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  const logical: string[] = [];
  for (const line of physical) {
    if (/[\r\n]/.test(line)) throw new Error(`a bare CR or LF in ${JSON.stringify(line)}`);
    if (/^[ \t]/.test(line)) {
      if (logical.length === 0) throw new Error("the file starts with a continuation");
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  return logical.map(parseLine);
}

function parseLine(line: string): Property {
  const name = TOKEN.exec(line)?.[0];
  if (!name) throw new Error(`no property name in ${JSON.stringify(line)}`);
  const params: Record<string, string> = {};
  let i = name.length;
  while (line[i] === ";") {
    const param = TOKEN.exec(line.slice(i + 1))?.[0];
    if (!param || line[i + 1 + param.length] !== "=") throw new Error(`a broken parameter in ${JSON.stringify(line)}`);
    i += param.length + 2;
    let value: string;
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close < 0) throw new Error(`an unclosed quote in ${JSON.stringify(line)}`);
      value = line.slice(i + 1, close);
      i = close + 1;
    } else {
      value = /^[^";:,]*/.exec(line.slice(i))![0];
      i += value.length;
    }
    if (CONTROL.test(value)) throw new Error(`a control character in a parameter of ${JSON.stringify(line)}`);
    if (param in params) throw new Error(`a repeated parameter in ${JSON.stringify(line)}`);
    params[param.toUpperCase()] = value;
  }
  if (line[i] !== ":") throw new Error(`no ':' after the parameters in ${JSON.stringify(line)}`);
  const value = line.slice(i + 1);
  if (CONTROL.test(value)) throw new Error(`a control character in ${JSON.stringify(line)}`);
  return { name: name.toUpperCase(), params, value };
}

/** A TEXT value (3.3.11) back to what it says; an unescaped ";" or "," or an unknown escape is an error. */
export function unescapeText(value: string): string {
  return value.replace(/\\(.)|[;,]/g, (match, escaped: string | undefined) => {
    if (escaped === undefined) throw new Error(`an unescaped ${match} in ${JSON.stringify(value)}`);
    const meaning: Record<string, string> = { n: "\n", N: "\n", "\\": "\\", ";": ";", ",": "," };
    if (!(escaped in meaning)) throw new Error(`an unknown escape \\${escaped} in ${JSON.stringify(value)}`);
    return meaning[escaped];
  });
}
