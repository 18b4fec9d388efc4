import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Star } from "lucide-react";
import { useState } from "react";
import { apiError } from "@/platform/api-error";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { useTRPC } from "@/platform/trpc";
import { dateTime } from "@/platform/zoned";
import { Button } from "@/ui/button";
import { toast } from "@/ui/toast";
import type { MenteeHomeData } from "./types";

type Prompt = NonNullable<MenteeHomeData["ratingPrompt"]>;
const starsLabel = (n: number) => plural(n, { one: "# star", other: "# stars" });

/**
 * "How was your session with Asha?" (ADR 0026): after a completed session, at most once per mentor
 * per period. A tap on a star is her rating (her one review of the mentor, its text kept); "Not now"
 * closes the prompt. After a rating she is thanked, with a way to add a few words.
 */
export function RatingPrompt({ prompt, zone }: { prompt: MenteeHomeData["ratingPrompt"]; zone: string }) {
  const [thanks, setThanks] = useState<{ prompt: Prompt; message: string } | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  if (thanks) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
      >
        <p>{translateServerMessage(thanks.message)}</p>
        <Link
          to="/mentees/browse/mentor/profile/$id"
          params={{ id: thanks.prompt.mentorId }}
          className="font-medium text-emerald-900 underline"
        >
          <Trans>Add a few words to your review</Trans>
        </Link>
      </div>
    );
  }
  if (!prompt || closed === prompt.slotId) return null;
  return (
    <PromptCard
      key={prompt.slotId}
      prompt={prompt}
      zone={zone}
      onRated={(message) => setThanks({ prompt, message })}
      onClosed={() => setClosed(prompt.slotId)}
    />
  );
}

function PromptCard({
  prompt,
  zone,
  onRated,
  onClosed,
}: {
  prompt: Prompt;
  zone: string;
  onRated: (message: string) => void;
  onClosed: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [hover, setHover] = useState(0);
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.mentees.home.pathFilter()), queryClient.invalidateQueries(trpc.reviews.pathFilter())]);
  const failed = (error: unknown) =>
    toast.error(t`Something went wrong`, { description: apiError(error)?.message ?? t`Please check your connection and try again.` });
  const rate = useMutation(trpc.ratingPrompts.rate.mutationOptions({ onSuccess: (r) => (onRated(r.message), refresh()), onError: failed }));
  const dismiss = useMutation(trpc.ratingPrompts.dismiss.mutationOptions({ onSuccess: () => (onClosed(), refresh()), onError: failed }));
  const busy = rate.isPending || dismiss.isPending;
  const headingId = `rate-${prompt.slotId}`;
  const { mentorFirstName, mentorName } = prompt;
  const when = dateTime(prompt.start, zone);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          <Trans>How was your session with {mentorFirstName}?</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Your session of {when} with {mentorName}. One tap rates it.
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t`Rate ${mentorFirstName}`} className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={starsLabel(n)}
              disabled={busy}
              onClick={() => rate.mutate({ slotId: prompt.slotId, rating: n })}
              onMouseEnter={() => setHover(n)}
              onFocus={() => setHover(n)}
              onBlur={() => setHover(0)}
              className="rounded-md p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
            >
              <Star aria-hidden="true" className={`size-8 ${n <= hover ? "fill-amber-400 text-amber-500" : "text-amber-600"}`} />
            </button>
          ))}
        </div>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => dismiss.mutate({ slotId: prompt.slotId })}>
          <Trans>Not now</Trans>
        </Button>
      </div>
    </section>
  );
}
