import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '../ui';
import { useTabTitle } from './useTabTitle';

export function NotFoundPage() {
  const { t } = useLingui();
  useTabTitle(t`Page not found`);
  const path = window.location.pathname;
  return (
    <EmptyState
      title={t`Page not found`}
      actions={
        <Link to="/jobs" search={{ page: 1 }}>
          <Trans>Go to jobs</Trans>
        </Link>
      }
    >
      <Trans>
        There is nothing at <code dir="ltr">{path}</code>.
      </Trans>
    </EmptyState>
  );
}
