import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { MailCheck, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { Button } from "../ui/button";

const DISMISSED_KEY = "verifyEmailBannerDismissed";

/** Hiding the banner lasts for this tab's session; every banner on the page hears of it. */
const hidden = new Set<() => void>();
const onHidden = (listener: () => void) => {
  hidden.add(listener);
  return () => void hidden.delete(listener);
};
// Hidden by this person only: someone else signing in on the tab sees her own reminder (ADR 0030).
const hiddenFor = (who: string) => sessionStorage.getItem(DISMISSED_KEY) === who;

/**
 * "Verify your e-mail": a banner, not a wall, for a signed-in mentee or mentor whose
 * address was never proven. It mails a link; hiding it lasts for this tab's session.
 */
export function VerifyEmailBanner({ role }: { role: "mentee" | "mentor" }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const status = useQuery(trpc.email.status.queryOptions(undefined, { trpc: { context: { role } }, staleTime: 60_000 }));
  const send = useMutation(trpc.email.sendVerification.mutationOptions({ trpc: { context: { role } } }));
  // A page the Worker draws cannot know what this tab hid: it draws the banner, and the tab's own answer
  // follows at once when the app takes the page over (as a second render, not a mismatch).
  const who = `${role}:${useSession(role)?.id ?? ""}`;
  const dismissed = useSyncExternalStore(
    onHidden,
    () => hiddenFor(who),
    () => false,
  );

  if (dismissed || !status.data || status.data.verified) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, who);
    for (const listener of hidden) listener();
  };
  const email = status.data.email;
  const failure = send.isError ? (apiError(send.error)?.message ?? t`Network issue. Please try again later.`) : null;

  return (
    <section aria-label={t`Confirm your e-mail address`} className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm text-amber-950">
        <MailCheck aria-hidden className="size-4 shrink-0" />
        <p className="min-w-0 flex-1 basis-60">
          <Trans>
            Confirm that <strong className="break-all">{email}</strong> is yours, so only you can reset the password or sign in with Google.
          </Trans>
        </p>
        <p role="status" className="basis-full text-xs sm:basis-auto">
          {send.isSuccess ? translateServerMessage(send.data.message) : failure}
        </p>
        {send.isSuccess ? null : (
          <Button type="button" size="sm" variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? t`Sending…` : t`Mail me a link`}
          </Button>
        )}
        <Button type="button" size="icon-sm" variant="ghost" aria-label={t`Hide for now`} onClick={dismiss}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
    </section>
  );
}
