/** Only same-site paths: "/x" yes; "//evil", "/\\evil", "https://evil", "javascript:" no. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}
