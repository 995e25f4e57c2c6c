import { ColorSchemeScript } from "@mantine/core/esm/core/MantineProvider/ColorSchemeScript/ColorSchemeScript.mjs";
import { MantineProvider } from "@mantine/core/esm/core/MantineProvider/MantineProvider.mjs";
import type { MantineColorSchemeManager } from "@mantine/core";
import { mantineHtmlProps } from "@mantine/core/esm/core/MantineProvider/mantine-html-props.mjs";
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { i18n as I18n } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "./components/ui/error-boundary";
import { NamespacesScript } from "./components/i18n-namespaces";
import { PageScripts } from "./components/layout/page-scripts";
import { PaintWithMain } from "./components/layout/main-landmark";
import { namespaces, translate } from "./i18n";
import { defaultPageTitle, statusOf, statusTitle } from "./utils/meta";
import { preferences } from "./preferences.server";
import { useRootData, type RootData } from "./root-data";
import { getPlatformConfig } from "./platform-client/config.server";
// Mantine's stylesheet, the theme's variables (drawn once at build time, decision 034) and the
// console's own rules, bundled into one stylesheet in that order (styles/root.css).
import rootCss from "./styles/root.css";
import { cssVariablesResolver, themeFor } from "./theme";
import { csrf } from "~/auth/csrf.server";
import { useNonce } from "./utils/nonce";
import { commitSession, getSession } from "~/auth/session.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: rootCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The step of the moment relative times count from: 10 s, finer than the shortest one they tell
 * apart (刚刚 is under 30 s; then minutes).
 */
const NOW_STEP_MS = 10_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, prefs, loaded] = await Promise.all([
    getSession(request),
    preferences(request),
    getPlatformConfig(),
  ]);
  const { lng } = prefs;
  const [csrfToken, csrfCookie] = await csrf.commitToken(request);
  const toast = session.get("toast") ?? null;
  const headers = new Headers();
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  if (toast) headers.append("Set-Cookie", await commitSession(session));
  const root: RootData = {
    lng,
    // To the step below, so a page asked for again with the same data is the same document
    // (app/render-memo.server.ts); exact with a flash, whose page is never kept.
    now: toast ? Date.now() : Math.floor(Date.now() / NOW_STEP_MS) * NOW_STEP_MS,
    csrfToken,
    toast,
    size: prefs.size,
    scheme: prefs.scheme,
    colorScheme: prefs.colorScheme,
    config: {
      ok: loaded.ok,
      showLogo: loaded.config.YF_SHOW_LOGO === true,
      productTitle: String(loaded.config.YF_PRODUCT_TITLE || translate(lng, "product")),
      pageTitle: String(loaded.config.YF_PRODUCT_TITLE || defaultPageTitle(lng)),
    },
    signedIn: Boolean(session.get("token")),
  };
  return data(root, { headers });
}

/** A page whose error reached the root's boundary (a public page's, a resource route's) is titled by its status. */
export const meta: MetaFunction = ({ error, matches }) =>
  error ? statusTitle(matches, statusOf(error)) : [];

/** The root data (config, flash) must follow every navigation, not only submissions. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * Mantine keeps no colour scheme of its own: the preferences cookie holds the choice and the
 * server draws it (app/utils/color-scheme.ts), so nothing is written to localStorage.
 */
const schemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  // The choice is the server's (the preferences cookie); "auto" follows the system.
  // Mantine's own state is always "auto" (it is read once, at mount): an explicit choice is
  // forced, so going back from a choice to "auto" follows the system again.
  const scheme = root?.scheme ?? "auto";
  const forced = scheme === "auto" ? undefined : scheme;
  // A mark for tests and scripts: the page is interactive (also on error pages).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The provider wraps the whole document; its style sheets (the theme's CSS variables, the
  // responsive helper classes) are the static app/styles/theme.css (decision 034).
  return (
    <MantineProvider
      theme={themeFor(root?.size)}
      defaultColorScheme="auto"
      forceColorScheme={forced}
      colorSchemeManager={schemeManager}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <html
        lang={root?.lng ?? "en"}
        {...mantineHtmlProps}
        data-mantine-color-scheme={root?.colorScheme ?? "light"}
      >
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
          <PaintWithMain />
          <ColorSchemeScript defaultColorScheme="auto" forceColorScheme={forced} nonce={nonce} />
        </head>
        <body id="top">
          {children}
          <ScrollRestoration nonce={nonce} />
          <NamespacesScript />
          <PageScripts nonce={nonce} />
        </body>
      </html>
    </MantineProvider>
  );
}

/** The <details> dropdowns close by themselves on a page load; with JavaScript, close them after a navigation or submission. */
function useCloseDropdowns() {
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    document.querySelectorAll("details.dd[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key, navigation.state]);
}

/**
 * The page loaded only the namespaces of its language that it uses (entry.client.tsx): the
 * first client navigation waits for the rest (a few KB, once), so the next page's text is
 * there when it renders, never its keys.
 */
function useWholeLanguageBeforeNavigating() {
  const { i18n } = useTranslation();
  const blocker = useBlocker(() => missingNamespaces(i18n).length > 0);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // Navigates anyway should a chunk fail: its text then follows (i18next retries).
    i18n.loadNamespaces(missingNamespaces(i18n)).finally(() => blocker.proceed());
  }, [blocker, i18n]);
  // The person's first press or key starts the loading, so a click rarely waits for it.
  useEffect(() => {
    const early = () => {
      const missing = missingNamespaces(i18n);
      if (missing.length) void i18n.loadNamespaces(missing);
    };
    const options = { once: true, capture: true, passive: true };
    document.addEventListener("pointerdown", early, options);
    document.addEventListener("keydown", early, options);
    return () => {
      document.removeEventListener("pointerdown", early, options);
      document.removeEventListener("keydown", early, options);
    };
  }, [i18n]);
}

const missingNamespaces = (i18n: I18n) =>
  namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));

export default function App() {
  const { csrfToken, config } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useCloseDropdowns();
  useWholeLanguageBeforeNavigating();
  return (
    <AuthenticityTokenProvider token={csrfToken}>
      {!config.ok && (
        <div role="alert" className="service-error">
          {t("serviceError")}
        </div>
      )}
      {/* The flash message (root data "toast") is the first thing in <main> (Main). */}
      <Outlet />
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
