import enAdmin from "../public/locales/en/admin.json";
import enCommon from "../public/locales/en/common.json";
import enInsight from "../public/locales/en/insight.json";
import enKg from "../public/locales/en/kg.json";
import enTable from "../public/locales/en/table.json";
import esAdmin from "../public/locales/es/admin.json";
import esCommon from "../public/locales/es/common.json";
import esInsight from "../public/locales/es/insight.json";
import esKg from "../public/locales/es/kg.json";
import esTable from "../public/locales/es/table.json";
import zhAdmin from "../public/locales/zh/admin.json";
import zhCommon from "../public/locales/zh/common.json";
import zhInsight from "../public/locales/zh/insight.json";
import zhKg from "../public/locales/zh/kg.json";
import zhTable from "../public/locales/zh/table.json";

export const supportedLngs = ["en", "zh", "es"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "en";

/** Namespaces: common (shell), table (generic table), kg (graph pages), admin (ontology, graphs, jobs), insight (models, statistics, feedback, retrieval logs). */
export const resources = {
  en: { common: enCommon, table: enTable, kg: enKg, admin: enAdmin, insight: enInsight },
  zh: { common: zhCommon, table: zhTable, kg: zhKg, admin: zhAdmin, insight: zhInsight },
  es: { common: esCommon, table: esTable, kg: esKg, admin: esAdmin, insight: esInsight },
};

export default {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS: "common",
  ns: ["common", "table", "kg", "admin", "insight"],
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

export function isLng(value: unknown): value is Lng {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}

/**
 * A translation without an i18next instance, for `meta` functions and server messages.
 * Key "ns:a.b" or "a.b" (common).
 */
export function translate(lng: string, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const lookup = (l: string) =>
    path.split(".").reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      (resources as Record<string, Record<string, unknown>>)[l]?.[ns],
    );
  const found = lookup(isLng(lng) ? lng : fallbackLng) ?? lookup(fallbackLng);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v) => String(vars[v] ?? ""));
}
