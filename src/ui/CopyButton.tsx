import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from './Button';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/**
 * Copies `text` to the clipboard and says so (in the button, announced politely). Import it
 * from `ui/CopyButton` directly: it is not in the index so screens that do not use it do not load it.
 */
export function CopyButton({
  text,
  label,
  ...rest
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      {...rest}
      onClick={() => {
        copyText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      <span aria-live="polite">
        {state === 'copied'
          ? t`Copied`
          : state === 'failed'
            ? t`Copy failed: select and copy by hand`
            : (label ?? t`Copy`)}
      </span>
    </Button>
  );
}
