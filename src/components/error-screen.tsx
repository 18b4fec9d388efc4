import { Link, type ErrorComponentProps } from "@tanstack/react-router";
import { Button } from "./ui/button";

export function ErrorScreen({ error }: ErrorComponentProps) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something Went Wrong....!!! Please Go Back to HomePage</h1>
      <p className="break-words text-slate-600">{detail}</p>
      <Button asChild>
        <Link to="/">Home Page</Link>
      </Button>
    </main>
  );
}
