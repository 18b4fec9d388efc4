import type { ReactNode } from "react";
import { Card, CardContent } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";

/** One panel of the mentee home: a titled card, labelled for screen readers by its heading. */
export function HomePanel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id} className="min-w-0">
      {/* Not CardHeader/CardTitle: a row, with a smaller title (their own column and size would fight these classes). */}
      <div className="flex flex-wrap items-center justify-between gap-2 p-6">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

/** A panel's placeholder while the home loads. */
export function HomePanelSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="home-panel-skeleton" className="grid gap-3 p-6">
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
    </Card>
  );
}
