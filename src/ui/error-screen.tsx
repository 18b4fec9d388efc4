import { Trans } from "@lingui/react/macro";
import { type ErrorComponentProps, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { BRAND } from "@/layout/brand";
import { failedPartName, isChunkLoadError, reloadOnce } from "@/platform/chunk-errors";
import { translateServerMessage } from "@/platform/i18n/server-messages";
import { PageChrome } from "../layout/page-chrome";
import { Button } from "./button";
import { LoadingScreen } from "./loading-screen";

/**
 * A part of the app's code could not be fetched. The first time the page reloads itself (an open tab
 * after a deploy gets the new files); when that was just tried, it says in words what failed and
 * offers Retry and Home.
 */
function ChunkFailed({ error }: { error: unknown }) {
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    if (!reloadOnce(error)) setReloading(false);
  }, [error]);
  if (reloading) return <LoadingScreen />;
  const what = failedPartName(error);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Something didn&apos;t load</Trans>
      </h1>
      <p role="alert" className="text-slate-600">
        <Trans>
          This part of {BRAND} could not be loaded ({what}). Check your connection and try again.
        </Trans>
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>
          <Trans>Retry</Trans>
        </Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            <Trans>Home</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The router's error screen (SPEC §2 "Other screens"), framed by the nav of where it happened. */
export function ErrorScreen({ error }: ErrorComponentProps) {
  if (isChunkLoadError(error))
    return (
      <PageChrome>
        <ChunkFailed error={error} />
      </PageChrome>
    );
  // A loader's failed call says it in English (SPEC §8): shown in the reader's language when the catalog knows it.
  const detail = translateServerMessage(error instanceof Error ? error.message : String(error));
  return (
    <PageChrome>
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">
          <Trans>Something Went Wrong....!!! Please Go Back to HomePage</Trans>
        </h1>
        <p className="break-words text-slate-600">{detail}</p>
        <Button asChild>
          <Link to="/">
            <Trans>Home Page</Trans>
          </Link>
        </Button>
      </div>
    </PageChrome>
  );
}
