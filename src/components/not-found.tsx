import { Link } from "@tanstack/react-router";
import { PageChrome } from "./page-chrome";
import { Button } from "./ui/button";

/** An unknown path: inside an area its nav stays; elsewhere the public header and footer frame it. */
export function NotFound() {
  return (
    <PageChrome>
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
        <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Button asChild>
          <Link to="/">Home Page</Link>
        </Button>
      </div>
    </PageChrome>
  );
}
