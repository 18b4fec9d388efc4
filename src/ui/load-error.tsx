import { Trans } from "@lingui/react/macro";
import { cn } from "@/ui/class-names";
import { Button } from "./button";

type LoadErrorProps = {
  /** What could not be loaded, as it reads in the sentence: "your subscriptions", "this profile". */
  what: string;
  onRetry: () => void;
  /** Centred for a page of its own; at the start for a list inside a page. */
  align?: "center" | "start";
  className?: string;
};

/** A read failed: says so, and offers Retry. */
export function LoadError({ what, onRetry, align = "start", className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn("flex flex-col gap-3", align === "center" ? "items-center text-center" : "items-start", className)}>
      <p className="text-slate-700">
        <Trans>We couldn't load {what}. Please check your connection and try again.</Trans>
      </p>
      <Button variant="outline" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}
