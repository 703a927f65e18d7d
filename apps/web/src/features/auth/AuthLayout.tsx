import type { ReactNode } from 'react';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { LanguageMenu } from '../../shell/LanguageMenu';

/** The public pages' frame: no shell, just the product name, the form and the language choice. */
export function AuthLayout({ title, subtitle, children, footer }: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" className="size-7" />
          CivicDesk
        </span>
        <LanguageMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-700">{subtitle}</p>}
          <div className="mt-6">{children}</div>
          {footer && <div className="mt-6 border-t border-slate-200 pt-4 text-sm">{footer}</div>}
        </div>
      </main>
    </div>
  );
}

/** A form's error (role alert, read out at once) or a success notice (role status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null;
  const error = tone === 'error';
  const Icon = error ? TriangleAlert : CheckCircle2;
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={
        error
          ? 'flex items-start gap-2 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800'
          : 'flex items-start gap-2 rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
