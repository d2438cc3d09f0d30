/**
 * Opens ICU's locale and time-zone data off the main thread. The first use of Intl in a page
 * costs 15-45 ms at full CPU speed (ICU opens its data), and that data is shared by the whole
 * renderer process: once a worker has built a formatter, the page's first one costs ~0.3 ms
 * (README, Performance). The entry script starts this worker before the rows it will format
 * are in; in a trace of the first paint, the ~40 ms of Intl it had left the main thread.
 * It uses the screen's own formatters, so it opens exactly what they need.
 */
import { warmJobsFormatters } from '../features/jobs/derive';

warmJobsFormatters();
close();
