import { type FormEvent, useCallback, useState } from 'react';
import { fieldErrorsOf, userMessageOf } from '../api/client';
import { useI18n } from './i18n';

/**
 * A form's submission: busy while the call runs, and when it fails the §8 message plus the
 * server's field errors (keyed like 'body.email'), so the form keeps what the user typed.
 * setErrors / setError let a form report its own checks before it calls the server.
 */
export function useSubmission() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const clear = useCallback(() => {
    setErrors({});
    setError('');
  }, []);

  /** Runs `action` with the form busy, recording its failure. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(userMessageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  /** An onSubmit handler that runs `action`. */
  const submitWith = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    return run(action);
  };

  return { busy, error, errors, setError, setErrors, clear, run, submitWith };
}
