import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { PageChrome } from "@/layout/page-chrome";
import { KEPT_RECORDS } from "./kept-records";

const section = "grid gap-2";
const heading = "text-lg font-semibold text-slate-900";
const list = "grid list-disc gap-1 pl-5";

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={section}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/privacy`: what MentorLink keeps about a person and why, for how long, who receives it, and her rights (ADR 0038, 0039). */
export function PrivacyPage() {
  const { i18n, t } = useLingui();
  const days = (count: number) => (count >= 365 && count % 365 === 0 ? t`${count / 365} years` : count === 1 ? t`1 day` : t`${count} days`);
  return (
    <PageChrome>
      <article className="mx-auto grid max-w-3xl gap-8 px-4 py-10 text-slate-700 [overflow-wrap:anywhere]">
        <header className="grid gap-2">
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Privacy: what we keep, and why</Trans>
          </h1>
          <p>
            <Trans>
              MentorLink keeps what it needs to connect mentees with mentors, run their sessions and pay mentors, and nothing for
              advertising. This page says what we keep, for how long, who else receives it, and what you can ask of us.
            </Trans>
          </p>
        </header>

        <Section id="privacy-what" title={<Trans>What we keep and why</Trans>}>
          <ul className={list}>
            <li>
              <Trans>Your account: name, e-mail, phone, photo, password (only as a hash) and language, to sign you in and reach you.</Trans>
            </li>
            <li>
              <Trans>A mentor's profile, skills, weekly hours and time off, so mentees can find and book them.</Trans>
            </li>
            <li>
              <Trans>Sessions, their history, attendance, notes and reviews, so both sides know what was agreed and what happened.</Trans>
            </li>
            <li>
              <Trans>Your conversations, so you can read them again.</Trans>
            </li>
            <li>
              <Trans>Plans, payments and payouts, to charge, pay and answer questions about money, as the law requires.</Trans>
            </li>
            <li>
              <Trans>Tickets and moderators' decisions, to settle disputes fairly.</Trans>
            </li>
            <li>
              <Trans>Sign-ins and devices, so you can spot a sign-in that was not yours.</Trans>
            </li>
          </ul>
        </Section>

        <Section id="privacy-how-long" title={<Trans>For how long</Trans>}>
          <p>
            <Trans>
              What you wrote or booked (profile, messages, sessions, notes, reviews, payments) stays as long as your account; payment
              records as long as the law requires. The records we write to run the service are deleted automatically:
            </Trans>
          </p>
          <ul className="grid gap-2" data-testid="kept-records">
            {KEPT_RECORDS.map((record) => (
              <li key={record.table} className="flex flex-wrap justify-between gap-x-4 border-b border-slate-200 pb-2">
                <span>{i18n._(record.what)}</span>
                <span className="font-medium text-slate-900" data-days={record.days}>
                  {days(record.days)}
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Trans>
              A copy of your data you asked for can be downloaded for 24 hours, once. Backups keep a deleted record for at most 90 days.
            </Trans>
          </p>
        </Section>

        <Section id="privacy-who" title={<Trans>Who receives your data</Trans>}>
          <ul className={list}>
            <li>
              <Trans>Stripe, for payments and mentors' payouts: we never see or keep card numbers.</Trans>
            </li>
            <li>
              <Trans>Our e-mail provider, to deliver the e-mails we send you.</Trans>
            </li>
            <li>
              <Trans>Your browser's push service (from Google, Mozilla or Apple), when you turn on notifications on a device.</Trans>
            </li>
            <li>
              <Trans>
                A relay (TURN) service, which carries the sound and video of a live call when a direct connection is not possible.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>The mentors and mentees you book or talk with see what the product shows them of you. We sell no data.</Trans>
          </p>
        </Section>

        <Section id="privacy-rights" title={<Trans>Your rights</Trans>}>
          <ul className={list}>
            <li>
              <Trans>A copy of your data: sign in, open your profile and use "Download my data".</Trans>
            </li>
            <li>
              <Trans>Correction: edit your profile at any time; for anything you cannot edit, raise a ticket.</Trans>
            </li>
            <li>
              <Trans>Deletion of your account and data: write to us by raising a ticket, and we will do it by hand.</Trans>
            </li>
          </ul>
        </Section>
      </article>
    </PageChrome>
  );
}
