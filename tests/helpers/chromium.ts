/**
 * How tests and benchmarks start Debian's Chromium (never a downloaded browser; see the README):
 * used by playwright.config.ts and by the benchmarks that drive a browser.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
