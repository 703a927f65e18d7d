import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { draftKeys, requestDraft, usePrompt } from '../../api/drafting';
import { Page, Panel, StatePanel } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { BUILT_IN_TEMPLATE, draftPath, isDraftKind, useDraftableKinds } from './kinds';
import { FormError } from '../../components/form-error';

/** /draft/{kind}: what the drafter asks for; the server drafts it and the editor opens. */
export function NewDraftPage() {
  const { kind } = useParams();
  const { t } = useI18n();
  const kinds = useDraftableKinds();
  if (!isDraftKind(kind)) {
    return (
      <Page title={t('newDraft')}>
        <StatePanel icon={ShieldAlert} title={t('unknownDraftKind')} tone="warning" />
      </Page>
    );
  }
  const label = t(`draftKind_${kind}`);
  if (!kinds.includes(kind)) {
    return (
      <Page title={t('newDraftTitle', { kind: label.toLowerCase() })}>
        <StatePanel icon={ShieldAlert} title={t('accessDenied')} tone="warning">
          {t('noPermissionForKind')}
        </StatePanel>
      </Page>
    );
  }
  return <NewDraftForm kind={kind} />;
}

function NewDraftForm({ kind }: { kind: Parameters<typeof draftPath>[0] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prompt = usePrompt(kind);
  const [query, setQuery] = useState('');
  const [details, setDetails] = useState('');
  const [attachments, setAttachments] = useState<File[]>([]);
  const [searchCode, setSearchCode] = useState(true);
  const [template, setTemplate] = useState('built-in');
  const { busy, error, errors, setErrors, run } = useSubmission();
  const label = t(`draftKind_${kind}`).toLowerCase();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!query.trim()) {
      setErrors({ 'body.query': t('draftQueryEmpty') });
      return;
    }
    void run(async () => {
      const result = await requestDraft(kind, { query, draft_input: details, enable_municipal_code_search: searchCode, template, attachments });
      await queryClient.invalidateQueries({ queryKey: draftKeys.all });
      navigate(draftPath(kind, result.document_id!));
    });
  };

  return (
    <Page title={t('newDraftTitle', { kind: label })} description={t('newDraftDescription', { kind: label })}>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Panel>
          <form className="grid gap-4" onSubmit={submit} aria-busy={busy}>
            <div className="grid gap-1">
              <Label htmlFor="draft-query">{t('draftQueryLabel')}</Label>
              <Textarea
                id="draft-query"
                rows={3}
                value={query}
                placeholder={t(`draftQueryPlaceholder_${kind}`)}
                onChange={(e) => setQuery(e.target.value)}
                aria-invalid={Boolean(errors['body.query'])}
                aria-describedby={errors['body.query'] ? 'draft-query-error' : undefined}
              />
              {errors['body.query'] && (
                <p id="draft-query-error" className="text-sm text-red-800">
                  {errors['body.query']}
                </p>
              )}
            </div>
            <div className="grid gap-1">
              <Label htmlFor="draft-details">{t('draftDetailsLabel')}</Label>
              <Textarea id="draft-details" rows={4} value={details} onChange={(e) => setDetails(e.target.value)} aria-describedby="draft-details-hint" />
              <p id="draft-details-hint" className="text-xs text-slate-700">
                {t('draftDetailsHint')}
              </p>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="draft-attachments">{t('draftAttachmentsLabel')}</Label>
              <Input
                id="draft-attachments"
                type="file"
                multiple
                accept=".pdf,.docx,.txt,application/pdf,text/plain"
                onChange={(e) => setAttachments([...(e.target.files ?? [])])}
                aria-describedby="draft-attachments-hint"
              />
              <p id="draft-attachments-hint" className="text-xs text-slate-700">
                {t('draftAttachmentsHint')}
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input type="checkbox" className="size-4" checked={searchCode} onChange={(e) => setSearchCode(e.target.checked)} />
                {t('draftSearchCodeLabel')}
              </label>
              <div className="grid gap-1">
                <Label htmlFor="draft-template">{t('templateLabel')}</Label>
                <select id="draft-template" className="h-10 rounded-md border border-slate-400 bg-white px-2 text-sm" value={template} onChange={(e) => setTemplate(e.target.value)}>
                  {(prompt.data?.templates ?? [{ id: BUILT_IN_TEMPLATE, name: t('templateBuiltIn') }]).map((tpl) => (
                    <option key={tpl.id} value={tpl.id}>
                      {tpl.id === BUILT_IN_TEMPLATE ? t('templateBuiltIn') : tpl.name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <FormError>{error}</FormError>
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? t('drafting') : t('draftIt')}
              </Button>
            </div>
          </form>
        </Panel>
        <Panel aria-labelledby="form-parts-heading">
          <h2 id="form-parts-heading" className="mb-2 font-semibold text-slate-900">
            {t('formParts')}
          </h2>
          <QueryState query={prompt}>
            {(data) => (
              <>
                <p className="mb-2 text-xs text-slate-700">{data.conventions}</p>
                <ol className="grid gap-1.5 text-sm text-slate-800">
                  {data.parts.map((part) => (
                    <li key={part.key}>
                      <span className="font-medium">{part.label}</span> <span className="text-xs text-slate-600">({part.required ? t('requiredPart') : t('optionalPart')})</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </QueryState>
        </Panel>
      </div>
    </Page>
  );
}
