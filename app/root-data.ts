import { useRouteLoaderData } from "@remix-run/react";
import type { Lng } from "~/i18n";
import type { ElementSize } from "~/theme";
import type { ColorScheme, SchemePreference } from "~/utils/color-scheme";

/** What the root loader (app/root.tsx) gives every page: preferences, config and the flash. */
export interface RootData {
  lng: Lng;
  /** The moment relative times are counted from, the same on the server and while hydrating. */
  now: number;
  csrfToken: string;
  toast: { type: "success" | "error" | "info"; message: string } | null;
  size: ElementSize;
  scheme: SchemePreference;
  colorScheme: ColorScheme;
  config: { ok: boolean; showLogo: boolean; productTitle: string; pageTitle: string };
  /**
   * The session holds a sign-in (a token; whether the platform still takes it is the guard's
   * question). For a header drawn where the page's own loader could not say who is signed in:
   * a page's error boundary.
   */
  signedIn: boolean;
}

/** The root's data, from any component (undefined only outside the root's tree). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
