import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Link, useRouterState } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import { AREA_HOME } from "@/platform/areas";
import type { Role } from "@/platform/session";
import { ConnectUnread } from "../chat/connect-unread";

export type AreaPath =
  | (typeof AREA_HOME)[Role]
  | "/mentees/profile"
  | "/mentors/profile"
  | "/mentees/browse/mentor/$search"
  | "/mentees/subscribed-mentors"
  | "/mentors/subscribed-mentees"
  | "/mentees/tickets"
  | "/mentors/tickets"
  | "/moderator/tickets"
  | "/moderator/mentees-list"
  | "/moderator/mentors-list"
  | "/moderator/mentor-applicants"
  | "/moderator/audit-log"
  | "/mentees/schedules"
  | "/mentees/booked-slots"
  | "/mentors/scheduler"
  | "/mentors/earnings"
  | "/mentees/connect/inbox"
  | "/mentors/connect/inbox"
  | "/mentees/notifications"
  | "/mentors/notifications";

/** A nav or menu entry; one without `to` is a page not built yet, shown disabled. */
export type AreaNavItem = {
  /** Written with Lingui's `msg` (the area's catalog), shown in the reader's language. */
  label: MessageDescriptor;
  to?: AreaPath;
  params?: Record<string, string>;
  /** Shows the unread chat count ("Connect"). */
  unreadChat?: boolean;
  /** On a phone the nav is a row of tabs: an icon over a short word ("Browse" for "Browse Mentors"). */
  icon?: LucideIcon;
  short?: MessageDescriptor;
  /** Pages without a tab of their own that are reached from this one: the tab shows as the current place on them too. */
  alsoCurrentOn?: readonly string[];
};

const itemClass =
  "flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-[11px] font-medium leading-tight md:inline-flex md:flex-row md:gap-0 md:whitespace-nowrap md:px-3 md:py-2 md:text-sm";
const linkClass = `${itemClass} text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-[status=active]:bg-indigo-50 data-[status=active]:text-indigo-700`;

/** The words of an entry: the short one shown on a phone, the full one read by screen readers and shown from `md` on. */
function ItemContent({ item }: { item: AreaNavItem }) {
  const { i18n } = useLingui();
  const Icon = item.icon;
  return (
    <>
      <span className="relative md:contents">
        {Icon ? <Icon aria-hidden="true" className="size-5 md:hidden" /> : null}
        {item.unreadChat ? (
          <span className="absolute -top-1.5 left-3 whitespace-nowrap md:static">
            <ConnectUnread />
          </span>
        ) : null}
      </span>
      <span aria-hidden="true" className="max-w-full truncate md:hidden">
        {i18n._(item.short ?? item.label)}
      </span>
      <span className="sr-only md:not-sr-only md:order-first">{i18n._(item.label)}</span>
    </>
  );
}

/**
 * A signed-in area's sections (SPEC §2). From `md` on a strip of links under the header's top row;
 * on a phone a row of equal tabs (icon over a short word) so every section and the Connect badge
 * stay on screen at 360 px, with nothing scrolled out of sight.
 */
export function AreaNav({ role, nav }: { role: Role; nav: readonly AreaNavItem[] }) {
  const { t } = useLinguiMacro();
  const label = { mentee: t`Mentee navigation`, mentor: t`Mentor navigation`, moderator: t`Moderator navigation` }[role];
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The Link marks its own path; a page reached from a tab is marked the same way (the Link keeps props it is given).
  const currentOn = (item: AreaNavItem) =>
    item.alsoCurrentOn?.some((path) => pathname === path || pathname.startsWith(`${path}/`))
      ? ({ "aria-current": "page", "data-status": "active" } as const)
      : {};
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-2">
      <ul className="grid auto-cols-fr grid-flow-col gap-1 pb-1.5 md:flex md:pb-2">
        {nav.map((item) => (
          <li key={item.to ?? item.label.id} className="min-w-0">
            {item.to ? (
              <Link
                to={item.to}
                params={item.params as never}
                activeOptions={{ exact: item.to === AREA_HOME[role] }}
                className={linkClass}
                {...currentOn(item)}
              >
                <ItemContent item={item} />
              </Link>
            ) : (
              <span aria-disabled="true" title={t`Coming soon`} className={`${itemClass} cursor-not-allowed text-slate-400`}>
                <ItemContent item={item} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
