import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { PageChrome } from "../layout/page-chrome";
import { Button } from "./button";

/** An unknown path: inside an area its nav stays; elsewhere the public header and footer frame it. */
export function NotFound() {
  return (
    <PageChrome>
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">
          <Trans>Page not found</Trans>
        </h1>
        <p className="text-slate-600">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <Button asChild>
          <Link to="/">
            <Trans>Home Page</Trans>
          </Link>
        </Button>
      </div>
    </PageChrome>
  );
}
