/** The demo accounts and content `npm run dev` seeds (listed in the README). */

export const demoMentees = [
  { email: "mentee@example.com", firstName: "Priya", lastName: "Sharma", phone: "9876543210", bio: "Frontend developer moving into product." },
  { email: "rahul.mentee@example.com", firstName: "Rahul", lastName: "Verma", phone: "9123456780", bio: "Final-year CS student." },
  { email: "sara.mentee@example.com", firstName: "Sara", lastName: "Khan", phone: "8123456789", bio: "Data analyst learning ML." },
];

export const demoModerator = { email: "moderator@example.com", firstName: "Meera", lastName: "Iyer" };

type DemoMentor = {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  firmName: string;
  location: string;
  rupees: number;
  skills: string[];
  shortBio?: string;
  bio: string;
  education: string;
  /** Ratings given by the demo mentees, in order; each becomes a review. */
  ratings: number[];
  status?: "pending";
};

export const demoMentors: DemoMentor[] = [
  { email: "mentor@example.com", firstName: "Asha", lastName: "Rao", jobTitle: "Senior Software Engineer", firmName: "Google", location: "Bengaluru", rupees: 2400, skills: ["React", "TypeScript", "System Design", "Interviews"], shortBio: "Frontend architect, 10 years building products used by millions.", bio: "I have spent ten years building large web applications and mentoring engineers through interviews and promotions.", education: "B.Tech, IIT Madras", ratings: [5, 5, 4] },
  { email: "vikram.mentor@example.com", firstName: "Vikram", lastName: "Nair", jobTitle: "Engineering Manager", firmName: "Microsoft", location: "Hyderabad", rupees: 6000, skills: ["Leadership", "Career Growth", "Distributed Systems"], shortBio: "From engineer to manager: I help you make the jump.", bio: "Engineering manager leading platform teams; I coach new managers and senior engineers.", education: "M.Tech, IISc", ratings: [5, 4] },
  { email: "neha.mentor@example.com", firstName: "Neha", lastName: "Gupta", jobTitle: "Product Manager", firmName: "Flipkart", location: "Bengaluru", rupees: 1500, skills: ["Product Management", "Roadmaps", "User Research"], bio: "Product manager with a background in consumer e-commerce. I help engineers and designers move into product.", education: "MBA, IIM Ahmedabad", ratings: [4, 4, 3] },
  { email: "arjun.mentor@example.com", firstName: "Arjun", lastName: "Mehta", jobTitle: "Data Scientist", firmName: "Swiggy", location: "Mumbai", rupees: 800, skills: ["Python", "Machine Learning", "SQL", "Statistics"], shortBio: "Practical ML for analysts and developers.", bio: "I build recommendation and forecasting models; I mentor analysts moving into data science.", education: "M.Sc Statistics, ISI Kolkata", ratings: [5] },
  { email: "kavya.mentor@example.com", firstName: "Kavya", lastName: "Reddy", jobTitle: "UX Designer", firmName: "Razorpay", location: "Bengaluru", rupees: 950, skills: ["UX Design", "Figma", "Design Systems"], bio: "Product designer focused on fintech; portfolio reviews and design critiques.", education: "B.Des, NID", ratings: [3, 4] },
  { email: "rohan.mentor@example.com", firstName: "Rohan", lastName: "Kapoor", jobTitle: "Staff Engineer", firmName: "Amazon", location: "Remote", rupees: 8000, skills: ["AWS", "System Design", "Go", "Kubernetes"], shortBio: "Staff engineer, cloud infrastructure at scale.", bio: "Staff engineer working on cloud infrastructure. I help with system design interviews and technical leadership.", education: "B.E., BITS Pilani", ratings: [5, 5, 5] },
  { email: "ananya.mentor@example.com", firstName: "Ananya", lastName: "Bose", jobTitle: "DevOps Engineer", firmName: "Atlassian", location: "Pune", rupees: 1200, skills: ["DevOps", "CI/CD", "Docker", "Linux"], bio: "DevOps engineer automating delivery pipelines; I mentor people starting in infrastructure.", education: "B.Tech, NIT Trichy", ratings: [4] },
  { email: "farhan.mentor@example.com", firstName: "Farhan", lastName: "Ali", jobTitle: "Mobile Developer", firmName: "Zomato", location: "Gurugram", rupees: 3000, skills: ["Android", "Kotlin", "Flutter"], shortBio: "Shipping mobile apps to tens of millions of users.", bio: "Android lead; I help developers build and ship their first production app.", education: "B.Tech, DTU", ratings: [2, 3] },
  { email: "ishita.mentor@example.com", firstName: "Ishita", lastName: "Jain", jobTitle: "Security Engineer", firmName: "Cisco", location: "Bengaluru", rupees: 4500, skills: ["Security", "Penetration Testing", "Networking"], bio: "Application security engineer; I mentor developers on secure coding and security careers.", education: "M.Tech, IIIT Hyderabad", ratings: [] },
  { email: "dev.mentor@example.com", firstName: "Dev", lastName: "Malhotra", jobTitle: "Founder & CTO", firmName: "Finlytics", location: "Delhi", rupees: 12000, skills: ["Startups", "Fundraising", "Architecture"], shortBio: "Two-time founder; from idea to Series A.", bio: "Founder and CTO; I help engineers start companies and early teams make architecture decisions.", education: "B.Tech, IIT Delhi", ratings: [5, 4] },
  { email: "lakshmi.mentor@example.com", firstName: "Lakshmi", lastName: "Menon", jobTitle: "Backend Engineer", firmName: "Zerodha", location: "Bengaluru", rupees: 500, skills: ["Go", "PostgreSQL", "APIs"], bio: "Backend engineer on trading systems; I help students land their first backend role.", education: "B.Tech, CET Trivandrum", ratings: [4, 5] },
  { email: "sanjay.mentor@example.com", firstName: "Sanjay", lastName: "Pillai", jobTitle: "QA Lead", firmName: "Infosys", location: "Chennai", rupees: 2200, skills: ["Testing", "Automation", "Playwright"], bio: "QA lead building test automation; I mentor manual testers moving to automation.", education: "MCA, Anna University", ratings: [3] },
  { email: "tanvi.mentor@example.com", firstName: "Tanvi", lastName: "Desai", jobTitle: "Data Engineer", firmName: "Uber", location: "Hyderabad", rupees: 5000, skills: ["Spark", "Data Pipelines", "SQL"], shortBio: "Big data pipelines without the big headaches.", bio: "Data engineer building streaming pipelines; I mentor analysts and backend engineers moving into data engineering.", education: "B.Tech, VIT", ratings: [4, 4] },
  { email: "pending.one@example.com", firstName: "Karan", lastName: "Singh", jobTitle: "Frontend Developer", firmName: "Paytm", location: "Noida", rupees: 1000, skills: ["Vue", "JavaScript"], bio: "Frontend developer applying to mentor juniors.", education: "B.Sc Computer Science", ratings: [], status: "pending" },
  { email: "pending.two@example.com", firstName: "Divya", lastName: "Pandey", jobTitle: "ML Engineer", firmName: "Ola", location: "Bengaluru", rupees: 3500, skills: ["Deep Learning", "PyTorch"], bio: "ML engineer applying to mentor on deep learning.", education: "M.Tech, IIT Bombay", ratings: [], status: "pending" },
];

export const reviewTexts: Record<number, string[]> = {
  5: ["Incredibly helpful session, clear and practical advice.", "Best mentoring I have had — I got the offer!", "Knows the field deeply and explains it simply."],
  4: ["Very useful, a few topics could have gone deeper.", "Good guidance and actionable next steps."],
  3: ["Decent session, but it felt a bit rushed.", "Some useful pointers."],
  2: ["Not what I expected; the advice was too generic."],
  1: ["Did not help."],
};
