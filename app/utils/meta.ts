import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { translate } from "~/i18n";

interface RootData {
  lng: string;
  config: { pageTitle: string };
}

/**
 * What follows the route's title in the browser's title unless an operator named the product
 * (YF_PRODUCT_TITLE, which then stands alone): the product's name and, spec §1, the medical AI
 * platform it belongs to, in the page's language.
 */
export const defaultPageTitle = (lng: string) =>
  `${translate(lng, "product")} · ${translate(lng, "medicalPlatform")}`;

function pageTitle(matches: Parameters<MetaFunction>[0]["matches"], title: string) {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return [{ title: `${title} - ${root?.config.pageTitle || defaultPageTitle(root?.lng ?? "en")}` }];
}

/** Spec §1: a page title is the route title plus the product title. */
export function titleMeta(titleKey: string): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
    return pageTitle(matches, translate(root?.lng ?? "en", titleKey));
  };
}

/** The same, with a dynamic title (an article's or entity's name) from the route's own data. */
export function dynamicTitle(matches: Parameters<MetaFunction>[0]["matches"], title: string) {
  return pageTitle(matches, title);
}

/** The meta of a page whose loader gives its `title` (a missing page's: "404"). */
export const loaderTitleMeta = ({
  data,
  matches,
}: {
  data?: { title?: string } | null;
  matches: Parameters<MetaFunction>[0]["matches"];
}) => dynamicTitle(matches, data?.title ?? "404");

/** The status an error page shows: a thrown Response's, else 500. */
export const statusOf = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

/** The title of an error page (a refused, missing or failed page): its status in words. */
export function statusTitle(matches: Parameters<MetaFunction>[0]["matches"], status: number) {
  const key =
    status === 403
      ? "forbidden"
      : status === 404
        ? "notFound"
        : status === 503
          ? "serviceError"
          : "operationFailed";
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return pageTitle(matches, `${status} ${translate(root?.lng ?? "en", key)}`);
}
