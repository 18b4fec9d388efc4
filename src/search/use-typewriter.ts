import { useEffect, useState } from "react";
import { runTypewriter } from "./typewriter";

/** The typewriter's current text, for a React component (the first word in full until it runs). */
export function useTypewriter(words: readonly string[]): string {
  const [text, setText] = useState(words[0]);
  useEffect(() => runTypewriter(words, setText), [words]);
  return text;
}
