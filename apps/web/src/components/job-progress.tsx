import { useId } from 'react';
import type { JobState } from '@civicdesk/contract';
import { CircleStop } from 'lucide-react';
import { Button } from './ui/button';
import { useI18n } from '../lib/i18n';

/** A queued or running job: its progress (0-100) as a labelled bar, its stage, and a Cancel button when it may be cancelled. */
export function JobProgress({ label, state, progress, stage, onCancel, cancelling = false }: {
  label: string;
  state: JobState;
  progress: number;
  stage?: string | null;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const { t } = useI18n();
  const labelId = useId();
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const status = state === 'queued' ? t('jobQueued') : stage ? t('jobRunningStage', { stage }) : t('jobRunning');
  return (
    <div className="grid gap-2 rounded-md border border-blue-200 bg-blue-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-slate-900">
          {label}
        </span>
        {onCancel && (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
            <CircleStop aria-hidden="true" />
            {cancelling ? t('cancellingCheck') : t('cancelCheck')}
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% · ${status}`}
        className="h-3 w-full overflow-hidden rounded-full border border-blue-700 bg-white"
      >
        <div className="h-full bg-blue-700 transition-[width] motion-reduce:transition-none" style={{ width: `${value}%` }} />
      </div>
      <p className="text-sm text-slate-800" aria-live="polite">
        {value}% · {status}
      </p>
    </div>
  );
}
