import type { ReactNode } from 'react';
import s from './ui.module.css';

export type SegmentedOption<T extends string> = {
  value: T;
  label: ReactNode;
  title?: string;
  /** e.g. to fetch what choosing it will need. */
  onPointerEnter?: () => void;
};

/** A choice of a few ways to see one thing: toggle buttons in a named group, the chosen one pressed. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: SegmentedOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <div className={s.segmented} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          title={option.title}
          onPointerEnter={option.onPointerEnter}
          onClick={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
