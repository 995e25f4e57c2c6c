import { useEffect, useState } from "react";
import type { ColorScheme } from "~/charts/theme";

/**
 * The colour scheme the page shows: first `drawn`, what the server drew (the root's
 * `colorScheme`, for markup the server renders, so server and hydration agree; the live
 * charts, drawn after hydration, need not pass it), then `<html data-mantine-color-scheme>`
 * as it is, which Mantine's script sets to the system's when the preference is "auto" and
 * the server had no hint; followed when it changes.
 */
export function useShownScheme(drawn: ColorScheme = "light"): ColorScheme {
  const [scheme, setScheme] = useState<ColorScheme>(drawn);
  useEffect(() => {
    const html = document.documentElement;
    const read = () => setScheme(html.dataset.mantineColorScheme === "dark" ? "dark" : "light");
    read();
    const observer = new MutationObserver(read);
    observer.observe(html, { attributes: true, attributeFilter: ["data-mantine-color-scheme"] });
    return () => observer.disconnect();
  }, []);
  return scheme;
}
