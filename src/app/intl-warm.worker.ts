/**
 * Opens ICU's locale and time-zone data off the main thread. The first use of Intl in a page
 * costs 15-45 ms at full CPU speed (ICU opens its data), and that data is shared by the whole
 * renderer process: once a worker has built a formatter, the page's first one costs ~0.3 ms
 * (README, Performance). The entry script starts this worker before the rows it will format
 * are in; in a trace of the first paint, the ~40 ms of Intl it had left the main thread.
 */
new Intl.DateTimeFormat(undefined, { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(0);
new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }).format(1, 'day');
new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(1);
close();
