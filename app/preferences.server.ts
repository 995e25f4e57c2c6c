import type { Params } from "@remix-run/react";
import type { Lng } from "~/i18n";
import { getLocale } from "~/i18next.server";
import { getSession } from "~/auth/session.server";
import { activeGraphId } from "~/kg/graphs.server";
import { DEFAULT_SIZE, type ElementSize } from "~/theme";
import {
  resolveScheme,
  SCHEME_HINT,
  type ColorScheme,
  type SchemePreference,
} from "~/utils/color-scheme";

/**
 * What a request prefers, worked out once per request (issue 24): the language, the colour
 * scheme chosen and the one the page is drawn in, the element size, and the graph last chosen.
 * Loaders and server modules take these values; none reads the preferences cookie itself.
 */
export interface Preferences {
  lng: Lng;
  /** The choice: light, dark or the system's. */
  scheme: SchemePreference;
  /** The scheme the server draws the page (and its charts) in: the choice, else the system's hint. */
  colorScheme: ColorScheme;
  size: ElementSize;
  /** The graph chosen last (spec §2), if any. */
  graphId?: number;
}

const memo = new WeakMap<Request, Promise<Preferences>>();

export function preferences(request: Request): Promise<Preferences> {
  let p = memo.get(request);
  if (!p) {
    p = (async () => {
      const session = await getSession(request);
      const scheme = session.get("scheme") ?? "auto";
      return {
        lng: await getLocale(request, session),
        scheme,
        colorScheme: resolveScheme(scheme, request.headers.get(SCHEME_HINT)),
        size: session.get("size") ?? DEFAULT_SIZE,
        graphId: session.get("kgId"),
      };
    })();
    memo.set(request, p);
  }
  return p;
}

/**
 * Spec §2's active graph for this request: the URL's graph, else the one chosen last, else the
 * default (`activeGraphId`: a graph id that does not parse is the unknown graph's 404).
 */
export async function activeGraph(
  request: Request,
  params: Params,
  idIsGraph = false,
): Promise<number> {
  return activeGraphId(request, params, (await preferences(request)).graphId, idIsGraph);
}

/**
 * The scheme a chart's server picture is drawn in: the page's, for a document; none for the
 * data fetch of a hydrated page (the browser draws it; `Sec-Fetch-Dest: empty`); light where
 * there is no page request (a picture drawn for a download or a test).
 */
export async function chartScheme(request: Request | null): Promise<ColorScheme | null> {
  if (request === null) return "light";
  if (request.headers.get("sec-fetch-dest") === "empty") return null;
  return (await preferences(request)).colorScheme;
}
