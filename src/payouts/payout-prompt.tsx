import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Wallet } from "lucide-react";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";

/** The next step as a sentence (Stripe-derived steps come without a full stop). */
const sentence = (text: string) => (/[.!?।]$/.test(text) ? text : `${text}.`);

/** The mentor dashboard's nudge while his payout account is not ready: what to do next, and the way to the Earnings page. Nothing once ready (or while unknown). */
export function PayoutPrompt() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const account = useQuery(trpc.payouts.account.queryOptions());
  const a = account.data;
  if (!a || a.state === "ready") return null;
  const held = formatRupees(a.heldPaise);
  return (
    <aside
      aria-labelledby="payout-prompt-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
      data-testid="payout-prompt"
    >
      <Wallet aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 id="payout-prompt-title" className="font-semibold text-amber-950">
          <Trans>Get paid for your mentoring</Trans>
        </h2>
        <p className="text-sm text-amber-950">
          {a.nextStep != null ? sentence(translateServerMessage(a.nextStep)) : t`Finish setting up your payout account.`}
          {a.heldPaise > 0 ? ` ${t`${held} is waiting for you.`}` : ""}
        </p>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/mentors/earnings">
          <Trans>Set up payouts</Trans>
        </Link>
      </Button>
    </aside>
  );
}
