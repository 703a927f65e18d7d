import { useLocation, useParams } from 'react-router';
import { AlertCircle, Eye, MessageSquareDashed } from 'lucide-react';
import { ApiError } from '../../api/client';
import { useAssistantSettings } from '../../api/municipal-code';
import { useThread } from '../../api/threads';
import { Page, StatePanel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { AskForm } from './AskForm';
import { Conversation } from './Conversation';
import { EmptyState } from './EmptyState';
import { SectionViewerHost } from '../../components/code-section/SectionViewerHost';
import { useAskQuestion, type AnsweredNavigationState } from './useAskQuestion';
import { Loading } from '../../components/query-state';

/**
 * Knowledge Assistant (spec §2): /code-assistant starts a conversation, /code-assistant/{id} shows
 * one, and is also the shared link: the owner continues it, anyone else of the city reads it.
 */
export function CodeAssistantPage() {
  const { threadId } = useParams();
  // Keyed by thread: switching conversations starts clean (no half-sent question, no open viewer).
  return threadId ? <ThreadView key={threadId} threadId={threadId} /> : <NewConversation />;
}

function NewConversation() {
  const { t } = useI18n();
  const settings = useAssistantSettings();
  const { ask, pending, failure, sending } = useAskQuestion({});
  return (
    <SectionViewerHost>
      <Page title={t('navKnowledgeAssistant')} description={t('assistantIntro')}>
        {pending && (
          <div className="mb-6">
            <Conversation threadId="" messages={[]} pending={pending} />
          </div>
        )}
        <AskForm onAsk={ask} sending={sending} failure={failure} settings={settings.data} autoFocus />
        {!pending && <EmptyState location={settings.data?.location.name} />}
      </Page>
    </SectionViewerHost>
  );
}

function ThreadView({ threadId }: { threadId: string }) {
  const { t, language } = useI18n();
  const navigationState = useLocation().state as AnsweredNavigationState | null;
  const justAnswered = navigationState?.answered === true;
  const thread = useThread(threadId);
  const settings = useAssistantSettings();
  const { ask, pending, failure, sending } = useAskQuestion({ threadId, messages: thread.data?.messages });

  if (thread.isPending) {
    return (
      <Page title={<Skeleton className="h-8 w-72" />}>
        <Loading aria-live="polite" className="grid gap-3">
          <Skeleton className="ml-auto h-16 w-2/3" />
          <Skeleton className="h-48 w-full" />
        </Loading>
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
    <SectionViewerHost>
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
          <p className="mb-6 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('readOnlyBanner', { owner: owner || '—' })}
          </p>
        )}
        {detail.messages.length === 0 && !pending ? (
          <p className="text-sm text-slate-700">{t('noMessages')}</p>
        ) : (
          <Conversation threadId={detail.id} messages={detail.messages} pending={pending} />
        )}
        {/* Only the owner continues a conversation (decisions.md); a shared reader gets no question box. */}
        {!detail.read_only && (
          <div className="mt-8">
            <AskForm onAsk={ask} sending={sending} failure={failure} settings={settings.data} followUp autoFocus={justAnswered} />
          </div>
        )}
      </Page>
    </SectionViewerHost>
  );
}
