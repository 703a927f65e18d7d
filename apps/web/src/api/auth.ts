import type { SessionResponse, UserView } from '@civicdesk/contract';
import { api } from './client';

interface MessageAnswer {
  success: boolean;
  message: string;
}

export interface VerifyInvitationAnswer extends MessageAnswer {
  user?: { email: string; firstName: string; lastName: string; userName: string };
}

/** The sign-in field takes an email or a user name; an @ tells them apart. */
export function login(identifier: string, password: string) {
  const id = identifier.trim();
  const body = id.includes('@') ? { email: id, password } : { userName: id, password };
  return api.put<SessionResponse>('/user/login', body);
}

export const fetchMe = (signal?: AbortSignal) => api.get<UserView>('/user/me', signal);

export const verifyInvitation = (email: string, code: string) =>
  api.post<VerifyInvitationAnswer>('/user/verify-invitation', { email, code });

export const completeInvitation = (body: {
  email: string;
  code: string;
  password: string;
  firstName?: string;
  lastName?: string;
}) => api.put<SessionResponse>('/user/complete-invitation', body);

export const requestPasswordReset = (email: string) =>
  api.post<MessageAnswer>('/user/request-password-reset', { email });

export const resendResetCode = (email: string) => api.post<MessageAnswer>('/user/resend-reset-code', { email });

export const verifyResetCode = (email: string, code: string) =>
  api.post<MessageAnswer>('/user/verify-reset-code', { email, code });

export const resetPasswordWithCode = (email: string, code: string, password: string) =>
  api.post<MessageAnswer>('/user/reset-password-with-code', { email, code, password });
