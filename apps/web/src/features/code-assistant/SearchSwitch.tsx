import { useId } from 'react';
import { cn } from '../../lib/cn';

interface SearchSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off switch with its label and a description read with it (why it is disabled, when it is). */
export function SearchSwitch({ label, description, checked, disabled = false, onCheckedChange }: SearchSwitchProps) {
  const switchId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        // aria-disabled, not disabled: the switch stays focusable, so a keyboard user still hears why it is off.
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onCheckedChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed',
          checked ? 'bg-blue-700' : 'bg-slate-500',
          disabled && 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('block size-4 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-4' : 'translate-x-0')}
        />
      </button>
      <div className="grid gap-0.5">
        {/* A button is labelable: the label names the switch and a click on it toggles, as with a checkbox. */}
        <label htmlFor={switchId} className={cn('text-sm font-medium', disabled ? 'text-slate-600' : 'cursor-pointer text-slate-900')}>
          {label}
        </label>
        <span id={descriptionId} className="text-xs text-slate-600">
          {description}
        </span>
      </div>
    </div>
  );
}
