import { type ComponentProps, lazy, Suspense } from "react";

const PushOffer = lazy(() => import("./push-offer").then((m) => ({ default: m.PushOffer })));

/** The offer to turn push on (./push-offer.tsx), loaded apart from the page it sits on: most visits never show it. */
export function PushOfferSlot(props: ComponentProps<typeof PushOffer>) {
  return (
    <Suspense fallback={null}>
      <PushOffer {...props} />
    </Suspense>
  );
}
