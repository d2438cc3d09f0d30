import { Toast } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import s from './ui.module.css';

type ToastItem = { id: number; title: string; body?: string; tone: 'success' | 'danger' };
type Notify = (toast: Omit<ToastItem, 'id' | 'tone'> & { tone?: ToastItem['tone'] }) => void;

const ToastContext = createContext<Notify>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const notify = useCallback<Notify>((t) => {
    setItems((list) => [...list, { id: Date.now() + Math.random(), tone: t.tone ?? 'success', title: t.title, body: t.body }]);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={6000}>
        {children}
        {items.map((t) => (
          <Toast.Root
            key={t.id}
            className={`${s.toast} ${t.tone === 'danger' ? s['toast-danger'] : ''}`}
            onOpenChange={(open) => !open && setItems((list) => list.filter((x) => x.id !== t.id))}
          >
            <div className={s.toastBody}>
              <Toast.Title className={s.toastTitle}>{t.title}</Toast.Title>
              {t.body && <Toast.Description>{t.body}</Toast.Description>}
            </div>
            <Toast.Close className={s.button} aria-label="Dismiss notification">
              ✕
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className={s.toastViewport} label="Notifications ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  return useContext(ToastContext);
}
