import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { BRAND } from "@/layout/brand";
import { PublicNav } from "@/layout/public-nav";
import { SiteFooter } from "@/layout/site-footer";
import { hasRecord } from "@/platform/session";
import { LANDING_SEARCH, TAGLINE_MESSAGES, TAGLINES_ATTRIBUTE } from "@/search/landing";
import { MentorList } from "@/search/mentor-list";
import { useTypewriter } from "@/search/use-typewriter";
import { buttonVariants } from "@/ui/button-variants";
import { MAIN_ID } from "@/ui/skip-link";

export const Route = createFileRoute("/")({ component: Landing });

function RotatingTagline() {
  const { i18n } = useLingui();
  // The same list while the language stays, so the typewriter is not restarted by every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n is one object whatever the language; its locale is what changes
  const taglines = useMemo(() => TAGLINE_MESSAGES.map((tagline) => i18n._(tagline)), [i18n, i18n.locale]);
  const text = useTypewriter(taglines);
  return (
    <p className="min-h-21 text-xl font-semibold text-indigo-700 sm:min-h-16 sm:text-2xl">
      {/* Screen readers get the taglines once, not every typed letter. */}
      {/* The first tagline in full, then typed: by src/landing-island.ts until the app runs. The cursor is
          the typed text's right border, so typing moves no box (no layout shift). */}
      <span aria-hidden="true">
        <span data-typed="" {...{ [TAGLINES_ATTRIBUTE]: JSON.stringify(taglines) }} className="typewriter-cursor">
          {text}
        </span>
      </span>
      <span className="sr-only">{taglines.join(" ")}</span>
    </p>
  );
}

function Landing() {
  const { t } = useLingui();
  return (
    <>
      <PublicNav />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <section className="mx-auto grid max-w-6xl gap-5 px-4 py-14 sm:py-20">
          <RotatingTagline />
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            <Trans>Learn a new skill, launch a project, land your dream career.</Trans>
          </h1>
          <p className="max-w-2xl text-lg text-slate-600">
            <Trans>
              Welcome to {BRAND}. Connect with experienced mentors from around the world for personalised, one-to-one support on your goals.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/browse/mentor/$search" params={{ search: "all" }} className={buttonVariants({ size: "lg" })}>
              <Trans>Find a mentor</Trans>
            </Link>
            <Link to="/auth/mentor-register" className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Trans>Become a Mentor</Trans>
            </Link>
          </div>
        </section>
        <section aria-labelledby="featured-mentors" className="mx-auto grid max-w-6xl gap-4 px-4 pb-16">
          <h2 id="featured-mentors" className="text-2xl font-semibold text-slate-900">
            <Trans>Featured mentors</Trans>
          </h2>
          {/* SPEC §2: a signed-in mentee opens profiles inside her area; visitors get the public page. */}
          <MentorList query={LANDING_SEARCH} skeletons={4} label={t`Featured mentors`} area={hasRecord("mentee") ? "mentee" : "public"} />
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
