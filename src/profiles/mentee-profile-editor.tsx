import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { InferInput } from "valibot";
import { useTRPC } from "@/platform/trpc";
import { browserZone } from "@/platform/zoned";
import { menteeProfileUpdateSchema } from "../../shared/validation/profiles";
import { OwnProfileLayout, profileSaved, profileSaveFailed } from "../layout/own-profile-layout";
import { TimeZoneSelect } from "../scheduling/time-zone-select";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { SubmitButton } from "../ui/submit-button";
import { Textarea } from "../ui/textarea";
import { ProfileLoadError, ProfileSkeleton } from "./profile-states";

type MenteeProfileForm = Required<InferInput<typeof menteeProfileUpdateSchema>>;

/** The mentee's own profile (SPEC §5): picture, names, phone and About, saved with "Updation success". */
export function MenteeProfileEditor() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.mentees.profile.queryOptions());
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <ProfileLoadError onRetry={() => void profile.refetch()} />;
  return <MenteeProfileFields profile={profile.data} />;
}

type Profile = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  bio: string | null;
  profileImageUrl: string;
  timeZone: string | null;
};

const formOf = (p: Profile): MenteeProfileForm => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone ?? "",
  bio: p.bio ?? "",
  timeZone: p.timeZone ?? browserZone(),
});

function MenteeProfileFields({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<MenteeProfileForm>({
    resolver: valibotResolver(menteeProfileUpdateSchema) as never,
    defaultValues: formOf(profile),
  });
  const { errors } = form.formState;

  const save = useMutation(
    trpc.mentees.updateProfile.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.mentees.profile.queryKey(), saved);
        form.reset(formOf(saved));
        void queryClient.invalidateQueries(trpc.scheduling.pathFilter());
        profileSaved("mentee", saved);
      },
      onError: (error) => profileSaveFailed("mentee", error),
    }),
  );

  return (
    <OwnProfileLayout
      role="mentee"
      person={profile}
      photoHint={t`Mentors see this picture next to your name.`}
      onPhotoChanged={() => void queryClient.invalidateQueries(trpc.mentees.profile.queryFilter())}
    >
      <form noValidate aria-label={t`Profile details`} onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t`First Name`} error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register("firstName")} />
          </FormField>
          <FormField label={t`Last Name`} error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register("lastName")} />
          </FormField>
        </div>
        <FormField label={t`Mobile Number`} error={errors.phone?.message} hint={t`10 digits, optionally starting with +91`}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register("phone")} />
        </FormField>
        <FormField label={t`About`} error={errors.bio?.message}>
          <Textarea maxLength={1000} {...form.register("bio")} />
        </FormField>
        <FormField label={t`Time zone`} hint={t`Session times are shown in this zone.`} error={errors.timeZone?.message}>
          <TimeZoneSelect current={profile.timeZone} {...form.register("timeZone")} />
        </FormField>
        <SubmitButton pending={save.isPending}>
          <Trans>Save changes</Trans>
        </SubmitButton>
      </form>
    </OwnProfileLayout>
  );
}
