export const supportedLngs = ["en", "zh", "es"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "en";

/** Namespaces: common (shell), table (generic table), kg (graph pages), admin (ontology, graphs, jobs), insight (models, statistics, feedback, retrieval logs). */
export const namespaces = ["common", "table", "kg", "admin", "insight"] as const;
export type Namespace = (typeof namespaces)[number];
export type LanguageResources = Record<Namespace, Record<string, unknown>>;

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}

/**
 * The languages loaded in this process: all of them on the server (locales/all.server.ts);
 * in the browser the user's one, and of it only the namespaces the page uses, then the rest
 * before the first navigation (entry.client.tsx, locales/namespaces.ts).
 */
const loaded: Partial<Record<Lng, Partial<LanguageResources>>> = {};

export function addResources(lng: Lng, resources: Partial<LanguageResources>) {
  loaded[lng] = { ...loaded[lng], ...resources };
}

export default {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS: "common",
  ns: [...namespaces],
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
export function translate(
  lng: string,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const [ns, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const lookup = (l: string) =>
    path
      .split(".")
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
        loaded[l as Lng]?.[ns as keyof LanguageResources],
      );
  const found = lookup(isLng(lng) ? lng : fallbackLng) ?? lookup(fallbackLng);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v) => String(vars[v] ?? ""));
}
