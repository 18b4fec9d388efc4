import { Trans, useLingui } from "@lingui/react/macro";
import { Camera } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useAuthFetch } from "@/platform/auth-fetch";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { updateSessionProfile } from "@/platform/session";
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from "@/profiles/profile-image";
import { PROFILE_TOASTS } from "@/profiles/profile-toasts";
import { toast } from "@/ui/toast";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

type Props = { role: "mentee" | "mentor"; name: string; imageUrl: string; onUploaded: (url: string) => void };

/**
 * The profile picture with a "Change photo" button: checks type and size before sending, uploads to
 * the Worker (which checks the bytes again), then updates the nav picture through the session record.
 */
export function ProfileImagePicker({ role, name, imageUrl, onUploaded }: Props) {
  const { t } = useLingui();
  const authFetch = useAuthFetch();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await authFetch(role, "/api/images/profile", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; profileImageUrl?: string };
      if (!response.ok || !answer.profileImageUrl) {
        setError(answer.message ? translateServerMessage(answer.message) : t`The upload failed. Please try again.`);
        toast.error(PROFILE_TOASTS[role].failed);
        return;
      }
      updateSessionProfile(role, { profileImageUrl: answer.profileImageUrl });
      onUploaded(answer.profileImageUrl);
      toast.success(PROFILE_TOASTS[role].saved);
    } catch {
      setError(t`Network Issue, Please try again later`);
      toast.error(PROFILE_TOASTS[role].failed);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={imageUrl} name={name} alt={t`Profile photo of ${name}`} className="size-24 text-2xl" />
      <div className="grid gap-1.5">
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void upload(e)}
          data-testid="profile-image-input"
        />
        <Button
          type="button"
          variant="outline"
          disabled={pending}
          aria-busy={pending}
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          {pending ? <Spinner /> : <Camera aria-hidden="true" />}
          <Trans>Change photo</Trans>
        </Button>
        <p className="text-xs text-slate-500">
          <Trans>JPEG, PNG or WebP, at most 5 MB.</Trans>
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
