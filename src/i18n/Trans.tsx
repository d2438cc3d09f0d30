import { Trans as LinguiTrans, type TransProps } from '@lingui/react';
import { isValidElement } from 'react';

/**
 * Lingui's `Trans`, which the macro's `<Trans>` renders (lingui.config.ts, runtimeConfigModule),
 * with one difference: a value that is text holding `<` (data: a name, a remark) is handed over
 * as an element. Lingui puts text values into the message before reading its tags, so a name such
 * as `a<b>c</b>` lost its `<b>` and `</b>`; an element is placed whole, shown as it is.
 */
export function Trans({ values, ...props }: TransProps) {
  const shown =
    values &&
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        typeof value === 'string' && value.includes('<') && !isValidElement(value) ? <>{value}</> : value,
      ]),
    );
  return <LinguiTrans {...props} values={shown} />;
}
