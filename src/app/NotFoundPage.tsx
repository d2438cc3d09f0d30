import { Link } from '@tanstack/react-router';
import { EmptyState } from '../ui';

export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      actions={
        <Link to="/jobs" search={{ page: 1 }}>
          Go to jobs
        </Link>
      }
    >
      There is nothing at <code>{window.location.pathname}</code>.
    </EmptyState>
  );
}
