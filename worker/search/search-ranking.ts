import { type SQL, sql } from "drizzle-orm";
import type { SearchTerms } from "./search-terms";

/** Below this many word-index hits, the trigram index is asked too (typos, parts of words). */
const FEW_HITS = 3;

/** Word-index columns weighted name 10, job title 6, firm 4, skills 8, bio 1 (lower bm25 = better). */
const bm25 = sql`bm25(mentor_search, 10.0, 6.0, 4.0, 8.0, 1.0)`;

/**
 * The rows a text search finds, as `(rid, rank, fuzzy)` keyed by `mentor_search_keys.id`: every
 * word-index match (fuzzy 0, ranked by bm25), and, only when those are few, trigram-index rows
 * the word index missed that hold at least half of each typed word's trigrams (fuzzy 1, more
 * trigrams first). The fallback's conditions are constant, so SQLite skips its scan when hits are many.
 */
export function hitsOf(terms: SearchTerms): SQL {
  const words = sql`select rowid as "rid", ${bm25} as "rank", 0 as "fuzzy" from mentor_search where mentor_search match ${terms.words}`;
  if (!terms.fuzzyWords.length) return sql`(${words})`;
  const heldOf = (trigrams: string[]) =>
    sql.join(
      trigrams.map((t) => sql`(instr("text", ${t}) > 0)`),
      sql` + `,
    );
  const held = terms.fuzzyWords.map((w, i) => sql`${heldOf(w.trigrams)} as ${sql.identifier(`held${i}`)}`);
  const enough = terms.fuzzyWords.map((w, i) => sql`${sql.identifier(`held${i}`)} >= ${w.min}`);
  const total = sql.join(
    terms.fuzzyWords.map((_, i) => sql.identifier(`held${i}`)),
    sql` + `,
  );
  const anyTrigram = terms.fuzzyWords.flatMap((w) => w.trigrams.map((t) => `"${t}"`)).join(" OR ");
  const fuzzy = sql`select "rid", -(${total}) as "rank", 1 as "fuzzy" from (
      select rowid as "rid", ${sql.join(held, sql`, `)} from mentor_search_trigram
      where mentor_search_trigram match ${anyTrigram}
        and (select count(*) from mentor_search where mentor_search match ${terms.words}) < ${FEW_HITS}
    ) where ${sql.join(enough, sql` and `)}
      and "rid" not in (select rowid from mentor_search where mentor_search match ${terms.words})`;
  return sql`(${words} union all ${fuzzy})`;
}

const inIndex = (query: string) => sql`"k"."id" in (select rowid from mentor_search where mentor_search match ${query})`;

/**
 * How well a hit answers the text, higher first, before bm25: a skill that is exactly
 * the text 16, one that means the same (its abbreviation or long form) 12; the text as a phrase in the name or skills 8, in the job
 * title 4; every word in the name or skills 2; the phrase anywhere (the bio too) 1. So "system
 * design" puts the mentors with the skill "System Design" above a UX designer whose bio says both words.
 */
export function tierOf(terms: SearchTerms): SQL {
  const similar = terms.similarSkills.length
    ? sql`("m"."id" in (select mentor_id from mentor_skills where skill_key in (${sql.join(
        terms.similarSkills.map((k) => sql`${k}`),
        sql`, `,
      )}))) * 12`
    : sql`0`;
  return sql`(("m"."id" in (select mentor_id from mentor_skills where skill_key = ${terms.skill})) * 16 + ${similar}
    + (${inIndex(`{name skills} : ${terms.phrase}`)}) * 8
    + (${inIndex(`{job_title} : ${terms.phrase}`)}) * 4
    + (${inIndex(`{name skills} : (${terms.words})`)}) * 2
    + (${inIndex(terms.phrase)}))`;
}
