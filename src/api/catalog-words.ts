/** The api layer's sentences from the shell's catalog (src/i18n/locales), in the chosen language (./words.ts). */
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { setApiWords } from './words';

setApiWords({
  seconds: (seconds) => i18n._(msg`${plural(seconds, { one: '# second', other: '# seconds' })}`),
  timeout: (within) => i18n._(msg`The service did not answer within ${within}. Try again.`),
  cancelled: () => i18n._(msg`The request was cancelled.`),
  unreachable: (host) =>
    i18n._(
      msg`Could not reach the service at ${host}: the connection failed or was dropped. Check your network and try again.`,
    ),
  thisSite: () => i18n._(msg`this site`),
  webPageInsteadOfData: () =>
    i18n._(msg`The service sent a web page instead of data (usually a proxy or sign-in page in between).`),
  notJson: () =>
    i18n._(msg`The service sent a response that is not valid JSON (it may have been cut off). Try again.`),
  unreadable: (where, issue) =>
    i18n._(msg`The service sent data this dashboard cannot read: at ${where}, ${issue}.`),
  theResponse: () => i18n._(msg`the response`),
  unexpectedShape: () => i18n._(msg`unexpected shape`),
  answered: (status) => i18n._(msg`The service answered ${status}.`),
  answeredWithText: (status, text) => i18n._(msg`The service answered ${status}: ${text}`),
  answeredWithPage: (status) =>
    i18n._(
      msg`The service answered ${status} with a web page instead of data (usually a proxy or gateway in between). Try again in a moment.`,
    ),
  tokenRefused: () => i18n._(msg`The service refused the sign-in token. Sign in again.`),
  streamNotOpened: () => i18n._(msg`The stream of changes could not be opened.`),
  streamUnreadable: () => i18n._(msg`The stream sent a change this dashboard cannot read.`),
  streamBroke: () => i18n._(msg`The stream of changes broke off.`),
});
