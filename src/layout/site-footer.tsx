import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Facebook, Instagram, Linkedin, Twitter } from "lucide-react";
import { BRAND } from "@/layout/brand";
import { BrandLogo } from "./brand-logo";

type FooterItem =
  | { label: MessageDescriptor; to: "/" | "/privacy"; params?: undefined }
  | { label: MessageDescriptor; to: "/browse/mentor/$search"; params: { search: string } };
const home = (label: MessageDescriptor): FooterItem => ({ label, to: "/" });
/** Finding a mentor and booking a session both start from the directory. */
const browse = (label: MessageDescriptor): FooterItem => ({ label, to: "/browse/mentor/$search", params: { search: "all" } });

const COLUMNS: { title: MessageDescriptor; items: FooterItem[] }[] = [
  { title: msg`Platform`, items: [browse(msg`Find a Mentor`), browse(msg`Book a Session`), home(msg`Testimonials`)] },
  { title: msg`Company`, items: [home(msg`About`), home(msg`Code of Conduct`), { label: msg`Privacy`, to: "/privacy" }] },
  { title: msg`Support`, items: [home(msg`Faq`), home(msg`Contact`)] },
];

const SOCIAL = [
  { label: "Instagram", Icon: Instagram },
  { label: "Facebook", Icon: Facebook },
  { label: "LinkedIn", Icon: Linkedin },
  { label: "Twitter", Icon: Twitter },
];

const footerLink =
  "rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

export function SiteFooter() {
  const { i18n, t } = useLingui();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-3 gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-3 grid content-start gap-3 md:col-span-1">
          <BrandLogo />
          <p className="max-w-sm text-sm text-slate-600">
            <Trans>A trusted source of highly vetted mentors and industry professionals to move your career ahead.</Trans>
          </p>
          <ul aria-label={t`Social media`} className="flex gap-2">
            {SOCIAL.map(({ label, Icon }) => (
              <li key={label}>
                <Link
                  to="/"
                  aria-label={label}
                  className={`${footerLink} flex size-9 items-center justify-center rounded-full bg-slate-100`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title.id} aria-label={i18n._(column.title)}>
            <h2 className="mb-3 text-sm font-semibold text-slate-900">{i18n._(column.title)}</h2>
            <ul className="grid gap-2">
              {column.items.map((item) => (
                <li key={item.label.id}>
                  <Link to={item.to} params={item.params} className={footerLink}>
                    {i18n._(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-600">
        <Trans>© 2023 {BRAND}. All Rights Reserved.</Trans>
      </p>
    </footer>
  );
}
