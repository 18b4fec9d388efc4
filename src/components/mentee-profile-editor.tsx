import { valibotResolver } from "@hookform/resolvers/valibot";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { InferInput } from "valibot";
import { apiError } from "@/lib/api-error";
import { PROFILE_TOASTS } from "@/lib/profile-toasts";
import { updateSessionProfile } from "@/lib/session";
import { useTRPC } from "@/lib/trpc";
import { menteeProfileUpdateSchema } from "../../worker/validation/profiles";
import { ProfileImagePicker } from "./profile-image-picker";
import { ProfileLoadError, ProfileSkeleton } from "./profile-states";
import { SubmitButton } from "./submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";
import { Textarea } from "./ui/textarea";

type MenteeProfileForm = Required<Omit<InferInput<typeof menteeProfileUpdateSchema>, "menteeId">>;

/** The mentee's own profile (SPEC §5): picture, names, phone and About, saved with "Updation success". */
export function MenteeProfileEditor() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.mentees.profile.queryOptions({}));
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <ProfileLoadError onRetry={() => void profile.refetch()} />;
  return <MenteeProfileFields profile={profile.data} />;
}

type Profile = { firstName: string; lastName: string; email: string; phone: string | null; bio: string | null; profileImageUrl: string };

function MenteeProfileFields({ profile }: { profile: Profile }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<MenteeProfileForm>({
    resolver: valibotResolver(menteeProfileUpdateSchema) as never,
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? "", bio: profile.bio ?? "" },
  });
  const { errors } = form.formState;
  const fullName = `${profile.firstName} ${profile.lastName}`;

  const save = useMutation(
    trpc.mentees.updateProfile.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.mentees.profile.queryKey({}), saved);
        updateSessionProfile("mentee", { name: `${saved.firstName} ${saved.lastName}` });
        form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? "", bio: saved.bio ?? "" });
        toast.success(PROFILE_TOASTS.mentee.saved);
      },
      onError: (error) => toast.error(PROFILE_TOASTS.mentee.failed, { description: apiError(error)?.message ?? "Network Issue, Please try again later" }),
    }),
  );

  const onImage = () => void queryClient.invalidateQueries(trpc.mentees.profile.queryFilter());

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Your profile</h1>
      <Card>
        <CardHeader>
          <CardTitle>Profile photo</CardTitle>
          <CardDescription>Mentors see this picture next to your name.</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileImagePicker role="mentee" name={fullName} imageUrl={profile.profileImageUrl} onUploaded={onImage} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>Signed in as {profile.email}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate aria-label="Profile details" onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First Name" error={errors.firstName?.message}>
                <Input autoComplete="given-name" {...form.register("firstName")} />
              </FormField>
              <FormField label="Last Name" error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...form.register("lastName")} />
              </FormField>
            </div>
            <FormField label="Mobile Number" error={errors.phone?.message} hint="10 digits, optionally starting with +91">
              <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register("phone")} />
            </FormField>
            <FormField label="About" error={errors.bio?.message}>
              <Textarea maxLength={1000} {...form.register("bio")} />
            </FormField>
            <SubmitButton pending={save.isPending}>Save changes</SubmitButton>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
