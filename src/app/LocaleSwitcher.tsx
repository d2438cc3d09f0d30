import { useEffect, useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { chooseLocale, LOCALE_NAMES, LOCALES, useLocale, type Digits, type Locale } from '../i18n';
import { PopoverButton, Segmented } from '../ui';
import s from './shell.module.css';

/** Set when a choice is made: the tree is drawn anew, and the new switcher takes the focus back. */
let refocus = false;

function choose(locale: Locale, digits: Digits) {
  refocus = true;
  void chooseLocale(locale, digits);
}

/**
 * The language of the dashboard, in the header and on the sign-in page: a button showing the
 * language's code that opens the four languages, each named in itself, and in Arabic the digits.
 */
export function LocaleSwitcher() {
  const { t } = useLingui();
  const { locale, digits } = useLocale();
  const name = LOCALE_NAMES[locale];
  const id = useId();
  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    document.getElementById(id)?.focus();
  }, [id]);
  return (
    <PopoverButton
      label={<span lang={locale}>{locale.toUpperCase()}</span>}
      panelLabel={t`Language`}
      align="end"
      buttonProps={{
        id,
        size: 'sm',
        variant: 'ghost',
        'aria-label': t`Language: ${name}`,
        className: s.localeButton,
      }}
    >
      {() => (
        <div className={s.localePanel}>
          <Segmented
            label={t`Language`}
            value={locale}
            options={LOCALES.map((value) => ({
              value,
              label: <span lang={value}>{LOCALE_NAMES[value]}</span>,
            }))}
            onChange={(value) => choose(value, digits)}
          />
          {locale === 'ar' && (
            <Segmented<Digits>
              label={t`Digits`}
              value={digits}
              options={[
                { value: 'latn', label: t`Latin 0123` },
                { value: 'arab', label: t`Arabic-Indic ٠١٢٣` },
              ]}
              onChange={(value) => choose(locale, value)}
            />
          )}
        </div>
      )}
    </PopoverButton>
  );
}
