/** The longest stretch a long loop keeps the event loop before it lets timers and I/O run. */
const SLICE_MS = 20;

/**
 * A pacer for a long loop (issue 26: no job holds the event loop longer than about a second):
 * `const paused = pace(); if (paused) await paused;` on each item lets the event loop run
 * (heartbeats, HTTP) once SLICE_MS have passed since it last did; the clock is read every 64
 * items, and an item that need not wait costs no promise.
 */
export function pacer(): () => Promise<void> | undefined {
  let count = 0;
  let since = performance.now();
  return () => {
    if (++count % 64 !== 0 || performance.now() - since < SLICE_MS) return undefined;
    return new Promise<void>((r) => setImmediate(r)).then(() => {
      since = performance.now();
    });
  };
}
