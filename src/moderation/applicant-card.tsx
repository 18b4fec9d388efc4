import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import type { RouterOutputs } from "@/platform/api-types";
import { fullDateTime } from "@/platform/dates";
import { formatRupees } from "@/platform/money";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ActionLabel } from "./list-states";
import { ReasonDialog } from "./reason-dialog";

export type Applicant = RouterOutputs["moderation"]["applicantsPage"]["items"][number];

/** A bio longer than this is shown cut to three lines, with "Read the whole bio". */
const LONG_BIO = 240;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]">
        {children || (
          <span className="text-slate-500">
            <Trans>Not given</Trans>
          </span>
        )}
      </dd>
    </div>
  );
}

/** A link the applicant gave; the card shows "Not given" instead when there is none (an element is never empty to Field). */
function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline [overflow-wrap:anywhere]">
      {href}
    </a>
  );
}

function Bio({ text }: { text: string }) {
  const { t } = useLingui();
  const [whole, setWhole] = useState(false);
  const long = text.length > LONG_BIO;
  return (
    <div className="grid min-w-0 gap-0.5">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        <Trans>Bio</Trans>
      </p>
      <p className={`whitespace-pre-line text-sm text-slate-900 [overflow-wrap:anywhere] ${long && !whole ? "line-clamp-3" : ""}`}>
        {text || t`Not given`}
      </p>
      {long ? (
        <button type="button" className="w-fit text-sm text-indigo-700 underline" aria-expanded={whole} onClick={() => setWhole((w) => !w)}>
          {whole ? t`Show less` : t`Read the whole bio`}
        </button>
      ) : null}
    </div>
  );
}

/** One application: every field (SPEC §3), within a 360 px screen, with Accept <name> and Reject <name> (with a reason). */
export function ApplicantCard({ applicant: a }: { applicant: Applicant }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const name = `${a.firstName} ${a.lastName}`;
  const refresh = () => queryClient.invalidateQueries(trpc.moderation.pathFilter());
  const failed = (error: unknown) => toast.error(t`Something went wrong`, { description: apiError(error)?.message });
  const accept = useMutation(
    trpc.moderation.acceptApplicant.mutationOptions({
      onSuccess: async () => {
        toast.success(t`${name} accepted`, { description: t`They can sign in now and appear in search.` });
        await refresh();
      },
      onError: failed,
    }),
  );
  const reject = useMutation(
    trpc.moderation.rejectApplicant.mutationOptions({
      onSuccess: async () => {
        toast.success(t`${name}'s application rejected`, {
          description: t`They were e-mailed the reason and can apply again after 30 days.`,
        });
        await refresh();
      },
      onError: failed,
    }),
  );
  const applied = fullDateTime(a.appliedAt);
  return (
    <Card aria-label={t`Application of ${name}`} className="min-w-0">
      <CardHeader>
        <CardTitle className="[overflow-wrap:anywhere]">{name}</CardTitle>
        <p className="text-sm text-slate-600">
          <Trans>Applied {applied}</Trans>
          {a.reapplication ? ` · ${t`applying again after a rejection`}` : ""}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t`E-mail`}>{a.email}</Field>
          <Field label={t`Phone`}>{a.phone}</Field>
          <Field label={t`Job title`}>{a.jobTitle}</Field>
          <Field label={t`Firm`}>{a.firmName}</Field>
          <Field label={t`Location`}>{a.location}</Field>
          <Field label={t`Education`}>{a.educationalQualification}</Field>
          <Field label={t`Hourly rate`}>{formatRupees(a.hourlyRatePaise)}</Field>
          <Field label={t`Skills`}>{a.expertise.join(", ")}</Field>
          <Field label={t`Website`}>{a.website ? <ExternalLink href={a.website} /> : null}</Field>
          <Field label={t`Twitter`}>{a.twitterUrl ? <ExternalLink href={a.twitterUrl} /> : null}</Field>
          <Field label={t`LinkedIn`}>{a.linkedInUrl ? <ExternalLink href={a.linkedInUrl} /> : null}</Field>
        </dl>
        <Bio text={a.bio} />
        <div className="flex flex-wrap gap-2">
          <Button className="max-w-full" onClick={() => accept.mutate({ mentorId: a.id })} disabled={accept.isPending || reject.isPending}>
            <ActionLabel label={t`Accept ${name}`} />
          </Button>
          <ReasonDialog
            trigger={(open) => (
              <Button variant="outline" className="max-w-full" onClick={open} disabled={accept.isPending}>
                <ActionLabel label={t`Reject ${name}`} />
              </Button>
            )}
            title={t`Reject ${name}'s application?`}
            description={t`They are e-mailed this reason and can apply again after 30 days.`}
            confirmLabel={t`Reject ${name}`}
            destructive
            onConfirm={(reason) => reject.mutateAsync({ mentorId: a.id, reason })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
