import type { MetaFunction } from "@remix-run/node";
import { translate } from "~/i18n";

interface RootData {
  lng: string;
  config: { productTitle: string };
}

/** Spec §1: a page title is the route title plus the product title. */
export function titleMeta(titleKey: string): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
    const lng = root?.lng ?? "en";
    const product = root?.config.productTitle || translate(lng, "product");
    return [{ title: `${translate(lng, titleKey)} - ${product}` }];
  };
}

/** The same, with a dynamic title (an article's or entity's name) from the route's own data. */
export function dynamicTitle(matches: Parameters<MetaFunction>[0]["matches"], title: string) {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const product = root?.config.productTitle || translate(root?.lng ?? "en", "product");
  return [{ title: `${title} - ${product}` }];
}
