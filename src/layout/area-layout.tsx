import { useLingui } from "@lingui/react";
import { Trans, useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Link, Outlet } from "@tanstack/react-router";
import { BellRing, LogOut, UserRound } from "lucide-react";
import { lazy, type ReactNode, Suspense, useRef } from "react";
import { useUserRoom } from "@/chat/use-user-room";
import { useStickyHeaderOffset } from "@/layout/use-sticky-header";
import { useDevPushRelay } from "@/notifications/use-dev-push-relay";
import { useIsImmersive } from "@/platform/immersive";
import { type Role, useSession } from "@/platform/session";
import { VerifyEmailBanner } from "../accounts/verify-email-banner";
import { NotificationBell } from "../notifications/notification-bell";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { DeferredMenu } from "../ui/deferred-menu";
import { MAIN_ID, SkipLink } from "../ui/skip-link";
import { AreaNav, type AreaNavItem } from "./area-nav";
import { BrandLogo } from "./brand-logo";
import { LanguageSwitcher } from "./language-switcher";
import { InAreaLayout } from "./page-chrome";
import { useLogout } from "./use-logout";

/** The zone notice is drawn only by the browser and only when the saved zone differs: its code loads after the page, never with it. */
const ZoneCheck = lazy(() => import("../scheduling/zone-check").then((m) => ({ default: m.ZoneCheck })));

export type { AreaNavItem } from "./area-nav";

type AreaLayoutProps = { role: Role; nav: readonly AreaNavItem[]; menu?: readonly AreaNavItem[]; search?: ReactNode };

/**
 * The shell of a signed-in area: its nav (SPEC §2), an optional search box, an account menu showing
 * the user's picture (or a Logout button when `menu` is absent), the user's realtime room, and the area's pages.
 */
export function AreaLayout({ role, nav, menu, search }: AreaLayoutProps) {
  useUserRoom(role);
  useDevPushRelay();
  const session = useSession(role);
  const logout = useLogout(role);
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const header = useRef<HTMLElement>(null);
  useStickyHeaderOffset(header);
  // A live call has the whole window: the header stays mounted (its height is measured) but hidden.
  const immersive = useIsImmersive();

  return (
    <>
      <SkipLink />
      <header ref={header} hidden={immersive} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 px-4 md:flex-nowrap">
          <div className="flex h-[58px] items-center">
            <BrandLogo />
          </div>
          {search ? <div className="order-last mb-2 flex w-full md:order-none md:mb-0 md:max-w-xs">{search}</div> : null}
          <div className="flex items-center gap-1">
            <LanguageSwitcher role={role} />
            {role !== "moderator" ? <NotificationBell side={role} /> : null}
            {role === "moderator" ? (
              // Moderators have no bell or account menu: their notification settings sit here.
              <Button asChild variant="ghost" size="icon" shape="round">
                <Link to="/moderator/notifications" aria-label="Notification settings">
                  <BellRing aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
            {menu ? (
              <DeferredMenu
                trigger={
                  <Button variant="ghost" size="icon" shape="round" aria-label={t`Account menu`}>
                    {session?.profileImageUrl ? (
                      <Avatar src={session.profileImageUrl} name={session.name} alt="" className="size-8 text-xs" />
                    ) : (
                      <UserRound aria-hidden="true" />
                    )}
                  </Button>
                }
                content={({ DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator }) => (
                  <DropdownMenuContent>
                    {session?.name ? <DropdownMenuLabel>{session.name}</DropdownMenuLabel> : null}
                    {menu.map((item) =>
                      item.to ? (
                        <DropdownMenuItem key={item.to} asChild>
                          <Link to={item.to} params={item.params as never}>
                            {i18n._(item.label)}
                          </Link>
                        </DropdownMenuItem>
                      ) : (
                        <DropdownMenuItem key={item.label.id} disabled>
                          {i18n._(item.label)}
                        </DropdownMenuItem>
                      ),
                    )}
                    <DropdownMenuSeparator />
                    <DropdownMenuItem onSelect={() => void logout()}>
                      <LogOut aria-hidden="true" className="size-4" />
                      <Trans>Logout</Trans>
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                )}
              />
            ) : (
              <Button variant="outline" size="sm" onClick={() => void logout()}>
                <LogOut aria-hidden="true" />
                <Trans>Logout</Trans>
              </Button>
            )}
          </div>
        </div>
        <AreaNav role={role} nav={nav} />
      </header>
      {role !== "moderator" && !immersive ? <VerifyEmailBanner role={role} /> : null}
      <main id={MAIN_ID} tabIndex={-1} className={immersive ? "focus:outline-none" : "mx-auto max-w-6xl px-4 py-8 focus:outline-none"}>
        <InAreaLayout.Provider value={true}>
          <Outlet />
        </InAreaLayout.Provider>
      </main>
      {/* After the page: the notice is a bar at the bottom of the screen (src/scheduling/zone-check.tsx). */}
      {role !== "moderator" && !immersive ? (
        <Suspense fallback={null}>
          <ZoneCheck role={role} />
        </Suspense>
      ) : null}
    </>
  );
}
