/**
 * Dark mode (issue 12, decision 011). The preference lives in the preferences cookie like the
 * language; "auto" follows the system. The server draws the page in the resolved scheme, so
 * there is no flash and it works without JavaScript: Chromium tells the server the system
 * scheme in the Sec-CH-Prefers-Color-Scheme client hint (asked for with Accept-CH and
 * Critical-CH on every document); other browsers with JavaScript get it from Mantine's
 * ColorSchemeScript before the first paint; without either, "auto" is light.
 */
export type SchemePreference = "auto" | "light" | "dark";
export type ColorScheme = "light" | "dark";
export const SCHEME_PREFERENCES: SchemePreference[] = ["auto", "light", "dark"];
export const SCHEME_HINT = "Sec-CH-Prefers-Color-Scheme";

export const isSchemePreference = (v: unknown): v is SchemePreference =>
  v === "auto" || v === "light" || v === "dark";

/** The scheme to draw: the user's choice, else the system's as the browser hinted, else light. */
export function resolveScheme(preference: SchemePreference, hint: string | null): ColorScheme {
  if (preference !== "auto") return preference;
  return hint?.replace(/"/g, "").trim() === "dark" ? "dark" : "light";
}
