/** The chosen language and the names of codes the config does not name, from the shell's catalog (./dictionaries.ts). */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { setCodeWords } from './dictionaries';

setCodeWords({
  language: () => i18n.locale,
  unknown: {
    status: (code) => i18n._(msg`Status ${code}`),
    paymentType: (code) => i18n._(msg`Payment type ${code}`),
    riderStatus: (code) => i18n._(msg`Rider status ${code}`),
  },
});
