import { useLingui } from "@lingui/react/macro";
import { cva } from "class-variance-authority";

const list = cva("flex flex-wrap", { variants: { size: { sm: "gap-1.5", md: "gap-2" } } });
const chip = cva("rounded-full", {
  variants: { size: { sm: "bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700", md: "bg-indigo-50 px-3 py-1 text-sm text-indigo-800" } },
});

/** A mentor's skills as chips: the card shows them small, the profile page larger. */
export function SkillList({ skills, size }: { skills: string[]; size: "sm" | "md" }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Skills`} className={list({ size })}>
      {skills.map((skill) => (
        <li key={skill} className={chip({ size })}>
          {skill}
        </li>
      ))}
    </ul>
  );
}
