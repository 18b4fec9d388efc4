import { Trans, useLingui } from "@lingui/react/macro";
import { BellRing, X } from "lucide-react";
import { useId, useState } from "react";
import { usePushDevice } from "@/notifications/use-push-device";
import { offerDismissedKey, PushRefused } from "@/notifications/web-push";
import { toast } from "@/ui/toast";
import type { Role } from "../../shared/role";
import { Button } from "../ui/button";

/**
 * A small offer to turn push on, shown where it makes sense (ADR 0027): after she booked a session,
 * on the mentor's schedule. Never on first load and never the browser's prompt by itself: the prompt
 * comes only from "Turn on". Hidden once this device has push on, when the browser blocks it or
 * cannot, and for good once dismissed (per role and browser; the settings screen stays).
 */
export function PushOffer({ role, title, text }: { role: Role; title: string; text: string }) {
  const { t } = useLingui();
  const id = useId();
  const { state, turnOn } = usePushDevice(role);
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(offerDismissedKey(role)) === "1";
    } catch {
      return true;
    }
  });
  if (dismissed || state !== "off") return null;
  const dismiss = () => {
    localStorage.setItem(offerDismissedKey(role), "1");
    setDismissed(true);
  };
  const on = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => toast.success(t`Push notifications are on for this device`),
      onError: (error) =>
        error instanceof PushRefused
          ? toast.error(t`Notifications were not allowed`)
          : toast.error(t`Push notifications could not be turned on`),
    });
  return (
    <aside
      aria-labelledby={`${id}-title`}
      className="relative grid gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-4 pr-12"
      data-testid="push-offer"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <BellRing aria-hidden="true" className="size-5 text-indigo-600" />
        {title}
      </h2>
      <p className="text-sm text-slate-700">{text}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={turnOn.isPending} onClick={on}>
          <Trans>Turn on</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          <Trans>Not now</Trans>
        </Button>
      </div>
      <Button variant="ghost" size="icon-sm" shape="round" className="absolute right-2 top-2" aria-label={t`Dismiss`} onClick={dismiss}>
        <X aria-hidden="true" />
      </Button>
    </aside>
  );
}
