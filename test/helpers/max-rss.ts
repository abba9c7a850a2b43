// Loaded with --import into a process whose peak memory a test measures: writes it to stderr as the process
// exits ("max-rss-kb N"), the largest resident set of the whole process, its worker threads included.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `max-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
