import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fullDateTime, longDate } from "@/platform/dates";
import { formatRupees } from "@/platform/money";
import { clearSession } from "@/platform/session";
import { useTRPC } from "@/platform/trpc";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { FormAlert } from "@/ui/form-alert";
import { Input } from "@/ui/input";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/toast";
import type { MemberRole } from "../../shared/role";
import { ConfirmWithGoogle } from "./confirm-with-google";

/**
 * "Delete my account" on a mentee's or mentor's profile page (ADR 0042): says what happens, asks for the password (or,
 * for a mentee linked to Google, a fresh Google sign-in), and
 * asks once more before anything is done. A mentor with sessions in the next 7 days sees them and cancels them first,
 * or ticks "Cancel them for me". Afterwards every sign-in has ended: this tab forgets its session too.
 */
export function DeleteAccountCard({ role }: { role: MemberRole }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const as = { trpc: { context: { role } } };
  const overview = useQuery(trpc.privacy.deletion.overview.queryOptions(undefined, as));
  const request = useMutation(trpc.privacy.deletion.request.mutationOptions(as));
  const [password, setPassword] = useState("");
  /** A fresh Google sign-in's proof (a mentee linked to Google), used instead of the password by the next confirm. */
  const [googleProof, setGoogleProof] = useState<string | null>(null);
  const [cancelForMe, setCancelForMe] = useState(false);
  const [endNow, setEndNow] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();
  const cancelId = useId();
  const choiceName = useId();

  const data = overview.data;
  const soon = data?.soonSessions ?? [];
  const blockedBySoon = soon.length > 0 && !cancelForMe;

  const confirm = async () => {
    setError(null);
    try {
      const proof = googleProof ? { googleProof } : { password };
      const answer = await request.mutateAsync({ ...proof, cancelSoonSessions: cancelForMe, endSubscriptionsNow: endNow });
      setConfirming(false);
      clearSession(role);
      const until = longDate(answer.eraseAfter);
      toast.success(t`Your account will be deleted on ${until}. Sign in before then to keep it.`);
      const ended = answer.endedNow;
      if (ended?.refundFailed)
        toast.error(
          t`The payment provider refused the refund, so your subscription was not ended early: it runs to the end of the period already paid, with no refund.`,
        );
      else if (ended && ended.refundedPaise > 0) {
        const back = formatRupees(ended.refundedPaise);
        toast.success(t`Your subscription has ended. ${back} goes back to your card within 5 to 10 business days.`);
      } else if (ended) toast.success(t`Your subscription has ended. Every call of this period was used, so nothing is refunded.`);
      await navigate({ to: "/" });
    } catch (failure) {
      setConfirming(false);
      setGoogleProof(null);
      setError(apiError(failure)?.message ?? t`Network issue. Please try again later.`);
    }
  };

  return (
    <Card role="region" aria-labelledby="delete-account-title" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle id="delete-account-title">
          <Trans>Delete my account</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            You are signed out everywhere at once. For 14 days, signing in again restores your account; after that it is erased for good.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.isError ? (
          <LoadError what={t`what deleting your account would do`} onRetry={() => void overview.refetch()} />
        ) : overview.isPending ? (
          <Skeleton role="status" aria-label={t`Loading what deleting your account would do`} className="h-24 w-full" />
        ) : data ? (
          <>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700" data-testid="delete-account-effects">
              {data.endNow.length > 0 ? null : (
                <li>
                  {data.activeSubscriptions > 0 ? (
                    <Plural
                      value={data.activeSubscriptions}
                      one="Your # active subscription stops renewing; it runs to the end of the period already paid, with no refund."
                      other="Your # active subscriptions stop renewing; they run to the end of the periods already paid, with no refund."
                    />
                  ) : (
                    <Trans>You have no active subscription.</Trans>
                  )}
                </li>
              )}
              <li>
                {data.upcomingSessions > 0 ? (
                  <Plural
                    value={data.upcomingSessions}
                    one="Your # upcoming session is cancelled; the other person gets the usual notice."
                    other="Your # upcoming sessions are cancelled; the other person gets the usual notice."
                  />
                ) : (
                  <Trans>You have no upcoming sessions.</Trans>
                )}
              </li>
              {data.lateSessions > 0 ? (
                <li data-testid="delete-account-late">
                  <Plural
                    value={data.lateSessions}
                    one="Your # session in the next 12 hours is too close to cancel: it stays booked and your mentor expects you. Signing in to join it keeps your account."
                    other="Your # sessions in the next 12 hours are too close to cancel: they stay booked and your mentors expect you. Signing in to join them keeps your account."
                  />
                </li>
              ) : null}
              {role === "mentor" ? (
                <li>
                  <Trans>Earnings still owed to you are paid out; then your payout account is closed.</Trans>
                </li>
              ) : null}
              <li>
                <Trans>
                  Your profile, photo and contact details are erased. In conversations you appear as “Deleted user” and the text of your
                  messages is removed; your reviews keep their rating without their text. Payment records are kept without your name for
                  eight years, as the law requires.
                </Trans>
              </li>
              <li>
                <Trans>Your e-mail address can be used for a new account afterwards.</Trans>
              </li>
            </ul>
            {data.endNow.length > 0 ? <EndNowChoice quotes={data.endNow} name={choiceName} endNow={endNow} onChange={setEndNow} /> : null}
            {data.eraseAfter ? (
              <p className="text-sm text-slate-700">
                <Trans>Your account is being deleted on {fullDateTime(data.eraseAfter)}.</Trans>
              </p>
            ) : null}
            {soon.length > 0 ? (
              <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="delete-account-soon">
                <p className="font-medium text-amber-900">
                  <Trans>You have sessions booked in the next 7 days. Cancel them first, or let the deletion cancel them for you:</Trans>
                </p>
                <ul className="grid gap-1 pl-5 list-disc text-amber-900">
                  {soon.map((s) => (
                    <li key={s.slotId}>
                      {fullDateTime(s.startAt)} · {s.mentee}
                    </li>
                  ))}
                </ul>
                <label htmlFor={cancelId} className="flex items-center gap-2 text-slate-800">
                  <input id={cancelId} type="checkbox" checked={cancelForMe} onChange={(e) => setCancelForMe(e.target.checked)} />
                  <Trans>Cancel them for me (each mentee gets the usual notice)</Trans>
                </label>
              </div>
            ) : null}
            {data.hasPassword ? (
              <form
                noValidate
                className="grid gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  setError(null);
                  if (!password) setError(t`Enter your password to delete your account`);
                  else setConfirming(true);
                }}
              >
                <label htmlFor={passwordId} className="grid gap-1 text-sm font-medium text-slate-800">
                  <Trans>Your password</Trans>
                  <Input
                    id={passwordId}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </label>
                <FormAlert message={error} />
                <div>
                  <Button type="submit" variant="destructive" disabled={blockedBySoon}>
                    <Trans>Delete my account</Trans>
                  </Button>
                </div>
              </form>
            ) : null}
            {data.hasGoogle ? (
              <ConfirmWithGoogle
                disabled={blockedBySoon}
                onRefused={setError}
                onProof={(proof) => {
                  setGoogleProof(proof);
                  setConfirming(true);
                }}
              />
            ) : null}
            {!data.hasPassword && data.hasGoogle ? <FormAlert message={error} /> : null}
            {!data.hasPassword && !data.hasGoogle ? (
              <p className="text-sm text-slate-700" data-testid="delete-account-set-password">
                <Trans>
                  Your account signs in with Google only. To delete it, first set a password (“Forgot password” on the sign-in page sends
                  you a code), then come back here.
                </Trans>
              </p>
            ) : null}
          </>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          // Kept only for the confirm it was asked for: "Keep my account" forgets it.
          if (!open) setGoogleProof(null);
        }}
        title={t`Delete your account?`}
        description={t`You will be signed out everywhere now. If you do not sign in within 14 days, your account is erased and this cannot be undone.`}
        confirmLabel={t`Delete my account`}
        keepLabel={t`Keep my account`}
        destructive
        pending={request.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}

