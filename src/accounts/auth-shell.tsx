import type { ReactNode } from "react";
import { PublicNav } from "../layout/public-nav";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";
import { MAIN_ID } from "../ui/skip-link";

/** The public frame of the sign-in and sign-up pages: top bar and one centred card. */
export function AuthShell({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PublicNav />
      <main id={MAIN_ID} tabIndex={-1} className="px-4 py-10 focus:outline-none">
        <Card className={`mx-auto w-full ${wide ? "max-w-2xl" : "max-w-md"}`}>
          <CardHeader>
            <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </>
  );
}
