import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { decodeToken, isTokenExpired } from '../../lib/session';
import { useSession } from '../../lib/session-context';
import { useSubmission } from '../../lib/use-submission';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from '../../components/field';

interface LoginState {
  from?: string;
  notice?: 'passwordReset';
}

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { token, signIn } = useSession();
  const state = (location.state ?? {}) as LoginState;
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const { busy: pending, error, setError, submitWith } = useSubmission();
  const destination = state.from && state.from.startsWith('/') && !state.from.startsWith('/auth') ? state.from : '/';

  const claims = decodeToken(token);
  if (claims && !isTokenExpired(claims) && !pending) return <Navigate to={destination} replace />;

  const submit = submitWith(async () => {
    const answer = await login(identifier, password);
    if (signIn(answer)) navigate(destination, { replace: true });
    else setError(t('sessionInvalid'));
  });

  return (
    <AuthLayout
      title={t('signInTitle')}
      subtitle={t('signInSubtitle')}
      footer={
        <Link to="/auth/welcome" className="font-medium text-blue-700 underline-offset-4 hover:underline">
          {t('haveInvitation')}
        </Link>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {state.notice === 'passwordReset' && <FormMessage tone="success">{t('passwordResetDone')}</FormMessage>}
        <FormMessage tone="error">{error}</FormMessage>
        <Field
          label={t('emailOrUserName')}
          name="username"
          autoComplete="username"
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <Field
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex items-center justify-between gap-3">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
            {t('forgotPassword')}
          </Link>
          <Button type="submit" disabled={pending || !identifier.trim() || !password}>
            {pending ? t('signingIn') : t('signIn')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
