import type { LanguageResources, Lng, Namespace } from "~/i18n";

type Chunk = () => Promise<{ default: Record<string, unknown> }>;

/**
 * One chunk per language and namespace (issue 11): a page loads its language's namespaces
 * that its server render used (see components/i18n-namespaces.tsx), never the other
 * languages; the rest of its language comes before the first client navigation.
 */
const CHUNKS: Record<Lng, Record<Namespace, Chunk>> = {
  en: {
    common: () => import("../../public/locales/en/common.json"),
    table: () => import("../../public/locales/en/table.json"),
    kg: () => import("../../public/locales/en/kg.json"),
    admin: () => import("../../public/locales/en/admin.json"),
    insight: () => import("../../public/locales/en/insight.json"),
  },
  zh: {
    common: () => import("../../public/locales/zh/common.json"),
    table: () => import("../../public/locales/zh/table.json"),
    kg: () => import("../../public/locales/zh/kg.json"),
    admin: () => import("../../public/locales/zh/admin.json"),
    insight: () => import("../../public/locales/zh/insight.json"),
  },
  es: {
    common: () => import("../../public/locales/es/common.json"),
    table: () => import("../../public/locales/es/table.json"),
    kg: () => import("../../public/locales/es/kg.json"),
    admin: () => import("../../public/locales/es/admin.json"),
    insight: () => import("../../public/locales/es/insight.json"),
  },
};

/** `names` of language `lng`, fetched side by side. */
export async function loadNamespaces(
  lng: Lng,
  names: readonly Namespace[],
): Promise<Partial<LanguageResources>> {
  const loaded = await Promise.all(names.map((ns) => CHUNKS[lng][ns]()));
  return Object.fromEntries(names.map((ns, i) => [ns, loaded[i].default]));
}
