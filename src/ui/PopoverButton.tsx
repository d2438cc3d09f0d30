import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { preloadable } from './preloadable';

const PopoverPanel = preloadable(() => import('./PopoverPanel').then((m) => m.default));

/**
 * A button that opens a popover panel. The panel's code (Radix Popover and its positioning)
 * is fetched when the pointer or focus first reaches the button, so screens that show the
 * button do not pay for it up front.
 */
export function PopoverButton({
  label,
  panelLabel,
  children,
  align,
  buttonProps,
}: {
  /** The button's content. */
  label: ReactNode;
  /** Accessible name of the panel. */
  panelLabel: string;
  /** The panel's content; `close` closes it and returns focus to the button. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'center' | 'end';
  buttonProps?: ButtonProps;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const preload = () => void PopoverPanel.preload();
  return (
    <>
      <Button
        {...buttonProps}
        ref={ref}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={(e) => {
          preload();
          buttonProps?.onPointerEnter?.(e);
        }}
        onFocus={(e) => {
          preload();
          buttonProps?.onFocus?.(e);
        }}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PopoverPanel anchorRef={ref} open={open} onOpenChange={setOpen} label={panelLabel} align={align}>
            <div id={panelId}>{children(() => setOpen(false))}</div>
          </PopoverPanel>
        </Suspense>
      )}
    </>
  );
}
