/**
 * Spec §8: uncaught runtime errors are recorded in production with the error, info and URL.
 * They go to the console's /client-error action, which stores them in the platform.
 */
let installed = false;
let sent = 0;

export function reportClientError(error: unknown, info = "") {
  if (process.env.NODE_ENV !== "production" || sent >= 20) return;
  sent += 1;
  const body = new URLSearchParams({
    error:
      error instanceof Error
        ? `${error.name}: ${error.message}\n${error.stack ?? ""}`
        : String(error),
    info,
    url: window.location.href,
  });
  if (!navigator.sendBeacon?.("/client-error", body)) {
    fetch("/client-error", { method: "POST", body }).catch(() => {});
  }
}

export function installClientErrorReporter() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (e) =>
    reportClientError(e.error ?? e.message, "window.onerror"),
  );
  window.addEventListener("unhandledrejection", (e) =>
    reportClientError(e.reason, "unhandledrejection"),
  );
}
