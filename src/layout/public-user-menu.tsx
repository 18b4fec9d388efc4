import { Trans, useLingui } from "@lingui/react/macro";
import { UserRound } from "lucide-react";
import { Button } from "../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu";

/**
 * The public nav's user menu (SPEC §2), with Radix's dropdown. Loaded only when a visitor first
 * reaches for it (public-nav.tsx), so the shop-window pages do not download it up front;
 * it then opens at once and stays mounted as the trigger.
 */
export default function PublicUserMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useLingui();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`User menu`}>
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem disabled>
          <Trans>Your Profile</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <Trans>Settings</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <Trans>Sign out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
