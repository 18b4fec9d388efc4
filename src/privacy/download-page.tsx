import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PageChrome } from "@/layout/page-chrome";
import { apiError } from "@/platform/api-error";
import { fullDateTime } from "@/platform/dates";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC, useTRPCClient } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card";
import { FormAlert } from "@/ui/form-alert";
import { Skeleton } from "@/ui/skeleton";
import { Spinner } from "@/ui/spinner";
import type { MemberRole } from "../../shared/role";
import { forgetLink, signedInMembers, takeLinkFromAddress } from "./export-link";
import { fileSize } from "./file-size";

/** The server's own words (worker/privacy/data-export.ts), shown before a click when her copy's state already says them. */
const USED = "This download link was used already. Ask for a new copy of your data on your settings.";
const EXPIRED = "This download link has expired. Ask for a new copy of your data on your settings.";
const NOT_VALID = "This download link is not valid. Open the link from the e-mail again.";
const LINK_SHAPE = /^[\w-]{36}\.[\w-]{20,100}$/;

const SETTINGS: Record<MemberRole, "/mentees/profile" | "/mentors/profile"> = { mentee: "/mentees/profile", mentor: "/mentors/profile" };

/**
 * `/privacy/download#export=id.secret`, the page the "your data is ready" mail opens (ADR 0039): the copy's size and one
 * Download button, which claims the link (it then works no more) and sends the browser to the file's one-minute address.
 */
export function DownloadPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [link] = useState(takeLinkFromAddress);
  const [roles] = useState(signedInMembers);
  const exportId = link?.split(".")[0];
  const client = useTRPCClient();
  // Whose copy it is (a browser may be signed in as a mentee and as a mentor): each signed-in side's latest copy, the one
  // with this link's id. One query, so the two sides' answers never share a cache entry.
  const owner = useQuery({
    queryKey: ["privacy", "download", exportId, roles],
    queryFn: async () => {
      for (const role of roles) {
        const copy = await client.privacy.exportStatus.query(undefined, { context: { role } });
        if (copy?.id === exportId) return { role, copy };
      }
      return { role: roles[0] ?? ("mentee" as const), copy: null };
    },
    enabled: !!exportId,
    staleTime: 0,
  });
  const role: MemberRole = owner.data?.role ?? roles[0] ?? "mentee";
  const copy = owner.data?.copy ?? null;
  const claim = useMutation(trpc.privacy.claimExport.mutationOptions({ trpc: { context: { role } } }));
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const now = useNow();

  const download = async () => {
    if (!link) return;
    setError(null);
    try {
      const answer = await claim.mutateAsync({ link });
      forgetLink();
      setStarted(true);
      window.location.assign(answer.url);
    } catch (failure) {
      setError(apiError(failure)?.message ?? t`Network issue. Please try again later.`);
    }
  };

  const loading = !!exportId && owner.isPending;
  const known =
    !link || !LINK_SHAPE.test(link)
      ? NOT_VALID
      : copy?.downloadedAt && !started
        ? USED
        : copy?.expiresAt && new Date(copy.expiresAt).getTime() <= now
          ? EXPIRED
          : null;
  const problem = error ?? (known ? translateServerMessage(known) : null);
  const until = copy?.expiresAt ? fullDateTime(copy.expiresAt) : null;
  const size = copy?.sizeBytes ? fileSize(copy.sizeBytes) : null;

  return (
    <PageChrome>
      <div className="px-4 py-10">
        <Card className="mx-auto w-full max-w-md">
          <CardHeader>
            <h1 className="text-xl font-semibold text-slate-900">
              {problem && !error ? <Trans>Your copy of your data</Trans> : <Trans>Your copy of your data is ready</Trans>}
            </h1>
            {!problem && size ? (
              <CardDescription>
                <Trans>
                  One ZIP file of {size}, ready until {until}.
                </Trans>
              </CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-4">
            {loading ? <Skeleton role="status" aria-label={t`Loading your copy`} className="h-10 w-full" /> : null}
            <div aria-live="polite" className="grid gap-4">
              {problem ? <FormAlert message={problem} /> : null}
              {started ? (
                <p role="status" className="text-sm text-emerald-800">
                  <Trans>Your download has started. The link no longer works; keep the file somewhere safe.</Trans>
                </p>
              ) : null}
            </div>
            {!loading && !known && !started ? (
              <>
                <p className="text-sm text-slate-600">
                  <Trans>The link works once: download the file on the device where you want to keep it.</Trans>
                </p>
                <Button type="button" onClick={() => void download()} disabled={claim.isPending} aria-busy={claim.isPending}>
                  {claim.isPending ? <Spinner className="size-4" /> : null}
                  <Trans>Download</Trans>
                </Button>
              </>
            ) : null}
            <p className="text-sm">
              <Link to={SETTINGS[role]} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
                <Trans>Your data on your settings</Trans>
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </PageChrome>
  );
}
