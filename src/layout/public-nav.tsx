import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "@tanstack/react-router";
import { Menu, UserRound, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { safeReturnPath } from "@/accounts/return-path";
import { AREA_HOME } from "@/platform/areas";
import { WANTS_ATTRIBUTE } from "@/platform/page-shells";
import { useSignedInRole } from "@/platform/session";
import { MentorSearchBox } from "../search/mentor-search-box";
import { Button } from "../ui/button";
import { SkipLink } from "../ui/skip-link";
import { BrandLogo } from "./brand-logo";
import { LanguageSwitcher } from "./language-switcher";

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

function PrimaryLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Link to="/auth/mentor-register" className={linkClass} onClick={onNavigate}>
        <Trans>Become a Mentor</Trans>
      </Link>
      <Link to="/browse/mentor/$search" params={{ search: "all" }} className={linkClass} onClick={onNavigate}>
        <Trans>Find a Mentor</Trans>
      </Link>
    </>
  );
}

const loadUserMenu = () => import("./public-user-menu");
const LazyUserMenu = lazy(loadUserMenu);

/** Whether the visitor reached for the user menu on the landing before the app ran (src/landing-island.ts). */
const reachedBeforeApp = () => typeof document !== "undefined" && document.documentElement.getAttribute(WANTS_ATTRIBUTE) === "user-menu";

/**
 * The user menu's trigger, drawn the same before and after its code arrives: pointing at it or
 * focusing it fetches the menu, a click (or Enter or Space) opens it.
 */
function UserMenu() {
  const { t } = useLingui();
  const redirect = useReturnHere();
  const [wanted, setWanted] = useState(reachedBeforeApp);
  useEffect(() => {
    document.documentElement.removeAttribute(WANTS_ATTRIBUTE);
  }, []);
  const trigger = (onClick?: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t`User menu`}
      data-user-menu=""
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
    >
      <UserRound aria-hidden="true" />
    </Button>
  );
  if (!wanted) return trigger(() => setWanted(true));
  return (
    <Suspense fallback={trigger()}>
      <LazyUserMenu defaultOpen redirect={redirect} />
    </Suspense>
  );
}

/** This page, to come back to after signing in; none from the landing or a sign-in page. */
function useReturnHere(): string | null {
  const here = useLocation({ select: (l) => l.href });
  return here === "/" ? null : safeReturnPath(here);
}

/**
 * "Login", coming back to this page afterwards; once signed in (in this tab or another), her area instead, so a
 * profile she signed in from no longer offers to sign in.
 */
function LoginLink() {
  const redirect = useReturnHere();
  const role = useSignedInRole();
  if (role)
    return (
      <Link to={AREA_HOME[role]} className={linkClass}>
        <Trans>Dashboard</Trans>
      </Link>
    );
  return (
    <Link to="/auth/login" search={redirect ? { redirect } : {}} className={linkClass}>
      <Trans>Login</Trans>
    </Link>
  );
}

/**
 * The public top bar of SPEC §2: sticky, 58 px, logo, mentor search, two links, Login, a user menu,
 * and a mobile panel. Below `md` the search moves to its own row under the bar.
 */
export function PublicNav() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav aria-label={t`Main`} className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 md:flex-nowrap">
          <div className="flex h-[58px] items-center">
            <BrandLogo />
          </div>
          <MentorSearchBox area="public" className="order-last mb-2 w-full md:order-none md:mb-0 md:max-w-xs" />
          <div className="hidden items-center gap-1 md:flex">
            <PrimaryLinks />
          </div>
          <div className="flex h-[58px] items-center gap-1">
            <LanguageSwitcher className="hidden sm:flex" />
            <LoginLink />
            <UserMenu />
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label={open ? t`Close menu` : t`Open menu`}
              data-open-label={t`Open menu`}
              data-close-label={t`Close menu`}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          </div>
        </nav>
        <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-white px-4 py-2 md:hidden">
          <div className="flex flex-col">
            <PrimaryLinks onNavigate={() => setOpen(false)} />
            <LanguageSwitcher className="px-3 py-2 sm:hidden" />
          </div>
        </div>
      </header>
    </>
  );
}
