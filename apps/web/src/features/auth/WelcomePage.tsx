import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { verifyInvitation } from '../../api/auth';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from '../../components/field';
import { saveInvitation, type VerifiedInvitation } from './invitation-storage';

const SIX_DIGITS = /^\d{6}$/;

/** Step one of an invitation: email and the 6-digit code from the invitation email. */
export function WelcomePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const { busy: pending, error, errors, setErrors, clear, run } = useSubmission();
  const trimmedCode = code.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (!SIX_DIGITS.test(trimmedCode)) {
      setErrors({ code: t('codeFormat') });
      return;
    }
    void run(async () => {
      const answer = await verifyInvitation(email.trim(), trimmedCode);
      const invitation: VerifiedInvitation = {
        email: answer.user?.email ?? email.trim(),
        code: trimmedCode,
        firstName: answer.user?.firstName ?? '',
        lastName: answer.user?.lastName ?? '',
      };
      saveInvitation(invitation);
      navigate('/auth/complete-registration', { state: invitation });
    });
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
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('invitationCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={pending || !email.trim() || !trimmedCode}>
          {pending ? t('verifying') : t('verifyCode')}
        </Button>
      </form>
    </AuthLayout>
  );
}
