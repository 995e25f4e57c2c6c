export const supportedLngs = ["en", "zh", "es"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "en";

/** Namespaces: common (shell), table (generic table), kg (graph pages), admin (ontology, graphs, jobs), insight (models, statistics, feedback, retrieval logs). */
export type LanguageResources = Record<
  "common" | "table" | "kg" | "admin" | "insight",
  Record<string, unknown>
>;

/**
 * The languages loaded in this process: all of them on the server (locales/all.server.ts),
 * the user's one in the browser (entry.client.tsx), so a page ships one language, not three.
 */
const loaded: Partial<Record<Lng, LanguageResources>> = {};

export function addResources(lng: Lng, resources: LanguageResources) {
  loaded[lng] = resources;
}

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
