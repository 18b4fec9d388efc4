import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fromNow, fullDateTime } from "@/platform/dates";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { ListEmpty, ListError, ListLoading, Pager, useErrorToast } from "./list-states";

type Backlog = RouterOutputs["moderation"]["backgroundBacklog"];
type Parked = RouterOutputs["moderation"]["parkedWork"]["items"][number];

/** One figure of the backlog: its name and its value in words. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function LaneFigures({ lane }: { lane: Backlog["mail"][number] }) {
  const { t } = useLingui();
  const now = useNow();
  const oldest = lane.oldestWaitingSince;
  const title = lane.lane === "urgent" ? t`Urgent mail (codes, links, booking changes)` : t`Bulk mail (welcome, receipts, reminders)`;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <dl className="grid gap-3">
          <Figure label={t`Waiting to be sent`}>
            {lane.waiting === 0 ? (
              <Trans>None</Trans>
            ) : oldest ? (
              <>
                <Plural value={lane.waiting} one="# message" other="# messages" /> ·{" "}
                <Trans>the oldest written {fromNow(oldest, now)}</Trans>
              </>
            ) : (
              <Plural value={lane.waiting} one="# message" other="# messages" />
            )}
          </Figure>
          <Figure label={t`Failing now (tried again with a growing wait)`}>
            {lane.failing === 0 ? <Trans>None</Trans> : <Plural value={lane.failing} one="# message" other="# messages" />}
          </Figure>
          <Figure label={t`Sent in the last hour`}>
            <Plural value={lane.sentLastHour} one="# message" other="# messages" />
          </Figure>
        </dl>
      </CardContent>
    </Card>
  );
}

function BacklogFigures({ backlog }: { backlog: Backlog }) {
  const { t } = useLingui();
  const now = useNow();
  const oldestDue = backlog.reminders.oldestDueAt;
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {backlog.mail.map((lane) => (
        <LaneFigures key={lane.lane} lane={lane} />
      ))}
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h3 className="font-semibold text-slate-900">
            <Trans>Session reminders and parked work</Trans>
          </h3>
          <dl className="grid gap-3">
            <Figure label={t`Reminders planned, not sent yet`}>
              {backlog.reminders.planned === 0 ? (
                <Trans>None</Trans>
              ) : (
                <>
                  <Plural value={backlog.reminders.planned} one="# reminder" other="# reminders" />
                  {oldestDue ? (
                    <>
                      {" "}
                      · <Trans>the earliest due {fromNow(oldestDue, now)}</Trans>
                    </>
                  ) : null}
                </>
              )}
            </Figure>
            <Figure label={t`Parked after their last attempt`}>
              {backlog.parked === 0 ? <Trans>None</Trans> : <Plural value={backlog.parked} one="# item" other="# items" />}
            </Figure>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

/** What a parked item was, in a sentence, and what the confirmation asks. */
function useDescribe() {
  const { t } = useLingui();
  return (item: Parked) => {
    if (item.kind === "mail" && item.mail) {
      const to = item.mail.to;
      return {
        title: t`E-mail to ${to}`,
        question: t`Send this e-mail to ${to} again?`,
        action: t`Send the e-mail to ${to} again`,
      };
    }
    if (item.kind === "reminder" && item.reminder) {
      const mentee = item.reminder.mentee ?? t`a mentee`;
      const mentor = item.reminder.mentor ?? t`a mentor`;
      const when = fullDateTime(item.reminder.startAt);
      return {
        title: t`Reminder of the session of ${mentee} with ${mentor}`,
        question: t`Send the reminder of the session of ${mentee} with ${mentor} on ${when} again?`,
        action: t`Send the reminder of the session of ${mentee} with ${mentor} again`,
      };
    }
    return { title: t`Parked item`, question: null, action: null };
  };
}

