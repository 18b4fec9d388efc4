import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { apiError } from "@/platform/api-error";
import { updateSessionProfile } from "@/platform/session";
import { PROFILE_TOASTS } from "@/profiles/profile-toasts";
import { cn } from "@/ui/class-names";
import { toast } from "@/ui/toast";
import type { MemberRole as Role } from "../../shared/role";
import { ChangePasswordCard } from "../accounts/change-password-card";
import { DataExportCard } from "../privacy/data-export-card";
import { DeleteAccountCard } from "../privacy/delete-account-card";
import { ProfileImagePicker } from "../profiles/profile-image-picker";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";

type Person = { firstName: string; lastName: string; email: string; profileImageUrl: string };

type Props = {
  role: Role;
  person: Person;
  /** Who sees the picture, under "Profile photo". */
  photoHint: string;
  onPhotoChanged: () => void;
  /** Cards between the photo and the details (a mentor's skills). */
  extra?: ReactNode;
  /** A wider page (a mentor's profile has more to edit). */
  wide?: boolean;
  /** The details form. */
  children: ReactNode;
};

/** One's own profile page: heading, the photo card, any extra cards, and the details form. */
export function OwnProfileLayout({ role, person, photoHint, onPhotoChanged, extra, wide, children }: Props) {
  const email = person.email;
  return (
    <div className={cn("mx-auto grid gap-6", wide ? "max-w-3xl" : "max-w-2xl")}>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Your profile</Trans>
      </h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Profile photo</Trans>
          </CardTitle>
          <CardDescription>{photoHint}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileImagePicker
            role={role}
            name={`${person.firstName} ${person.lastName}`}
            imageUrl={person.profileImageUrl}
            onUploaded={onPhotoChanged}
          />
        </CardContent>
      </Card>
      {extra}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Details</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Signed in as {email}</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <ChangePasswordCard />
      <DataExportCard role={role} />
      <DeleteAccountCard role={role} />
    </div>
  );
}

/** After a save: the nav's name follows, and the role's toast of SPEC §8 shows. */
export function profileSaved(role: Role, saved: { firstName: string; lastName: string }) {
  updateSessionProfile(role, { name: `${saved.firstName} ${saved.lastName}` });
  toast.success(PROFILE_TOASTS[role].saved);
}

export function profileSaveFailed(role: Role, error: unknown) {
  toast.error(PROFILE_TOASTS[role].failed, { description: apiError(error)?.message ?? t`Network Issue, Please try again later` });
}
