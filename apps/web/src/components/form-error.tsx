import type { ReactNode } from 'react';

/** A form's error, announced as it appears (role="alert"); nothing when there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
