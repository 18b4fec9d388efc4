import type { ReactNode } from "react";
import { Button } from "./button";
import { Spinner } from "./spinner";

/** A form's submit button: disabled with a spinner while the request is pending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
