import { createFileRoute, Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { AuthShell } from "@/components/auth-shell";
import { LoginForm } from "@/components/login-form";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { redirectSignedInUser, roleFromLoginSearch, validateLoginSearch } from "@/lib/areas";
import type { Role } from "@/lib/session";

export const Route = createFileRoute("/auth/login")({
  validateSearch: validateLoginSearch,
  beforeLoad: redirectSignedInUser,
  component: LoginPage,
});

const TABS: { role: Role; label: string }[] = [
  { role: "mentee", label: "Mentees" },
  { role: "mentor", label: "Mentors" },
  { role: "moderator", label: "Moderator" },
];

const footerLink = "font-medium text-indigo-700 underline-offset-4 hover:underline";

function GoogleSignIn() {
  const hintId = useId();
  return (
    <div className="mt-4 grid gap-1.5">
      <Button type="button" variant="outline" className="w-full" disabled aria-describedby={hintId}>
        Sign in with Google
      </Button>
      <p id={hintId} className="text-xs text-slate-500">
        Google sign-in needs Google credentials configured on the server
      </p>
    </div>
  );
}

function LoginPage() {
  const search = Route.useSearch();
  const [role, setRole] = useState<Role>(() => roleFromLoginSearch(search));

  return (
    <AuthShell title="Sign in" description="Choose your account type and sign in with your e-mail and password.">
      <Tabs value={role} onValueChange={(value) => setRole(value as Role)}>
        <TabsList aria-label="Account type">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.role} value={tab.role}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.role} value={tab.role}>
            <LoginForm role={tab.role} />
            {tab.role === "mentee" ? <GoogleSignIn /> : null}
            {tab.role === "mentee" ? (
              <p className="mt-4 text-sm text-slate-600">
                New here?{" "}
                <Link to="/auth/mentee-register" className={footerLink}>
                  Create a mentee account
                </Link>
              </p>
            ) : null}
            {tab.role === "mentor" ? (
              <p className="mt-4 text-sm text-slate-600">
                Want to mentor?{" "}
                <Link to="/auth/mentor-register" className={footerLink}>
                  Apply as a mentor
                </Link>
              </p>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </AuthShell>
  );
}
