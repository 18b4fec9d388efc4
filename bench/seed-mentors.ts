import { createClient } from "@libsql/client";

const firstNames = [
  "Aarav",
  "Diya",
  "Kabir",
  "Meera",
  "Rohan",
  "Isha",
  "Vihaan",
  "Anika",
  "Arjun",
  "Sara",
  "Nikhil",
  "Pooja",
  "Zoya",
  "Dev",
  "Tara",
];
const lastNames = ["Sharma", "Iyer", "Khan", "Reddy", "Das", "Menon", "Gupta", "Nair", "Bose", "Patel"];
const titles = ["Software Engineer", "Product Manager", "Data Scientist", "Designer", "Engineering Manager", "DevOps Engineer", "Founder"];
const firms = ["Google", "Flipkart", "Razorpay", "Swiggy", "Infosys", "Zoho", "Microsoft", "Amazon", "Freshworks"];
const skills = [
  "React",
  "Go",
  "Python",
  "System Design",
  "Machine Learning",
  "SQL",
  "Kubernetes",
  "Product Strategy",
  "Figma",
  "Leadership",
  "Rust",
  "Java",
  "Interviews",
  "Data Engineering",
];
const rupees = [500, 800, 999, 1000, 1500, 2000, 2400, 3000, 4500, 5000, 6000, 9000, 15000];

/** Inserts `count` approved mentors with skills and ratings, deterministic for a given count. */
export async function seedMentors(dbUrl: string, count: number): Promise<void> {
  const client = createClient({ url: dbUrl });
  const pick = <T>(list: T[], i: number) => list[i % list.length];
  const batchSize = 250;
  for (let start = 0; start < count; start += batchSize) {
    const statements = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const id = `bench-${i}`;
      const ratingCount = i % 7;
      statements.push({
        sql: `insert into mentors (id, first_name, last_name, email, phone, password_hash, job_title, firm_name, bio, educational_qualification,
              hourly_rate_paise, status, is_blocked, rating_sum, rating_count, created_at)
              values (?, ?, ?, ?, '9876543210', 'x', ?, ?, ?, 'B.Tech', ?, 'approved', ?, ?, ?, ?)`,
        args: [
          id,
          pick(firstNames, i),
          pick(lastNames, i * 7),
          `${id}@bench.test`,
          pick(titles, i * 3),
          pick(firms, i * 5),
          `Mentor ${i}: ${pick(titles, i)} at ${pick(firms, i)} helping with ${pick(skills, i)} and ${pick(skills, i + 5)}.`,
          pick(rupees, i * 11) * 100,
          i % 50 === 0 ? 1 : 0,
          ratingCount * (1 + (i % 5)),
          ratingCount,
          Date.now(),
        ],
      });
      for (let s = 0; s < 3; s++) {
        const name = pick(skills, i + s * 4);
        statements.push({
          sql: "insert or ignore into mentor_skills (id, mentor_id, name, skill_key, created_at) values (?, ?, ?, ?, ?)",
          args: [`${id}-s${s}`, id, name, name.toLowerCase(), Date.now() + s],
        });
      }
    }
    await client.batch(statements, "write");
  }
  client.close();
}