function ParkedItem({ item, onReplay }: { item: Parked; onReplay: (item: Parked) => void }) {
  const { t } = useLingui();
  const { title, action } = useDescribe()(item);
  const mail = item.kind === "mail" ? item.mail : null;
  const reminder = item.kind === "reminder" ? item.reminder : null;
  const parkedAt = fullDateTime(item.parkedAt);
  return (
    <li>
      <Card aria-label={title}>
        <CardContent className="grid gap-3 pt-6 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {mail ? (mail.lane === "urgent" ? t`Urgent e-mail` : t`Bulk e-mail`) : reminder ? t`Session reminder` : t`Unknown work`}
            </span>
            <span className="text-slate-600">
              <Trans>Parked {parkedAt}</Trans>
            </span>
          </div>
          <p className="break-words font-medium text-slate-900">{title}</p>
          <dl className="grid gap-2 sm:grid-cols-2">
            {mail ? (
              <>
                <Figure label={t`Subject`}>
                  <span className="break-words">{mail.subject}</span>
                </Figure>
                <Figure label={t`Attempts`}>{mail.attempts}</Figure>
                <Figure label={t`Last error`}>
                  <span className="break-words font-normal">{mail.lastError ?? t`None recorded`}</span>
                </Figure>
              </>
            ) : null}
            {reminder ? (
              <>
                <Figure label={t`Session`}>{fullDateTime(reminder.startAt)}</Figure>
                <Figure label={t`Reminder`}>{reminder.kind === "1h" ? t`One hour before` : t`A day before`}</Figure>
                <Figure label={t`Attempts`}>{item.attempts}</Figure>
              </>
            ) : null}
          </dl>
          {mail?.sensitive ? (
            <p className="rounded-md bg-slate-100 p-3 text-slate-800">
              <Trans>
                This e-mail carried a one-time code or link, which was removed when it was parked, so it cannot be sent again. The person
                asks for a new code or link.
              </Trans>
            </p>
          ) : action ? (
            <div>
              <Button onClick={() => onReplay(item)} className="max-w-full">
                <span aria-hidden="true">
                  <Trans>Send again</Trans>
                </span>
                <span className="sr-only">{action}</span>
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * The moderator's view of the background work (ADR 0031): what waits in each queue, what is failing, and what was
 * parked after its last attempt, each with "Send again", which asks first and says what came of it.
 */
export function BackgroundWork() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<Parked | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const backlog = useQuery(trpc.moderation.backgroundBacklog.queryOptions());
  const parked = useQuery({
    ...trpc.moderation.parkedWork.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(backlog.isError || parked.isError, t`Error Fetching Background Work`);
  const replay = useMutation(
    trpc.moderation.replayParked.mutationOptions({
      onSuccess: async (result) => {
        const text = translateServerMessage(result.message);
        setOutcome({ ok: true, text });
        toast.success(text);
        setAsking(null);
        await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      },
      onError: async (error) => {
        const text = apiError(error)?.message ?? t`Something went wrong`;
        setOutcome({ ok: false, text });
        toast.error(t`Not sent again`, { description: text });
        setAsking(null);
        await queryClient.invalidateQueries(trpc.moderation.pathFilter());
      },
    }),
  );
  const describe = useDescribe();
  const question = asking ? describe(asking).question : null;
  return (
    <section aria-labelledby="background-work-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="background-work-title" className="text-2xl font-bold text-slate-900">
          <Trans>Background work</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>
            E-mails and session reminders go out through queues and are tried again by themselves. What failed every attempt is parked
            below, where you can send it again.
          </Trans>
        </p>
      </div>
      <section aria-labelledby="backlog-title" className="grid gap-3">
        <h2 id="backlog-title" className="text-lg font-semibold text-slate-900">
          <Trans>Backlog</Trans>
        </h2>
        {backlog.isPending ? (
          <div role="status" aria-label={t`Loading the backlog`} className="grid gap-3 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-40 w-full" />
            ))}
          </div>
        ) : backlog.isError ? (
          <ListError what={t`the backlog`} onRetry={() => void backlog.refetch()} />
        ) : (
          <BacklogFigures backlog={backlog.data} />
        )}
      </section>
      <section aria-labelledby="parked-title" className="grid gap-3">
        <h2 id="parked-title" className="text-lg font-semibold text-slate-900">
          <Trans>Parked</Trans>
        </h2>
        <p
          role="status"
          className={
            outcome ? `rounded-md p-3 text-sm ${outcome.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}` : "sr-only"
          }
        >
          {outcome?.text ?? ""}
        </p>
        {parked.isPending ? (
          <ListLoading label={t`Loading the parked work`} />
        ) : parked.isError && !parked.data ? (
          <ListError what={t`the parked work`} onRetry={() => void parked.refetch()} />
        ) : parked.data.items.length === 0 ? (
          <ListEmpty>{t`Nothing is parked: every message was delivered or is on its way.`}</ListEmpty>
        ) : (
          <>
            <ol className="grid gap-3" aria-busy={parked.isPlaceholderData}>
              {parked.data.items.map((item) => (
                <ParkedItem key={item.id} item={item} onReplay={setAsking} />
              ))}
            </ol>
            <Pager page={page} pageSize={parked.data.pageSize} total={parked.data.total} onPage={setPage} />
          </>
        )}
      </section>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={question ?? t`Send this again?`}
        description={asking?.kind === "mail" && asking.mail ? asking.mail.subject : t`It goes to its queue at once, as new work would.`}
        confirmLabel={t`Send again`}
        keepLabel={t`Not now`}
        pending={replay.isPending}
        onConfirm={() => asking && replay.mutate({ id: asking.id })}
      />
    </section>
  );
}
