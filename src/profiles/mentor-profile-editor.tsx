import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { OwnMentorProfile } from "@/platform/api-types";
import { useTRPC } from "@/platform/trpc";
import { type MentorProfileForm, mentorProfileFormOf, mentorProfileResolver, toMentorProfileUpdate } from "@/profiles/mentor-profile-form";
import { OwnProfileLayout, profileSaved, profileSaveFailed } from "../layout/own-profile-layout";
import { TimeZoneSelect } from "../scheduling/time-zone-select";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { SubmitButton } from "../ui/submit-button";
import { Textarea } from "../ui/textarea";
import { MentorSkillsEditor } from "./mentor-skills-editor";
import { ProfileLoadError, ProfileSkeleton } from "./profile-states";

/** The mentor's own profile (SPEC §3, §7): picture, the profile fields, and skills. */
export function MentorProfileEditor() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.mentors.myProfile.queryOptions());
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <ProfileLoadError onRetry={() => void profile.refetch()} />;
  return <MentorProfileFields profile={profile.data} />;
}

type TextField = {
  name: keyof MentorProfileForm;
  label: MessageDescriptor;
  autoComplete?: string;
  type?: string;
  hint?: MessageDescriptor;
};

const DETAILS: TextField[][] = [
  [
    { name: "firstName", label: msg`First Name`, autoComplete: "given-name" },
    { name: "lastName", label: msg`Last Name`, autoComplete: "family-name" },
  ],
  [
    { name: "jobTitle", label: msg`Job Title`, autoComplete: "organization-title" },
    { name: "firmName", label: msg`Firm Name`, autoComplete: "organization" },
  ],
  [
    { name: "phone", label: msg`Mobile Number`, autoComplete: "tel", type: "tel", hint: msg`10 digits, optionally starting with +91` },
    { name: "location", label: msg`Location (optional)`, autoComplete: "address-level2" },
  ],
  [
    { name: "educationalQualification", label: msg`Educational Qualification` },
    {
      name: "hourlyRate",
      label: msg`Hourly Rate (₹)`,
      type: "number",
      hint: msg`In rupees, for one hour. Your monthly plan costs 4 x this rate. A new rate applies to new subscribers at once; existing subscribers keep their price until their next renewal, then pay the new one.`,
    },
  ],
  [
    { name: "website", label: msg`Website (optional)`, type: "url" },
    { name: "linkedInUrl", label: msg`LinkedIn URL (optional)`, type: "url" },
  ],
  [{ name: "twitterUrl", label: msg`Twitter URL (optional)`, type: "url" }],
];

function MentorProfileFields({ profile }: { profile: OwnMentorProfile }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<MentorProfileForm>({ resolver: mentorProfileResolver, defaultValues: mentorProfileFormOf(profile) });
  const { errors } = form.formState;

  const save = useMutation(
    trpc.mentors.updateProfile.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.mentors.myProfile.queryKey(), saved);
        void queryClient.invalidateQueries(trpc.scheduling.pathFilter());
        form.reset(mentorProfileFormOf(saved));
        profileSaved("mentor", saved);
      },
      onError: (error) => profileSaveFailed("mentor", error),
    }),
  );

  return (
    <OwnProfileLayout
      role="mentor"
      person={profile}
      photoHint={t`Mentees see this picture on your card and profile.`}
      onPhotoChanged={() => void queryClient.invalidateQueries(trpc.mentors.myProfile.queryFilter())}
      extra={<MentorSkillsEditor skills={profile.skills} />}
      wide
    >
      <form
        noValidate
        aria-label={t`Profile details`}
        onSubmit={form.handleSubmit((values) => save.mutate(toMentorProfileUpdate(values)))}
        className="grid gap-4"
      >
        {DETAILS.map((row) => (
          <div key={row[0].name} className="grid items-start gap-4 sm:grid-cols-2">
            {row.map((field) => (
              <FormField
                key={field.name}
                label={i18n._(field.label)}
                hint={field.hint ? i18n._(field.hint) : undefined}
                error={errors[field.name]?.message}
              >
                <Input type={field.type ?? "text"} autoComplete={field.autoComplete} {...form.register(field.name)} />
              </FormField>
            ))}
          </div>
        ))}
        <FormField label={t`Short bio (optional)`} hint={t`One line for your card`} error={errors.shortBio?.message}>
          <Input maxLength={200} {...form.register("shortBio")} />
        </FormField>
        <FormField label={t`Bio`} error={errors.bio?.message}>
          <Textarea maxLength={2000} rows={6} {...form.register("bio")} />
        </FormField>
        <FormField
          label={t`Time zone`}
          hint={t`Your scheduler and every session time are shown in this zone.`}
          error={errors.timeZone?.message}
        >
          <TimeZoneSelect current={profile.timeZone} {...form.register("timeZone")} />
        </FormField>
        <SubmitButton pending={save.isPending}>
          <Trans>Save changes</Trans>
        </SubmitButton>
      </form>
    </OwnProfileLayout>
  );
}
