import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import s from './ui.module.css';

/** Title and body may hold markup: a name inside them goes in `<bdi>` (docs/design.md, Languages). */
type ToastItem = { id: number; title: ReactNode; body?: ReactNode; tone: 'success' | 'danger' };
type Notify = (toast: Omit<ToastItem, 'id' | 'tone'> & { tone?: ToastItem['tone'] }) => void;

const ToastContext = createContext<Notify>(() => {});
const DURATION_MS = 6000;
let nextId = 1;

function Toast({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  const { t } = useLingui();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onClose(item.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onClose, item.id]);
  return (
    <li
      className={`${s.toast} ${item.tone === 'danger' ? s['toast-danger'] : ''}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={s.toastBody}>
        <div className={s.toastTitle}>{item.title}</div>
        {item.body && <div>{item.body}</div>}
      </div>
      <button
        type="button"
        className={s.button}
        aria-label={t`Dismiss notification`}
        onClick={() => onClose(item.id)}
      >
        ✕
      </button>
    </li>
  );
}

/**
 * Notifications in a polite live region (errors in an assertive one), dismissed after a few
 * seconds unless hovered or focused. They stack at the top, on the end side (right in English,
 * left in Arabic), under the top bar: the
 * bottom of a screen holds its pager or its save bar, which a notification must never cover.
 * Hand-written: a few lines instead of a toast library in the first load.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [items, setItems] = useState<ToastItem[]>([]);
  const notify = useCallback<Notify>((toast) => {
    setItems((list) => [
      ...list,
      { id: nextId++, tone: toast.tone ?? 'success', title: toast.title, body: toast.body },
    ]);
  }, []);
  const close = useCallback((id: number) => setItems((list) => list.filter((x) => x.id !== id)), []);
  const region = (tone: ToastItem['tone']) => (
    <ol
      className={s.toastViewport}
      aria-live={tone === 'danger' ? 'assertive' : 'polite'}
      aria-label={tone === 'danger' ? t`Error notifications` : t`Notifications`}
    >
      {items
        .filter((item) => item.tone === tone)
        .map((item) => (
          <Toast key={item.id} item={item} onClose={close} />
        ))}
    </ol>
  );
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className={s.toastStack}>
        {region('danger')}
        {region('success')}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  return useContext(ToastContext);
}
