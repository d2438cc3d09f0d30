import { Trans } from '@lingui/react/macro';
import s from './shell.module.css';

/** Shown instead of the app when config.json is missing or broken: names the file and says why. */
export function ConfigErrorScreen({ file, message }: { file: string; message: string }) {
  return (
    <div className={s.centerPage}>
      <div className={s.card} role="alert">
        <h1>
          <Trans>The dashboard is not configured</Trans>
        </h1>
        <p className={s.cardLead}>
          <Trans>
            It could not read its runtime configuration <code dir="ltr">{file}</code>: {message}
          </Trans>
        </p>
        <p className={s.cardLead}>
          <Trans>
            Ask whoever deployed the dashboard to fix that file (see README, “Configuration”), then reload the
            page.
          </Trans>
        </p>
      </div>
    </div>
  );
}
