import { Boxes, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useServiceName } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";

/** The branded frame around the sign-in, registration and forgot-password cards. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const serviceName = useServiceName();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10">
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/20">
            <Boxes className="size-7" aria-hidden="true" />
          </div>
          <p className="text-2xl font-semibold tracking-tight text-slate-900">{serviceName}</p>
          <p className="mt-1 text-sm text-slate-500">Prestito attrezzature dell'accademia</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="mt-8 text-center text-xs text-slate-500">© 2025 {serviceName}</footer>
    </div>
  );
}

export function AuthHeading({ title, text }: { title: string; text: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
    </div>
  );
}

/** The end of an auth form: what stopped the last try, then the wide button, which says what it does while busy. */
export function AuthSubmit({
  error,
  icon,
  busy,
  busyLabel,
  children,
}: {
  error?: string | null;
  icon: LucideIcon;
  busy: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" icon={icon} busy={busy} className="w-full">
        {busy ? busyLabel : children}
      </Button>
    </>
  );
}

/** A text-styled button for the small links under the forms. */
export function TextLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded font-medium text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
    </button>
  );
}
