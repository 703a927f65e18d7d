import type { HTMLAttributes, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

/** The common frame of a page inside the shell: a width limit and the page's one h1. */
export function Page({ title, description, actions, children, className }: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl px-4 py-6 pb-24 sm:px-6', className)}>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {description && <p className="mt-1 max-w-3xl text-sm text-slate-700">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A bordered card for a page section or an honest state (coming soon, access denied, not found). */
export function Panel({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn('rounded-lg border border-slate-200 bg-white p-5 shadow-sm', className)} {...props} />;
}

export function StatePanel({ icon: Icon, title, children, tone = 'neutral' }: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'warning';
}) {
  return (
    <Panel className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'warning' ? 'bg-amber-100 text-amber-800' : 'bg-blue-50 text-blue-800',
        )}
      >
        <Icon className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="max-w-xl text-sm text-slate-700">{children}</div>
    </Panel>
  );
}
