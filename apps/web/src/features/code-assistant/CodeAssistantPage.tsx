import { useParams } from 'react-router';
import { AlertCircle, Eye, MessageSquareDashed } from 'lucide-react';
import { ApiError } from '../../api/client';
import { useThread } from '../../api/threads';
import { Page, StatePanel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { QuestionBox } from './QuestionBox';
import { ThreadMessages } from './ThreadMessages';

/**
 * Knowledge Assistant (spec §2): /code-assistant starts a conversation, /code-assistant/{id} shows
 * one (also the shared link). Asking questions arrives with the assistant itself; this page shows
 * saved conversations as they are and never makes up an answer.
 */
export function CodeAssistantPage() {
  const { threadId } = useParams();
  const { t } = useI18n();
  if (!threadId) {
    return (
      <Page title={t('navKnowledgeAssistant')} description={t('assistantIntro')}>
        <QuestionBox />
      </Page>
    );
  }
  return <ThreadView key={threadId} threadId={threadId} />;
}

function ThreadView({ threadId }: { threadId: string }) {
  const { t, language } = useI18n();
  const thread = useThread(threadId);

  if (thread.isPending) {
    return (
      <Page title={<Skeleton className="h-8 w-72" />}>
        <div role="status" aria-live="polite" className="grid gap-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-20 w-2/3" />
          <Skeleton className="ml-auto h-32 w-3/4" />
        </div>
      </Page>
    );
  }

  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <Page title={t('navKnowledgeAssistant')}>
        <StatePanel icon={missing ? MessageSquareDashed : AlertCircle} title={missing ? t('threadNotFound') : t('failedToLoadThread')} tone="warning">
          {missing ? (
            <p>{t('threadNotFoundBody')}</p>
          ) : (
            <Button variant="outline" onClick={() => void thread.refetch()}>
              {t('retry')}
            </Button>
          )}
        </StatePanel>
      </Page>
    );
  }

  const detail = thread.data;
  const owner = `${detail.owner.firstName} ${detail.owner.lastName}`.trim();
  const updated = new Date(detail.updatedAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Page
      title={detail.title.trim() || t('untitledConversation')}
      description={
        <>
          {t('updatedOn', { date: updated })}
          {detail.read_only && owner ? ` · ${t('startedBy', { owner })}` : ''}
        </>
      }
    >
      {detail.read_only && (
        <p className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('readOnlyBanner', { owner: owner || '—' })}
        </p>
      )}
      <ThreadMessages messages={detail.messages} />
      {!detail.read_only && <QuestionBox className="mt-6" />}
    </Page>
  );
}
