import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Laptop } from "lucide-react";
import { deviceName } from "@/notifications/device-name";
import { fromNow } from "@/platform/dates";
import { useTRPC } from "@/platform/trpc";
import { useNow } from "@/platform/use-now";
import { toast } from "@/ui/toast";
import type { Role } from "../../shared/role";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";

type Device = { id: string; label: string; createdAt: string; lastSuccessAt: string | null; thisDevice: boolean };

/** "Devices with push on" on the notification settings (ADR 0027): each browser she turned push on in, each removable. */
export function PushDevices({ role, devices }: { role: Role; devices: Device[] }) {
  const { t, i18n } = useLingui();
  const now = useNow();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.notificationSettings.removeDevice.mutationOptions({
      trpc: { context: { role } },
      onSuccess: () => {
        toast.success(t`Device removed`);
        return queryClient.invalidateQueries(trpc.notificationSettings.pathFilter());
      },
      onError: () => toast.error(t`The device could not be removed`),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>Devices with push on</Trans>
        </h2>
        <CardDescription>
          <Trans>Each browser where you turned push on. Signing out there turns it off.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {devices.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No devices yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2">
            {devices.map((d) => {
              const label = deviceName(d.label, i18n);
              const added = fromNow(d.createdAt, now);
              const lastPush = d.lastSuccessAt ? fromNow(d.lastSuccessAt, now) : null;
              return (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <Laptop aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                    <span className="grid min-w-0">
                      <span className="text-sm font-medium text-slate-900">
                        {label}
                        {d.thisDevice ? (
                          <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
                            <Trans>This device</Trans>
                          </span>
                        ) : null}
                      </span>
                      <span className="text-xs text-slate-500">
                        {t`Added ${added}`}
                        {lastPush ? ` · ${t`last push ${lastPush}`}` : ""}
                      </span>
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={d.thisDevice ? t`Remove ${label} (this device)` : t`Remove ${label}`}
                    onClick={() => remove.mutate({ id: d.id })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
