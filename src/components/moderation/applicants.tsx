import type { RouterOutputs } from "@/lib/api-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { apiError } from "@/lib/api-error";
import { fullDateTime } from "@/lib/dates";
import { formatRupees } from "@/lib/money";
import { useTRPC } from "@/lib/trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ListEmpty, ListError, ListLoading, useErrorToast } from "./list-states";
import { ReasonDialog } from "./reason-dialog";

type Applicant = RouterOutputs["moderation"]["applicants"][number];

/** Mentor Applicants: every field of each application, Accept, and Reject with a reason. */
export function MentorApplicants() {
  const trpc = useTRPC();
  const list = useQuery(trpc.moderation.applicants.queryOptions());
  useErrorToast(list.isError, "Error Fetching Mentor Applicants");
  return (
    <section aria-labelledby="applicants-title" className="grid gap-4">
      <h1 id="applicants-title" className="text-2xl font-bold text-slate-900">
        Mentor Applicants
      </h1>
      {list.isPending ? (
        <ListLoading label="Loading applicants" />
      ) : list.isError ? (
        <ListError what="the applicants" onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty>No applications are waiting. New ones appear here as mentors apply.</ListEmpty>
      ) : (
        <ul className="grid gap-4">
          {list.data.map((a) => (
            <li key={a.id}>
              <ApplicantCard applicant={a} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children || <span className="text-slate-500">Not given</span>}</dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break-all text-indigo-700 underline">
      {href}
    </a>
  );
}

function ApplicantCard({ applicant: a }: { applicant: Applicant }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = `${a.firstName} ${a.lastName}`;
  const refresh = () => queryClient.invalidateQueries(trpc.moderation.pathFilter());
  const failed = (error: unknown) => toast.error("Something went wrong", { description: apiError(error)?.message });
  const accept = useMutation(
    trpc.moderation.acceptApplicant.mutationOptions({
      onSuccess: async () => {
        toast.success(`${name} accepted`, { description: "They can sign in now and appear in search." });
        await refresh();
      },
      onError: failed,
    }),
  );
  const reject = useMutation(
    trpc.moderation.rejectApplicant.mutationOptions({
      onSuccess: async () => {
        toast.success(`${name}'s application rejected`, { description: "They were e-mailed the reason and can apply again after 30 days." });
        await refresh();
      },
      onError: failed,
    }),
  );
  return (
    <Card aria-label={`Application of ${name}`}>
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <p className="text-sm text-slate-600">
          Applied {fullDateTime(a.appliedAt)}
          {a.reapplication ? " · applying again after a rejection" : ""}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label="E-mail">{a.email}</Field>
          <Field label="Phone">{a.phone}</Field>
          <Field label="Job title">{a.jobTitle}</Field>
          <Field label="Firm">{a.firmName}</Field>
          <Field label="Location">{a.location}</Field>
          <Field label="Education">{a.educationalQualification}</Field>
          <Field label="Hourly rate">{formatRupees(a.hourlyRatePaise)}</Field>
          <Field label="Skills">{a.expertise.join(", ")}</Field>
          <Field label="Website">
            <ExternalLink href={a.website} />
          </Field>
          <Field label="Twitter">
            <ExternalLink href={a.twitterUrl} />
          </Field>
          <Field label="LinkedIn">
            <ExternalLink href={a.linkedInUrl} />
          </Field>
        </dl>
        <Field label="Bio">
          <span className="whitespace-pre-line">{a.bio}</span>
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => accept.mutate({ mentorId: a.id })} disabled={accept.isPending || reject.isPending} aria-label={`Accept ${name}`}>
            Accept
          </Button>
          <ReasonDialog
            trigger={(open) => (
              <Button variant="outline" onClick={open} disabled={accept.isPending} aria-label={`Reject ${name}`}>
                Reject
              </Button>
            )}
            title={`Reject ${name}'s application?`}
            description="They are e-mailed this reason and can apply again after 30 days."
            confirmLabel="Reject"
            destructive
            onConfirm={(reason) => reject.mutateAsync({ mentorId: a.id, reason })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
