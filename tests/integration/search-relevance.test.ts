import { beforeAll, describe, expect, it } from "vitest";
import { conversations, mentorSkills, messages } from "../../db/schema";
import { createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";

/**
 * Search relevance: a set of mentors made here, and the queries people type with the
 * mentors that must come first. The mentors charge ₹90,000 an hour and up, and every search asks
 * for the range above ₹5000, so the demo data and other tests' mentors hardly come into the lists;
 * the checks look only at this file's mentors, in the order the search gives them.
 */

type Spec = { firstName: string; lastName: string; jobTitle: string; bio: string; skills: string[] };
const people = {
  sana: {
    firstName: "Sana",
    lastName: "Kapadia",
    jobTitle: "Staff Engineer",
    bio: "Backend architecture reviews.",
    skills: ["System Design", "Distributed Systems"],
  },
  dev: {
    firstName: "Devesh",
    lastName: "Raorane",
    jobTitle: "Principal Engineer",
    bio: "Scaling services for millions.",
    skills: ["System Design", "Java"],
  },
  uma: {
    firstName: "Umaira",
    lastName: "Iyengar",
    jobTitle: "UX Designer",
    bio: "I design systems for delightful products and teach design thinking.",
    skills: ["Figma", "UX Research"],
  },
  arjun: {
    firstName: "Arjunan",
    lastName: "Mehtani",
    jobTitle: "ML Engineer",
    bio: "Models in production.",
    skills: ["Machine Learning", "Python"],
  },
  pia: {
    firstName: "Piali",
    lastName: "Sharmin",
    jobTitle: "Data Analyst",
    bio: "Practical ML for product teams.",
    skills: ["Statistics"],
  },
  neha: {
    firstName: "Nehal",
    lastName: "Joshiya",
    jobTitle: "Research Scientist",
    bio: "Papers and mentoring.",
    skills: ["Artificial Intelligence", "Deep Learning"],
  },
  rohan: {
    firstName: "Rohanth",
    lastName: "Guptara",
    jobTitle: "Product Manager",
    bio: "From idea to launch.",
    skills: ["Product Management", "Roadmaps"],
  },
  kiran: { firstName: "Kiranmai", lastName: "Dasari", jobTitle: "Data Engineer", bio: "Pipelines and warehouses.", skills: ["SQL", "dbt"] },
  meera: { firstName: "Meeral", lastName: "Nairobi", jobTitle: "Database Administrator", bio: "Tuning queries.", skills: ["PostgreSQL"] },
  tara: {
    firstName: "Tarini",
    lastName: "Boseman",
    jobTitle: "Frontend Engineer",
    bio: "Interfaces people enjoy.",
    skills: ["React", "TypeScript", "JavaScript"],
  },
  vikram: {
    firstName: "Vikrant",
    lastName: "Senapati",
    jobTitle: "Backend Engineer",
    bio: "I sometimes review React code.",
    skills: ["Go"],
  },
  ishaan: {
    firstName: "Ishaanvi",
    lastName: "Roychow",
    jobTitle: "Platform Engineer",
    bio: "Clusters and cloud.",
    skills: ["Kubernetes", "Terraform", "AWS"],
  },
  lena: {
    firstName: "Lenora",
    lastName: "Fernandes",
    jobTitle: "Product Designer",
    bio: "Research-led work.",
    skills: ["User Experience", "Prototyping"],
  },
  zubin: {
    firstName: "Zubin",
    lastName: "Khatriwala",
    jobTitle: "Engineering Manager",
    bio: "Growing teams.",
    skills: ["Leadership", "Hiring"],
  },
  asha: {
    firstName: "Ashalata",
    lastName: "Pillaiyar",
    jobTitle: "Computer Vision Engineer",
    bio: "Cameras that understand.",
    skills: ["OpenCV", "PyTorch"],
  },
  farhan: {
    firstName: "Farhaan",
    lastName: "Alikhan",
    jobTitle: "Data Scientist",
    bio: "Experiments and insight.",
    skills: ["Data Science", "Pandas"],
  },
  gita: {
    firstName: "Gitanjali",
    lastName: "Menonia",
    jobTitle: "Consultant",
    bio: "Workshops on product strategy for founders.",
    skills: ["Coaching"],
  },
  hari: {
    firstName: "Harihar",
    lastName: "Nandan",
    jobTitle: "Consultant",
    bio: "Strategy sessions for product teams and founders.",
    skills: ["Coaching"],
  },
} satisfies Record<string, Spec>;
type Key = keyof typeof people;

/**
 * Each query: `first` are the mentors (of this file) that must lead, in any order among
 * themselves; `then` are ones that must also be found, after them.
 */
const cases: [query: string, first: Key[], then?: Key[]][] = [
  // Skill matches above bio and title mentions.
  ["system design", ["sana", "dev"], ["uma"]],
  ["System Design", ["sana", "dev"], ["uma"]],
  ["react", ["tara"], ["vikram"]],
  ["python", ["arjun"]],
  ["figma", ["uma"]],
  ["leadership", ["zubin"]],
  ["statistics", ["pia"]],
  ["ux research", ["uma"]],
  ["deep learning", ["neha"]],
  ["data science", ["farhan"]],
  ["distributed systems", ["sana"]],
  ["frontend", ["tara"]],
  // Short terms and abbreviations, both ways.
  ["ML", ["arjun"], ["pia"]],
  ["ml", ["arjun"], ["pia"]],
  ["machine learning", ["arjun"], ["pia"]],
  ["Practical ML", ["pia"]],
  ["AI", ["neha"]],
  ["artificial intelligence", ["neha"]],
  ["PM", ["rohan"]],
  ["product management", ["rohan"]],
  ["SQL", ["kiran"], ["meera"]],
  ["postgresql", ["meera"]],
  ["UX", ["lena"], ["uma"]],
  ["user experience", ["lena"], ["uma"]],
  ["k8s", ["ishaan"]],
  ["aws", ["ishaan"]],
  ["amazon web services", ["ishaan"]],
  ["CV", ["asha"]],
  ["computer vision", ["asha"]],
  ["ds", ["farhan"]],
  ["js", ["tara"]],
  // Names and prefixes.
  ["Zubin Khatriwala", ["zubin"]],
  ["khatriwala", ["zubin"]],
  ["kube", ["ishaan"]],
  ["typescr", ["tara"]],
  // Typos, through the trigram index.
  ["javscript", ["tara"]],
  ["kubernets", ["ishaan"]],
  ["kuberntes", ["ishaan"]],
  ["typscript", ["tara"]],
  ["pythn", ["arjun"]],
  ["terrafrom", ["ishaan"]],
  ["reactjs", ["tara"]],
  // The exact phrase before the same words apart.
  ["product strategy", ["gita"], ["hari"]],
];

const ids: Record<Key, string> = {} as Record<Key, string>;
const keyOf = new Map<string, Key>();
const RATE = 9_000_000; // ₹90,000 an hour

/** This file's mentors in the order the search (range "top": above ₹5000) lists them. */
async function ranked(query: string): Promise<Key[]> {
  const found = await trpc().mentors.search.query({ search: query, range: "top", limit: 50 });
  return found.map((m) => keyOf.get(m.id)).filter((k): k is Key => k !== undefined);
}

describe("search relevance", () => {
  beforeAll(async () => {
    let i = 0;
    for (const [key, { skills, ...spec }] of Object.entries(people) as [Key, Spec][]) {
      const mentor = await createMentor({ ...spec, firmName: "Relevance Labs", hourlyRatePaise: RATE + 100 * i++ });
      const base = Date.now();
      await testDb()
        .insert(mentorSkills)
        .values(skills.map((name, j) => ({ mentorId: mentor.id, name, skillKey: name.toLowerCase(), createdAt: new Date(base + j) })));
      ids[key] = mentor.id;
      keyOf.set(mentor.id, key);
    }
  });

  it("has at least 30 queries", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("%s", async (query, first, then = []) => {
    const order = await ranked(query);
    expect(new Set(order.slice(0, first.length)), `order: ${order.join(", ")}`).toEqual(new Set(first));
    for (const key of then) {
      expect(order.indexOf(key), `${key} in ${order.join(", ")}`).toBeGreaterThanOrEqual(first.length);
    }
  });

  it("ranks a UX designer whose bio uses both words below every mentor with the skill", async () => {
    const order = await ranked("system design");
    expect(order.indexOf("uma")).toBeGreaterThan(Math.max(order.indexOf("sana"), order.indexOf("dev")));
  });

  it("sorts the same matches by price both ways and by rating", async () => {
    const priced = async (sort: "price-asc" | "price-desc") =>
      (await trpc().mentors.search.query({ search: "consultant", range: "top", sort, limit: 50 }))
        .filter((m) => keyOf.has(m.id))
        .map((m) => keyOf.get(m.id));
    expect(await priced("price-asc")).toEqual(["gita", "hari"]);
    expect(await priced("price-desc")).toEqual(["hari", "gita"]);
  });

  it("sorts by chat response time (average reply, mentors who never replied last) and shows it on the card", async () => {
    const mentee = await createMentee();
    const t0 = Date.UTC(2026, 0, 5, 9);
    const minute = 60_000;
    // Gita answers after 2 hours; Hari after 10 and 20 minutes (a second question); Rohan never replied.
    const thread = async (mentor: Key, lines: [who: "mentee" | "mentor", atMinute: number][]) => {
      const [c] = await testDb().insert(conversations).values({ menteeId: mentee.id, mentorId: ids[mentor] }).returning();
      for (const [who, at] of lines) {
        await testDb()
          .insert(messages)
          .values({
            conversationId: c.id,
            senderType: who,
            senderId: who === "mentee" ? mentee.id : ids[mentor],
            content: "Hello",
            createdAt: new Date(t0 + at * minute),
          });
      }
    };
    await thread("gita", [
      ["mentee", 0],
      ["mentee", 5],
      ["mentor", 120],
      ["mentor", 121],
    ]);
    await thread("hari", [
      ["mentee", 0],
      ["mentor", 10],
      ["mentee", 30],
      ["mentor", 50],
    ]);
    await thread("rohan", [["mentee", 0]]);
    const found = await trpc().mentors.search.query({ search: "", range: "top", sort: "response", limit: 50 });
    const mine = found.filter((m) => keyOf.has(m.id));
    expect(mine.slice(0, 2).map((m) => keyOf.get(m.id))).toEqual(["hari", "gita"]);
    expect(mine.slice(0, 2).map((m) => m.typicalReplyMinutes)).toEqual([15, 120]);
    expect(mine.find((m) => m.id === ids.rohan)?.typicalReplyMinutes).toBeNull();
  });

  it("leaves out a typo's look-alikes that share too little", async () => {
    expect(await ranked("qwzx")).toEqual([]);
    expect(await ranked("zzyzx design")).toEqual([]);
  });
});
