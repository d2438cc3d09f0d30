import s from './shell.module.css';

/** Shown instead of the app when config.json is missing or broken: names the file and says why. */
export function ConfigErrorScreen({ file, message }: { file: string; message: string }) {
  return (
    <div className={s.centerPage}>
      <div className={s.card} role="alert">
        <h1>The dashboard is not configured</h1>
        <p className={s.cardLead}>
          It could not read its runtime configuration <code>{file}</code>: {message}
        </p>
        <p className={s.cardLead}>
          Ask whoever deployed the dashboard to fix that file (see README, “Configuration”), then reload the
          page.
        </p>
      </div>
    </div>
  );
}
