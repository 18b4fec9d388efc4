import { createContext, type ReactNode, useContext } from "react";
import { MAIN_ID } from "../ui/skip-link";
import { PublicNav } from "./public-nav";
import { SiteFooter } from "./site-footer";

/** True inside a signed-in area's layout, which already draws that area's header and nav. */
export const InAreaLayout = createContext(false);

/**
 * The frame of a screen that can show anywhere (not found, an error): inside a signed-in area it is
 * drawn in the area's layout and adds nothing; elsewhere it brings the public header and footer, so
 * the visitor is never left on a bare page.
 */
export function PageChrome({ children }: { children: ReactNode }) {
  if (useContext(InAreaLayout)) return <>{children}</>;
  return (
    <>
      <PublicNav />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
