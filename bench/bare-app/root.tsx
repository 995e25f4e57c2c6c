/**
 * The reference of issue 25: a bare Remix app on the card's stack — its own build
 * (BENCH_BARE_APP=1, remix.config.js), a root with MantineProvider and Mantine's stylesheet,
 * no i18n, no session, no console shell. Built only for bench/pages.ts, never shipped.
 */
import mantineCss from "@mantine/core/styles.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mantineCss }];

export default function App() {
  return (
    <html lang="zh-CN" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Bare</title>
        <Meta />
        <Links />
        <ColorSchemeScript />
      </head>
      <body>
        <MantineProvider>
          <Outlet />
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
