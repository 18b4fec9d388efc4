import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { UserRound } from "lucide-react";
import { AREA_HOME } from "@/platform/areas";
import { type Role, useSignedInRole } from "@/platform/session";
import { Button } from "../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { useLogout } from "./use-logout";

const PROFILE = { mentee: "/mentees/profile", mentor: "/mentors/profile" } as const;

function SignedInItems({ role }: { role: Role }) {
  const logout = useLogout(role);
  return (
    <>
      <DropdownMenuItem asChild>
        <Link to={AREA_HOME[role]}>
          <Trans>Dashboard</Trans>
        </Link>
      </DropdownMenuItem>
      {role !== "moderator" ? (
        <DropdownMenuItem asChild>
          <Link to={PROFILE[role]}>
            <Trans>Your Profile</Trans>
          </Link>
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem onSelect={() => void logout()}>
        <Trans>Sign out</Trans>
      </DropdownMenuItem>
    </>
  );
}

/**
 * The public nav's user menu (SPEC §2), with Radix's dropdown: a signed-out visitor is offered what she can do (sign in,
 * sign up, coming back here afterwards), a signed-in person her area, her profile and Sign out; nothing greyed out.
 * Loaded only when a visitor first reaches for it (public-nav.tsx), so the shop-window pages do not download it up
 * front; it then opens at once and stays mounted as the trigger.
 */
export default function PublicUserMenu({ defaultOpen, redirect }: { defaultOpen?: boolean; redirect: string | null }) {
  const { t } = useLingui();
  const role = useSignedInRole();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`User menu`}>
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {role ? (
          <SignedInItems role={role} />
        ) : (
          <>
            <DropdownMenuItem asChild>
              <Link to="/auth/login" search={redirect ? { redirect } : {}}>
                <Trans>Sign in</Trans>
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/auth/mentee-register" search={redirect ? { redirect } : {}}>
                <Trans>Sign up</Trans>
              </Link>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
