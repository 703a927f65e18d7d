import { useState } from 'react';
import { usePublicConfig } from '../api/reference';
import { useI18n } from '../lib/i18n';
import { useSession } from '../lib/session-context';

/** The avatar service's address with the initial filled in: {initial} in the URL, or a name parameter. */
function avatarUrl(template: string, initial: string): string {
  const encoded = encodeURIComponent(initial);
  if (template.includes('{initial}')) return template.replaceAll('{initial}', encoded);
  return `${template}${template.includes('?') ? '&' : '?'}name=${encoded}`;
}

/** Avatar with the user's initial, name and city. Drawn locally unless an avatar service is configured. */
export function UserBadge() {
  const { t } = useI18n();
  const { userInfo } = useSession();
  const config = usePublicConfig();
  const [imageFailed, setImageFailed] = useState(false);
  const name = userInfo.userName;
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const service = config.data?.avatar_service_url;

  return (
    <div className="flex min-w-0 items-center gap-2" title={t('signedInAs', { name, city: userInfo.userCity })}>
      {service && !imageFailed ? (
        <img
          src={avatarUrl(service, initial)}
          alt=""
          className="size-8 shrink-0 rounded-full"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-semibold text-white"
        >
          {initial}
        </span>
      )}
      <span className="hidden min-w-0 flex-col leading-tight lg:flex">
        <span className="truncate text-sm font-medium text-slate-900">{name}</span>
        <span className="truncate text-xs text-slate-600">{userInfo.userCity}</span>
      </span>
      <span className="sr-only lg:hidden">{t('signedInAs', { name, city: userInfo.userCity })}</span>
    </div>
  );
}
