import { Trans } from "@lingui/react/macro";
import { type Role, useSession } from "@/platform/session";

/** The index page of a signed-in area: a welcome heading with the user's name. */
export function AreaWelcome({ role, intro }: { role: Role; intro: string }) {
  const name = useSession(role)?.name;
  return (
    <section className="grid gap-2">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{name ? <Trans>Welcome, {name}</Trans> : <Trans>Welcome</Trans>}</h1>
      <p className="text-slate-600">{intro}</p>
    </section>
  );
}
