import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { completeInvitation } from '../../api/auth';
import { fieldErrorsOf, userMessageOf } from '../../api/client';
import { Button, buttonVariants } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from './Field';
import { forgetInvitation, loadInvitation } from './invitation-storage';
import { PasswordFields, passwordProblem } from './PasswordFields';

/** Step two of an invitation: confirm the name, choose a password, and be signed in. */
export function CompleteRegistrationPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const [invitation] = useState(() => loadInvitation(location.state));
  const [firstName, setFirstName] = useState(invitation?.firstName ?? '');
  const [lastName, setLastName] = useState(invitation?.lastName ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  if (!invitation) {
    return (
      <AuthLayout title={t('completeTitle')}>
        <div className="grid gap-4">
          <FormMessage tone="error">{t('missingInvitation')}</FormMessage>
          <Link to="/auth/welcome" className={buttonVariants()}>
            {t('enterInvitationCode')}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const problem = passwordProblem(password, confirmation, t);
    setErrors(problem);
    if (problem.password || problem.confirm) return;
    setPending(true);
    try {
      const answer = await completeInvitation({
        email: invitation.email,
        code: invitation.code,
        password,
        firstName: firstName.trim() || undefined,
        lastName: lastName.trim() || undefined,
      });
      forgetInvitation();
      if (signIn(answer)) navigate('/', { replace: true });
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      setError(userMessageOf(failure, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout title={t('completeTitle')} subtitle={t('completeSubtitle')}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <p className="text-sm text-slate-700">
          {t('email')}: <strong className="font-medium text-slate-900">{invitation.email}</strong>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('firstName')}
            autoComplete="given-name"
            value={firstName}
            error={errors.firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <Field
            label={t('lastName')}
            autoComplete="family-name"
            value={lastName}
            error={errors.lastName}
            onChange={(event) => setLastName(event.target.value)}
          />
        </div>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : t('completeRegistration')}
        </Button>
      </form>
    </AuthLayout>
  );
}
