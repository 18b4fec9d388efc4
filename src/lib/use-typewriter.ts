import { useEffect, useState } from "react";
import { runTypewriter } from "./typewriter";

/** The typewriter's current text, for a React component (starts empty and types). */
export function useTypewriter(words: readonly string[]): string {
  const [text, setText] = useState("");
  useEffect(() => runTypewriter(words, setText), [words]);
  return text;
}
