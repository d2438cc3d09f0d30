import { Popover } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import s from './popover.module.css';

export type PopoverPanelProps = {
  /** The button the panel belongs to: it is positioned against it and gets focus back on close. */
  anchorRef: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel. */
  label: string;
  align?: 'start' | 'center' | 'end';
  children: ReactNode;
};

/**
 * A non-modal panel next to a button (Radix Popover: Esc and outside clicks close it, focus
 * moves in and returns to the button). It is anchored to a plain button so that the button
 * can live in the initial bundle while this panel is loaded on demand (see PopoverButton).
 */
export default function PopoverPanel({
  anchorRef,
  open,
  onOpenChange,
  label,
  align = 'end',
  children,
}: PopoverPanelProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          className={s.panel}
          aria-label={label}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchorRef.current?.focus();
          }}
          onInteractOutside={(e) => {
            // A click on the button itself toggles the panel (its own handler closes it).
            if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
