import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { activateLocale, currentLocale } from "@/platform/i18n";
import type { Role } from "@/platform/session";
import { useTRPCClient } from "@/platform/trpc";
import { toast } from "@/ui/toast";
import { isLocale, LANGUAGE_SWITCHER_ATTRIBUTE, LOCALE_NAMES, LOCALES, type Locale } from "../../shared/locale";

/**
 * The language switcher of the public and signed-in navs (ADR 0027). The choice shows at once, is kept
 * in this browser (the `lang` cookie, which the Worker's pages read too) and, signed in, in her
 * account: her e-mails and reminders speak it, and her next sign-in anywhere brings it back.
 */
export function LanguageSwitcher({ role, className = "" }: { role?: Role; className?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  // The language of the page as drawn: the Worker draws it with an i18n of its own, not the browser's.
  const shown = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const change = async (locale: Locale) => {
    setBusy(true);
    try {
      await activateLocale(locale, { remember: true });
      if (role) await client.auth.setLocale.mutate({ locale }, { context: { role } }).catch(() => undefined);
    } catch {
      toast.error(t`The language could not be loaded. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        {...{ [LANGUAGE_SWITCHER_ATTRIBUTE]: "" }}
        value={shown}
        disabled={busy}
        onChange={(event) => isLocale(event.target.value) && void change(event.target.value)}
        className="h-9 max-w-28 rounded-md border border-slate-200 bg-white px-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
