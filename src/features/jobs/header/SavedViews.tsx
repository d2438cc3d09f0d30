import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button, Field, PopoverButton, inputClass } from '../../../ui';
import { CopyButton } from '../../../ui/CopyButton';
import { formatCount } from '../../../lib/count';
import type { JobsSearch } from '../../../job-views';
import { deleteView, loadViews, saveView, viewQuery, viewSearch, type SavedView } from './saved-views';
import s from './tools.module.css';

const absoluteLink = (view: SavedView) =>
  new URL(`${import.meta.env.BASE_URL}jobs${view.query ? `?${view.query}` : ''}`, window.location.origin)
    .href;

/**
 * "Views": the saved views of this browser, each a link (one click applies it, in the table or
 * the map as now; copy it to share it), and the current filters saved under a name. Loaded
 * after the first rows.
 */
export default function SavedViews({ search }: { search: JobsSearch }) {
  const { t } = useLingui();
  const [views, setViews] = useState(loadViews);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const nameId = useId();
  const here = viewQuery(search);

  const count = formatCount(views.length);
  const save = () => {
    if (!name.trim()) {
      setError(t`Give the view a name.`);
      return;
    }
    const result = saveView(name, search);
    setViews(result.views);
    setError(result.stored ? undefined : t`This browser refused to store it (storage full or blocked).`);
    if (result.stored) setName('');
  };

  const copyLinkOf = (name: string) => t`Copy link of ${name}`;
  const deleteLabel = (name: string) => t`Delete ${name}`;
  return (
    <PopoverButton
      label={views.length ? t`Views (${count})` : t`Views`}
      panelLabel={t`Saved views`}
      align="end"
    >
      {(close) => (
        <div className={s.viewsPanel}>
          <h2 className={s.viewsTitle}>
            <Trans>Saved views</Trans>
          </h2>
          {views.length === 0 ? (
            <p className={s.columnsNote}>
              <Trans>None yet. A view keeps the search, the filters and “late only”.</Trans>
            </p>
          ) : (
            <ul className={s.viewsList}>
              {views.map((view) => (
                <li key={view.name} className={s.viewRow}>
                  <Link
                    to="/jobs"
                    search={{ ...viewSearch(view), view: search.view, scope: search.scope }}
                    className={s.viewLink}
                    aria-current={view.query === here ? 'true' : undefined}
                    onClick={close}
                  >
                    <bdi>{view.name}</bdi>
                    <span className={s.viewQuery}>
                      {view.query ? decodeURIComponent(view.query.replaceAll('+', ' ')) : t`all jobs`}
                    </span>
                  </Link>
                  <CopyButton
                    text={absoluteLink(view)}
                    label={t`Copy link`}
                    size="sm"
                    variant="ghost"
                    aria-label={copyLinkOf(view.name)}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={deleteLabel(view.name)}
                    onClick={() => setViews(deleteView(view.name))}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            className={s.viewSave}
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <Field label={t`Save the current view as`} error={error}>
              <input
                id={nameId}
                className={inputClass}
                value={name}
                maxLength={60}
                placeholder={t`e.g. Failed in Mumbai`}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Button type="submit" size="sm" variant="primary">
              <Trans>Save view</Trans>
            </Button>
          </form>
          <p className={s.columnsNote}>
            <Trans>Kept in this browser. A view is a link: copy it to share it.</Trans>
          </p>
        </div>
      )}
    </PopoverButton>
  );
}
