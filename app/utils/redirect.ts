/** Any origin: only used to parse a path and to tell that parsing kept it on this site. */
const BASE = "http://console.invalid";

/**
 * Only same-site paths: "/x" yes; "//evil", "/\\evil", "https://evil", "javascript:" no.
 * The path comes back percent-encoded as a URL (and so a Location header) needs it:
 * "/245/articles?search=辽宁舰" → "/245/articles?search=%E8%BE%BD%E5%AE%81%E8%88%B0";
 * what is already encoded stays as it is.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}
