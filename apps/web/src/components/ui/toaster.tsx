import { TOAST_DURATION_MS } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToasts } from './use-toast';

/** Renders the toast store; mounted once at the root. Notices stay TOAST_DURATION_MS (5 s) by default. */
export function Toaster() {
  const items = useToasts();
  const { t } = useI18n();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} label={t('notifications')}>
      {items.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose label={t('closeNotification')} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
