import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { cn } from "@/ui/class-names";
import type { StatusWords } from "./words";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers line up on the right in the table. */
  numeric?: boolean;
  /** The header is read by screen readers only (an action column). */
  hiddenHeader?: boolean;
};

type StackedTableProps<T> = {
  /** Names the table for screen readers (its caption) and the list of cards. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** A row to mark (the selected month). */
  isCurrent?: (row: T) => boolean;
  /** The rows shown as cards on a phone, when fewer than the table's (the months with payments), and a line saying what was left out. */
  cardRows?: T[];
  cardNote?: string;
  testId?: string;
};

/**
 * A table from 768 px on; below it each row is a card of label and value pairs, so a phone never
 * scrolls sideways (every screen works at 360 px). Only one of the two is displayed, so screen readers and
 * tests meet one copy.
 */
export function StackedTable<T>({ caption, columns, rows, rowKey, isCurrent, cardRows = rows, cardNote, testId }: StackedTableProps<T>) {
  return (
    <div data-testid={testId}>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn("py-2 pr-3 font-medium last:pr-0", c.numeric && "text-right")}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              aria-current={isCurrent?.(row) ? "true" : undefined}
              className="border-b border-slate-100 aria-[current=true]:bg-indigo-50"
            >
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={cn("py-2 pr-3 last:pr-0", c.numeric && "text-right tabular-nums")}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {cardNote && cardRows.length < rows.length ? <p className="mb-3 text-sm text-slate-600 md:hidden">{cardNote}</p> : null}
      <ul aria-label={caption} className="grid gap-3 md:hidden">
        {cardRows.map((row) => (
          <li
            key={rowKey(row)}
            aria-current={isCurrent?.(row) ? "true" : undefined}
            className="min-w-0 rounded-lg border border-slate-200 p-3 aria-[current=true]:border-indigo-300 aria-[current=true]:bg-indigo-50"
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {columns.map((c) => (
                <div key={c.header} className="contents">
                  <dt className={cn("text-slate-600", c.hiddenHeader && "sr-only")}>{c.header}</dt>
                  <dd className={cn("min-w-0 break-words text-slate-900", c.hiddenHeader ? "col-span-2" : "text-right")}>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A status word in a small pill, in the reader's language. */
export function StatusPill({ label, tone }: StatusWords) {
  const { i18n } = useLingui();
  return (
    <span className={cn("inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tone)}>
      {i18n._(label)}
    </span>
  );
}
