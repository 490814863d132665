/**
 * How the e2e tests and the browser benches start Debian's Chromium (never a downloaded browser):
 * CHROMIUM_PATH overrides the binary; the flags keep a headless run quiet and off the network.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
