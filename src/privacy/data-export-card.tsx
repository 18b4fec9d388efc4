import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import { fullDateTime } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { FormAlert } from "@/ui/form-alert";
import { LoadError } from "@/ui/load-error";
import { Skeleton } from "@/ui/skeleton";
import { Spinner } from "@/ui/spinner";
import type { MemberRole } from "../../shared/role";
import { fileSize } from "./file-size";

/** How often the card asks again while her copy is being prepared (a few seconds: a copy takes seconds to minutes). */
const POLL_WHILE_PREPARING_MS = 4_000;

/**
 * "Your data" on a mentee's or mentor's profile page (ADR 0039): asks for a copy of everything the product holds about
 * her, and tells its state. The card cannot download: the file opens only from the link mailed to her, whose secret the
 * server never shows again, so a ready copy says to open that mail.
 */
export function DataExportCard({ role }: { role: MemberRole }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const as = { trpc: { context: { role } } };
  const status = useQuery({
    ...trpc.privacy.exportStatus.queryOptions(undefined, as),
    refetchInterval: (query) => (query.state.data?.state === "preparing" ? POLL_WHILE_PREPARING_MS : false),
  });
  const request = useMutation(trpc.privacy.requestExport.mutationOptions(as));
  const [requestError, setRequestError] = useState<string | null>(null);
  const now = useNow();

  const ask = async () => {
    setRequestError(null);
    try {
      const answer = await request.mutateAsync();
      queryClient.setQueryData(trpc.privacy.exportStatus.queryKey(), answer);
    } catch (error) {
      setRequestError(apiError(error)?.message ?? t`Network issue. Please try again later.`);
    }
  };

  const copy = status.data;
  const expired = copy?.state === "ready" && !copy.downloadedAt && (!copy.expiresAt || new Date(copy.expiresAt).getTime() <= now);
  const askLabel = copy ? t`Ask for a new copy` : t`Download my data`;
  // A ready copy not yet downloaded is the server's answer to asking again: its link is in her mail.
  const waitingForMail = copy?.state === "ready" && !copy.downloadedAt && !expired;
  const canAsk = status.isSuccess && copy?.state !== "preparing" && !waitingForMail;

  return (
    <Card role="region" aria-labelledby="your-data-title" data-testid="data-export-card">
      <CardHeader>
        <CardTitle id="your-data-title">
          <Trans>Your data</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Get a copy of everything MentorLink keeps about you: your profile, sign-ins and devices, settings, notices, e-mails, plans,
            payments, sessions with their history and notes, reviews, tickets, your conversations and your photo, in one ZIP file. We
            prepare it in the background and e-mail you a link that works once, for 24 hours.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isError ? (
          <LoadError what={t`the state of your copy`} onRetry={() => void status.refetch()} />
        ) : status.isPending ? (
          <Skeleton role="status" aria-label={t`Loading the state of your copy`} className="h-12 w-full" />
        ) : null}
        <div aria-live="polite" aria-atomic="true" data-testid="data-export-state">
          {copy ? <CopyState copy={copy} expired={expired} /> : null}
        </div>
        <FormAlert message={requestError} />
        {canAsk ? (
          <Button
            type="button"
            className="w-full sm:w-auto"
            onClick={() => void ask()}
            disabled={request.isPending}
            aria-busy={request.isPending}
          >
            {request.isPending ? <Spinner className="size-4" /> : null}
            {askLabel}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Copy = {
  state: "preparing" | "ready" | "failed";
  readyAt: string | null;
  expiresAt: string | null;
  downloadedAt: string | null;
  sizeBytes: number | null;
};

function CopyState({ copy, expired }: { copy: Copy; expired: boolean }) {
  const box = "grid gap-1 rounded-md border px-3 py-2 text-sm";
  if (copy.state === "preparing")
    return (
      <p className={`${box} border-indigo-200 bg-indigo-50 text-indigo-950`}>
        <span className="flex items-center gap-2 font-medium">
          <Spinner className="size-4 shrink-0" />
          <Trans>Preparing your copy… we will e-mail you and tell you in the bell.</Trans>
        </span>
        <span>
          <Trans>You can leave this page; it usually takes a minute or two.</Trans>
        </span>
      </p>
    );
  if (copy.state === "failed")
    return (
      <p className={`${box} border-red-200 bg-red-50 text-red-900`}>
        <Trans>We could not prepare your copy. Please ask for a new one.</Trans>
      </p>
    );
  if (copy.downloadedAt) {
    const when = fullDateTime(copy.downloadedAt);
    return (
      <p className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
        <Trans>You downloaded this copy on {when}. Its link works only once.</Trans>
      </p>
    );
  }
  const until = copy.expiresAt ? fullDateTime(copy.expiresAt) : "";
  if (expired)
    return (
      <p className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
        <Trans>This copy expired on {until} without being downloaded.</Trans>
      </p>
    );
  const size = copy.sizeBytes ? fileSize(copy.sizeBytes) : "";
  return (
    <div className={`${box} border-emerald-200 bg-emerald-50 text-emerald-950`}>
      <p className="font-medium">
        <Trans>
          Your copy is ready until {until} ({size}).
        </Trans>
      </p>
      <p>
        <Trans>
          Open the link we e-mailed you to download it. The link works once, and only when you are signed in; it cannot be opened from here.
        </Trans>
      </p>
    </div>
  );
}
