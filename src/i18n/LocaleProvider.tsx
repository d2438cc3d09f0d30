import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { currentLocale, i18n } from './core';
import { subscribeLocale } from './choice';

/** The chosen locale, re-rendering on a change. */
export function useLocale() {
  return useSyncExternalStore(subscribeLocale, currentLocale);
}

/**
 * Messages for the tree under it; a change of language or digits draws it anew (keyed by the
 * locale's tag), so every text and number formatted outside a message follows too. State kept
 * outside React (the router's URL, the query cache, drafts in storage) stays as it was.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { tag } = useLocale();
  return (
    <I18nProvider i18n={i18n}>
      <Fragment key={tag}>{children}</Fragment>
    </I18nProvider>
  );
}
