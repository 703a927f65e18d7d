import { useI18n } from '../../lib/i18n';

/** A question as the user sent it. */
export function UserTurn({ content, createdAt }: { content: string; createdAt?: string }) {
  const { t, language } = useI18n();
  return (
    <div className="ml-auto grid w-fit max-w-[85%] gap-1 rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-slate-900" data-testid="chat-question">
      <p className="flex items-center gap-2 text-xs text-slate-700">
        <span className="font-semibold">{t('chatYou')}</span>
        {createdAt && <time dateTime={createdAt}>{new Date(createdAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })}</time>}
      </p>
      <p className="whitespace-pre-wrap break-words text-[15px] leading-6">{content}</p>
    </div>
  );
}
