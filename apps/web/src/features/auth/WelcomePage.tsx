import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { verifyInvitation } from '../../api/auth';
import { fieldErrorsOf, userMessageOf } from '../../api/client';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from './Field';
import { saveInvitation, type VerifiedInvitation } from './invitation-storage';

const SIX_DIGITS = /^\d{6}$/;

/** Step one of an invitation: email and the 6-digit code from the invitation email. */
export function WelcomePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const trimmedCode = code.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setFieldErrors({});
    if (!SIX_DIGITS.test(trimmedCode)) {
      setFieldErrors({ code: t('codeFormat') });
      return;
    }
    setPending(true);
    try {
      const answer = await verifyInvitation(email.trim(), trimmedCode);
      const invitation: VerifiedInvitation = {
        email: answer.user?.email ?? email.trim(),
        code: trimmedCode,
        firstName: answer.user?.firstName ?? '',
        lastName: answer.user?.lastName ?? '',
      };
      saveInvitation(invitation);
      navigate('/auth/complete-registration', { state: invitation });
    } catch (failure) {
      setFieldErrors(fieldErrorsOf(failure));
      setError(userMessageOf(failure, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout
      title={t('welcomeTitle')}
      subtitle={t('welcomeSubtitle')}
      footer={
        <Link to="/auth/login" className="font-medium text-blue-700 underline-offset-4 hover:underline">
          {t('backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <Field
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldErrors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('invitationCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={fieldErrors.code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={pending || !email.trim() || !trimmedCode}>
          {pending ? t('verifying') : t('verifyCode')}
        </Button>
      </form>
    </AuthLayout>
  );
}
