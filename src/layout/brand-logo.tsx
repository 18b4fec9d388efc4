import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { GraduationCap } from "lucide-react";
import { BRAND } from "@/layout/brand";

/** The product logo, linking to the landing page. */
export function BrandLogo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <GraduationCap aria-hidden="true" className="size-6" />
      <span>{BRAND}</span>
      <span className="sr-only">
        <Trans>home</Trans>
      </span>
    </Link>
  );
}
