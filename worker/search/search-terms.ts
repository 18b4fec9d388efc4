/**
 * What a person typed into the mentor search, turned into the queries the two FTS5 indexes take
 * (ADR 0025): the word index (`mentor_search`, migration 0001) and the trigram index
 * (`mentor_search_trigram`, migration 0013). Plain functions, no database.
 */

/**
 * Abbreviations (first) and the words they stand for: "ML" finds "machine learning", and "machine
 * learning" finds "ML". Lower case, one space between words.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ["ml", "machine learning"],
  ["ai", "artificial intelligence"],
  ["ux", "user experience"],
  ["ui", "user interface"],
  ["pm", "product manager", "product management"],
  ["js", "javascript"],
  ["ts", "typescript"],
  ["k8s", "kubernetes"],
  ["nlp", "natural language processing"],
  ["cv", "computer vision"],
  ["ds", "data science"],
  ["dsa", "data structures"],
  ["llm", "large language models", "large language model"],
  ["aws", "amazon web services"],
  ["gcp", "google cloud"],
  ["qa", "quality assurance"],
  ["seo", "search engine optimization"],
  ["swe", "software engineer", "software engineering"],
];

/** Abbreviations that find more specific things, not the other way round ("postgresql" does not find every SQL mentor). */
export const NARROWER: Readonly<Record<string, readonly string[]>> = {
  sql: ["postgresql", "mysql", "sqlite"],
};

const MAX_WORDS = 8;
/** A word this short is matched whole ("ai" must not find "aiming"); longer words match as prefixes. */
const SHORT = 2;

/** One thing the person asked for: the typed word(s) and every way of saying it. */
type Group = { typed: string; variants: string[] };

export type SearchTerms = {
  /** Every group required (AND), each by any variant (OR): which mentors match at all. */
  words: string;
  /** The whole text as one phrase (or, if it is one term, any of its variants). */
  phrase: string;
  /** The lower-case skill name that is exactly what was typed, and the names that mean the same. */
  skill: string;
  similarSkills: string[];
  /** For the typo fallback: each typed word of 3+ letters as its trigrams, and how many of them a hit must hold. */
  fuzzyWords: { trigrams: string[]; min: number }[];
};

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** A variant as an FTS5 term: short words exact, longer ones (and a phrase's last word) as prefixes. */
const term = (variant: string) => (variant.length <= SHORT ? quote(variant) : `${quote(variant)}*`);
const anyOf = (variants: string[]) => (variants.length === 1 ? term(variants[0]) : `(${variants.map(term).join(" OR ")})`);

/** Groups the words, longest synonym first ("machine learning" is one group, not two). */
function groups(words: string[]): Group[] {
  const out: Group[] = [];
  for (let i = 0; i < words.length; ) {
    let found: { size: number; group: readonly string[] } | null = null;
    for (const group of SYNONYMS) {
      for (const member of group) {
        const parts = member.split(" ");
        if (parts.length > (found?.size ?? 0) && parts.every((p, j) => words[i + j] === p)) found = { size: parts.length, group };
      }
    }
    if (found) {
      const typed = words.slice(i, i + found.size).join(" ");
      // The abbreviation finds every long form; a long form finds itself and the abbreviation.
      const variants = typed === found.group[0] ? [...found.group] : [typed, found.group[0]];
      out.push({ typed, variants });
      i += found.size;
    } else {
      out.push({ typed: words[i], variants: [words[i], ...(NARROWER[words[i]] ?? [])] });
      i += 1;
    }
  }
  return out;
}

/** A word's trigrams; a hit must hold at least half of them, and two when there are two or more. */
function fuzzyWord(word: string) {
  const trigrams = [...new Set(Array.from({ length: word.length - 2 }, (_, i) => word.slice(i, i + 3)))].slice(0, 12);
  return { trigrams, min: Math.max(Math.min(2, trigrams.length), Math.ceil(trigrams.length / 2)) };
}

/** The queries for a search text, or null when it holds no letters or digits (then everyone is listed). */
export function searchTerms(text: string): SearchTerms | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? [];
  if (!words.length) return null;
  const parsed = groups(words);
  const whole = words.join(" ");
  const phraseVariants = parsed.length === 1 ? parsed[0].variants : [whole];
  return {
    words: parsed.map((g) => anyOf(g.variants)).join(" AND "),
    phrase: anyOf(phraseVariants),
    skill: whole,
    similarSkills: phraseVariants.filter((v) => v !== whole),
    fuzzyWords: words
      .filter((w) => w.length >= 3)
      .slice(0, 4)
      .map(fuzzyWord),
  };
}
