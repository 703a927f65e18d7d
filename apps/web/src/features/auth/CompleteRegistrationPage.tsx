import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { completeInvitation } from '../../api/auth';
import { Button, buttonVariants } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { useSubmission } from '../../lib/use-submission';
import { AuthLayout, FormMessage } from './AuthLayout';
import { Field } from '../../components/field';
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
  const { busy: pending, error, errors, setError, setErrors, run } = useSubmission();

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirmation, t);
    if (problem.password || problem.confirm) {
      setError('');
      setErrors(problem);
      return;
    }
    void run(async () => {
      const answer = await completeInvitation({
        email: invitation.email,
        code: invitation.code,
        password,
        firstName: firstName.trim() || undefined,
        lastName: lastName.trim() || undefined,
      });
      forgetInvitation();
      if (signIn(answer)) navigate('/', { replace: true });
    });
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
