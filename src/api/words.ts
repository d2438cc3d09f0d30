/**
 * The sentences of the api layer's errors (ApiError's message). English here: the benches run
 * client.ts and scan.ts under plain Node, without the catalogs. The app gives the catalog's
 * words in the chosen language (./catalog-words.ts, loaded with ./index.ts), as durations get
 * theirs (src/lib/duration.ts). The service's own error text is kept as sent, inside them.
 */
export type ApiWords = {
  /** "20 seconds". */
  seconds: (seconds: number) => string;
  timeout: (within: string) => string;
  cancelled: () => string;
  unreachable: (host: string) => string;
  /** The host when the service shares the page's: "this site". */
  thisSite: () => string;
  webPageInsteadOfData: () => string;
  notJson: () => string;
  /** The answer breaks the contract: at `where` (a path), `issue` (the contract's words). */
  unreadable: (where: string, issue: string) => string;
  theResponse: () => string;
  unexpectedShape: () => string;
  /** A non-2xx answer, `status` as "404 Not Found". */
  answered: (status: string) => string;
  answeredWithText: (status: string, text: string) => string;
  answeredWithPage: (status: string) => string;
  tokenRefused: () => string;
  streamNotOpened: () => string;
  streamUnreadable: () => string;
  streamBroke: () => string;
};

/* eslint-disable lingui/no-unlocalized-strings -- the English without the catalogs (plain Node) */
let words: ApiWords = {
  seconds: (s) => `${s} ${s === 1 ? 'second' : 'seconds'}`,
  timeout: (within) => `The service did not answer within ${within}. Try again.`,
  cancelled: () => 'The request was cancelled.',
  unreachable: (host) =>
    `Could not reach the service at ${host}: the connection failed or was dropped. Check your network and try again.`,
  thisSite: () => 'this site',
  webPageInsteadOfData: () =>
    'The service sent a web page instead of data (usually a proxy or sign-in page in between).',
  notJson: () => 'The service sent a response that is not valid JSON (it may have been cut off). Try again.',
  unreadable: (where, issue) => `The service sent data this dashboard cannot read: at ${where}, ${issue}.`,
  theResponse: () => 'the response',
  unexpectedShape: () => 'unexpected shape',
  answered: (status) => `The service answered ${status}.`,
  answeredWithText: (status, text) => `The service answered ${status}: ${text}`,
  answeredWithPage: (status) =>
    `The service answered ${status} with a web page instead of data (usually a proxy or gateway in between). Try again in a moment.`,
  tokenRefused: () => 'The service refused the sign-in token. Sign in again.',
  streamNotOpened: () => 'The stream of changes could not be opened.',
  streamUnreadable: () => 'The stream sent a change this dashboard cannot read.',
  streamBroke: () => 'The stream of changes broke off.',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The words in use. */
export const apiWords = (): ApiWords => words;

/** The catalog's words (./catalog-words.ts). */
export function setApiWords(next: ApiWords): void {
  words = next;
}
