import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';

/** The tab's title while the screen shows: "Page not found · Dispatch"; the product's name alone when `page` is absent. */
export function useTabTitle(page?: string) {
  useEffect(() => {
    const product = i18n._(msg`Dispatch`);
    const before = document.title;
    document.title = page ? i18n._(msg`${page} · ${product}`) : product;
    return () => {
      document.title = before;
    };
  }, [page]);
}
