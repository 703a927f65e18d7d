/** The verified invitation, carried from /auth/welcome to /auth/complete-registration (router state, and sessionStorage for a reload). */
export interface VerifiedInvitation {
  email: string;
  code: string;
  firstName: string;
  lastName: string;
}

const STORAGE_KEY = 'verified_invitation';

export function saveInvitation(invitation: VerifiedInvitation): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(invitation));
  } catch {
    // Router state still carries it for this navigation.
  }
}

export function loadInvitation(routerState: unknown): VerifiedInvitation | null {
  const candidates: unknown[] = [routerState];
  try {
    candidates.push(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    // Unreadable storage: only router state counts.
  }
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object') {
      const { email, code, firstName, lastName } = candidate as Record<string, unknown>;
      if (typeof email === 'string' && typeof code === 'string') {
        return {
          email,
          code,
          firstName: typeof firstName === 'string' ? firstName : '',
          lastName: typeof lastName === 'string' ? lastName : '',
        };
      }
    }
  }
  return null;
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
