import { PASSWORD_MIN_LENGTH } from '@civicdesk/contract';
import { useI18n, type Translate } from '../../lib/i18n';
import { Field } from '../../components/field';

/** The new password rule (decisions.md: at least 12 characters) and the confirmation match. */
export function passwordProblem(password: string, confirmation: string, t: Translate): { password?: string; confirm?: string } {
  if (password.length < PASSWORD_MIN_LENGTH) return { password: t('passwordTooShort', { min: PASSWORD_MIN_LENGTH }) };
  if (password !== confirmation) return { confirm: t('passwordsDoNotMatch') };
  return {};
}

export function PasswordFields({ password, confirmation, onPassword, onConfirmation, errors, passwordLabel }: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string; confirm?: string };
  passwordLabel?: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        label={passwordLabel ?? t('password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <Field
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
      />
    </>
  );
}
