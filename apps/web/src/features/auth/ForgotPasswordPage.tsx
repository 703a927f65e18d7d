import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestPasswordReset, resendResetCode, resetPasswordWithCode, verifyResetCode } from '../../api/auth';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from '../../components/field';
import { PasswordFields, passwordProblem } from './PasswordFields';

type Step = 1 | 2 | 3;
const SIX_DIGITS = /^\d{6}$/;

/** Password reset in three steps: email, 6-digit code, new password; then back to sign-in. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [notice, setNotice] = useState('');
  const submission = useSubmission();
  const { busy: pending, error, errors, setErrors } = submission;

  const run = (action: () => Promise<void>) => {
    setNotice('');
    return submission.run(action);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) {
      void run(async () => {
        await requestPasswordReset(email.trim());
        setStep(2);
      });
    } else if (step === 2) {
      if (!SIX_DIGITS.test(code.trim())) {
        setErrors({ code: t('codeFormat') });
        return;
      }
      void run(async () => {
        await verifyResetCode(email.trim(), code.trim());
        setStep(3);
      });
    } else {
      const problem = passwordProblem(password, confirmation, t);
      if (problem.password || problem.confirm) {
        setErrors(problem);
        return;
      }
      void run(async () => {
        await resetPasswordWithCode(email.trim(), code.trim(), password);
        navigate('/auth/login', { replace: true, state: { notice: 'passwordReset' } });
      });
    }
  };

  const resend = () =>
    void run(async () => {
      await resendResetCode(email.trim());
      setNotice(t('codeResent'));
    });

  const instructions =
    step === 1 ? t('forgotStepEmail') : step === 2 ? t('forgotStepCode', { email: email.trim() }) : t('forgotStepPassword');

  return (
    <AuthLayout
      title={t('forgotTitle')}
      subtitle={
        <>
          <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{t('stepOf', { step })}</span>
          {instructions}
        </>
      }
      footer={
        <Link to="/auth/login" className="font-medium text-blue-700 underline-offset-4 hover:underline">
          {t('backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <FormMessage tone="success">{notice}</FormMessage>
        {step === 1 && (
          <Field
            label={t('email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        {step === 2 && (
          <Field
            label={t('resetCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {step === 3 && (
          <PasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={errors}
            passwordLabel={t('newPassword')}
          />
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {step === 2 ? (
            <Button variant="outline" onClick={resend} disabled={pending}>
              {t('resendCode')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={pending || (step === 1 && !email.trim()) || (step === 2 && !code.trim())}>
            {step === 1 ? t('sendCode') : step === 2 ? t('verifyCode') : t('resetPassword')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
