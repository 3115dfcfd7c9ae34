import { existsSync } from 'node:fs';

/** Where a Chromium-family browser is usually installed; CHROME_PATH comes first. */
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The system browser the browser tests drive with puppeteer-core, or the reason there is none (the tests then
 * skip, and print that reason so that a skip is never silent).
 */
export function findBrowser(): { path: string } | { missing: string } {
  const fromEnvironment = process.env.CHROME_PATH;
  if (fromEnvironment) {
    return existsSync(fromEnvironment)
      ? { path: fromEnvironment }
      : { missing: `CHROME_PATH=${fromEnvironment} does not exist` };
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  return found
    ? { path: found }
    : {
        missing: `no browser found (set CHROME_PATH, or install chromium: apt-get install chromium); looked at ${CANDIDATES.join(', ')}`,
      };
}

/** Options for a headless launch that works in containers and as root (where Chromium's sandbox cannot start). */
export function launchOptions(path: string): { executablePath: string; headless: true; args: string[] } {
  return {
    executablePath: path,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  };
}