/** What "End it now" would give back for one running subscription, as the server worked it out. */
type EndNowQuote = RouterOutputs["privacy"]["deletion"]["overview"]["endNow"][number];

/**
 * A mentee's running subscriptions at deletion (ADR 0042): kept to the period's end (the default), or ended now with the
 * unused calls of the period refunded. The amount is the server's, so what she reads is what comes back.
 */
function EndNowChoice({
  quotes,
  name,
  endNow,
  onChange,
}: {
  quotes: EndNowQuote[];
  name: string;
  endNow: boolean;
  onChange: (v: boolean) => void;
}) {
  const total = quotes.reduce((sum, q) => sum + q.refundPaise, 0);
  const back = formatRupees(total);
  const periodEnd = quotes.length === 1 && quotes[0].periodEnd ? longDate(quotes[0].periodEnd) : null;
  return (
    <fieldset className="grid gap-2 rounded-md border border-slate-300 p-3 text-sm" data-testid="delete-account-subscriptions">
      <legend className="px-1 font-medium text-slate-800">
        <Trans>Your subscription</Trans>
      </legend>
      <ul className="grid gap-1 text-slate-700">
        {quotes.map((q) => (
          <li key={q.enrollmentId}>
            <Trans>
              {q.mentorName}: {q.callsLeft} of {q.callsPerPeriod} calls left in this period
            </Trans>
          </li>
        ))}
      </ul>
      <label className="flex items-start gap-2 text-slate-800">
        <input
          type="radio"
          name={name}
          className="mt-1"
          checked={!endNow}
          onChange={() => onChange(false)}
          data-testid="delete-account-keep"
        />
        <span>
          {periodEnd ? (
            <Trans>Keep it until {periodEnd}: it stops renewing, with no refund.</Trans>
          ) : (
            <Trans>Keep them until their periods end: they stop renewing, with no refund.</Trans>
          )}
        </span>
      </label>
      <label className="flex items-start gap-2 text-slate-800">
        <input
          type="radio"
          name={name}
          className="mt-1"
          checked={endNow}
          onChange={() => onChange(true)}
          data-testid="delete-account-end-now"
        />
        <span>
          <Trans>End it now and get back the unused calls.</Trans>{" "}
          <strong data-testid="delete-account-refund">
            {total > 0 ? (
              <Trans>{back} back to your card</Trans>
            ) : (
              <Trans>Every call of this period is used, so nothing is refunded.</Trans>
            )}
          </strong>
        </span>
      </label>
    </fieldset>
  );
}
