import { describe, expect, it } from "vitest";
import { searchTerms } from "../../worker/search/search-terms";

describe("searchTerms", () => {
  it("is null without letters or digits", () => {
    expect(searchTerms("")).toBeNull();
    expect(searchTerms(' *"() ')).toBeNull();
  });

  it("requires every word, longer words as prefixes, short ones whole", () => {
    expect(searchTerms("System  design")).toMatchObject({
      words: '"system"* AND "design"*',
      phrase: '"system design"*',
      skill: "system design",
      similarSkills: [],
    });
    expect(searchTerms("go")?.words).toBe('"go"');
  });

  it("expands an abbreviation to its long forms, and a long form to the abbreviation only", () => {
    expect(searchTerms("ML")).toMatchObject({ words: '("ml" OR "machine learning"*)', skill: "ml", similarSkills: ["machine learning"] });
    expect(searchTerms("machine learning")).toMatchObject({ words: '("machine learning"* OR "ml")', similarSkills: ["ml"] });
    expect(searchTerms("PM")?.similarSkills).toEqual(["product manager", "product management"]);
    expect(searchTerms("sql")?.words).toBe('("sql"* OR "postgresql"* OR "mysql"* OR "sqlite"*)');
    expect(searchTerms("postgresql")?.words).toBe('"postgresql"*');
    expect(searchTerms("practical ml")).toMatchObject({
      words: '"practical"* AND ("ml" OR "machine learning"*)',
      phrase: '"practical ml"*',
    });
  });

  it("gives each word of 3+ letters its trigrams and a threshold of half of them", () => {
    expect(searchTerms("kubernets")?.fuzzyWords).toEqual([{ trigrams: ["kub", "ube", "ber", "ern", "rne", "net", "ets"], min: 4 }]);
    expect(searchTerms("ml ops")?.fuzzyWords).toEqual([{ trigrams: ["ops"], min: 1 }]);
  });

  it("quotes what FTS5 would read as syntax", () => {
    const terms = searchTerms('NEAR(a b) OR "x" col:value');
    expect(terms?.words).toBe('"near"* AND "a" AND "b" AND "or" AND "x" AND "col"* AND "value"*');
  });
});
