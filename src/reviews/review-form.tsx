import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { apiError } from "@/platform/api-error";
import { useTRPC } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { reviewInputSchema } from "../../shared/validation/reviews";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { StarRatingInput } from "./star-rating-input";

/** Review calls are the mentee's, also on the public profile page. */
const AS_MENTEE = { trpc: { context: { role: "mentee" } } } as const;

type MyReview = { rating: number; text: string } | null;

/** "Your review": shown to a signed-in mentee who has subscribed to the mentor at some point. */
export function ReviewForm({ mentorId }: { mentorId: string }) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.reviews.mine.queryOptions({ mentorId }, AS_MENTEE));
  if (!mine.data?.canReview) return null;
  // Remounts with the saved review, so the fields start from what the server holds.
  return (
    <ReviewFields
      key={mine.data.review ? `${mine.data.review.rating}:${mine.data.review.text}` : "new"}
      mentorId={mentorId}
      saved={mine.data.review}
    />
  );
}

function ReviewFields({ mentorId, saved }: { mentorId: string; saved: MyReview }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(saved?.rating ?? 0);
  const [text, setText] = useState(saved?.text ?? "");
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.reviews.mine.queryFilter({ mentorId })),
      queryClient.invalidateQueries(trpc.reviews.list.pathFilter()),
      queryClient.invalidateQueries(trpc.mentors.profile.queryFilter({ mentorId })),
      queryClient.invalidateQueries(trpc.mentors.search.pathFilter()),
    ]);
  };
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: apiError(error)?.message ?? t`Please check your connection and try again.` });
  const save = useMutation(
    trpc.reviews.save.mutationOptions({
      ...AS_MENTEE,
      onSuccess: async () => {
        toast.success(t`Review saved`);
        await refresh();
      },
      onError: failed(t`Could not save your review`),
    }),
  );
  const remove = useMutation(
    trpc.reviews.remove.mutationOptions({
      ...AS_MENTEE,
      onSuccess: async () => {
        toast.success(t`Review deleted`);
        await refresh();
      },
      onError: failed(t`Could not delete your review`),
    }),
  );
  const busy = save.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(reviewInputSchema, { mentorId, rating: rating || undefined, text });
    if (!parsed.success) {
      const flat = v.flatten<typeof reviewInputSchema>(parsed.issues).nested ?? {};
      setErrors({ rating: flat.rating?.[0], text: flat.text?.[0] });
      return;
    }
    setErrors({});
    save.mutate(parsed.output);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your review</Trans>
        </CardTitle>
        <CardDescription>{saved ? t`Update or delete your review.` : t`Tell other mentees how your sessions went.`}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label={t`Your review`} className="grid gap-4">
          <StarRatingInput legend={t`Your rating`} value={rating} onChange={setRating} error={errors.rating} />
          <FormField label={t`Your review (optional)`} error={errors.text}>
            <Textarea value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy} aria-busy={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              <Trans>Save review</Trans>
            </Button>
            {saved ? (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                aria-busy={remove.isPending}
                onClick={() => remove.mutate({ mentorId })}
              >
                {remove.isPending ? <Spinner /> : null}
                <Trans>Delete review</Trans>
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
