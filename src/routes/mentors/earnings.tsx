import { createFileRoute } from "@tanstack/react-router";
import { EarningsPage } from "@/payouts/earnings-page";
import { useOnboardingReturn } from "@/payouts/use-onboarding-return";

type Search = { month?: string; onboarding?: "return" | "refresh" };

const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;

export const Route = createFileRoute("/mentors/earnings")({
  validateSearch: (s: Record<string, unknown>): Search => ({
    ...(typeof s.month === "string" && MONTH.test(s.month) ? { month: s.month } : {}),
    ...(s.onboarding === "return" || s.onboarding === "refresh" ? { onboarding: s.onboarding } : {}),
  }),
  component: Earnings,
});

function Earnings() {
  const { month, onboarding } = Route.useSearch();
  const navigate = Route.useNavigate();
  useOnboardingReturn(onboarding, () => void navigate({ search: (prev) => ({ month: prev.month }), replace: true }));
  return <EarningsPage month={month} />;
}
