import { useId, useState } from 'react';
import { MINUTES_TEXT_MAX } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { minutesKeys, submitMinutesFile, submitMinutesText } from '../../api/minutes';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { UploadOrPasteForm, type UploadOrPaste } from '../../components/upload-or-paste-form';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';

const TITLE_MAX = 200;

/** "Summarize minutes": one file or pasted text and an optional title; calls onSubmitted with the new summary's id. */
export function MinutesForm({ onSubmitted }: { onSubmitted: (id: string) => void }) {
  const { t } = useI18n();
  const { locationCode } = useSession();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [title, setTitle] = useState('');

  const submit = async (minutes: UploadOrPaste) => {
    const fields = { title, location_code: locationCode };
    const submitted = minutes.source === 'file' ? await submitMinutesFile(minutes.file, fields) : await submitMinutesText(minutes.text, fields);
    void queryClient.invalidateQueries({ queryKey: minutesKeys.historyAll });
    onSubmitted(submitted.id);
  };

  return (
    <UploadOrPasteForm
      heading={t('minutesNew')}
      sourceLabel={t('minutesSourceLabel')}
      fileLabel={t('minutesFileLabel')}
      textLabel={t('minutesTextLabel')}
      chooseFileText={t('minutesChooseFile')}
      pasteTextText={t('minutesPasteText')}
      textMax={MINUTES_TEXT_MAX}
      fields={
        <div className="grid min-w-64 flex-1 gap-1">
          <Label htmlFor={titleId}>{t('complianceTitleLabel')}</Label>
          <Input id={titleId} maxLength={TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
      }
      submitIcon={<ScrollText aria-hidden="true" />}
      submitLabel={t('minutesSubmit')}
      onSubmit={submit}
    />
  );
}
