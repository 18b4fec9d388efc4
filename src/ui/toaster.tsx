import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect } from "react";
import { loadToasts, toasterMounted, useToasterWanted } from "@/ui/toast";

const Sonner = lazy(() =>
  import("sonner").then(({ Toaster }) => ({
    default: function MountedToaster() {
      const { t } = useLingui();
      useEffect(() => toasterMounted(), []);
      return (
        <Toaster
          duration={4000}
          visibleToasts={3}
          position="bottom-right"
          closeButton
          containerAriaLabel={t`Notifications`}
          toastOptions={{ closeButtonAriaLabel: t`Close toast` }}
        />
      );
    },
  })),
);

/**
 * Toasts of SPEC §9: 4000 ms, at most 3 visible; sonner's fixed width is 356 px. Bottom right, so a
 * toast never covers the sticky nav (its account menu sits top right) while it is showing. Mounted
 * when the first toast is wanted, or once the browser is idle after the page is up (src/ui/toast.ts).
 */
export function Toaster() {
  const wanted = useToasterWanted();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadToasts());
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner />
    </Suspense>
  );
}
