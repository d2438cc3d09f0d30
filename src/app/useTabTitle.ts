import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';

/**
 * The tab's title while a page of the shell shows ("Page not found · Dispatch"). The screens
 * inside the layout set their own (the control room's counts its late jobs); outside them it is
 * index.html's, the product's name, the same in every language.
 */
export function useTabTitle(page: string) {
  useEffect(() => {
    const product = i18n._(msg`Dispatch`);
    const before = document.title;
    document.title = i18n._(msg`${page} · ${product}`);
    return () => {
      document.title = before;
    };
  }, [page]);
}
