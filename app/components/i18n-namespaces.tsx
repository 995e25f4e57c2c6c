import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { isNamespace, type Namespace } from "~/i18n";
import { useNonce } from "~/utils/nonce";

declare global {
  interface Window {
    /** The namespaces the server's render of this page used (NamespacesScript). */
    __i18nNamespaces?: unknown;
  }
}

const used = new WeakMap<I18n, Set<string>>();

/**
 * Server: records the namespaces a request's i18next instance looks keys up in, `t("kg:…")`
 * included (each lookup goes through its resource store), for NamespacesScript.
 */
export function recordNamespaces(instance: I18n) {
  const names = new Set<string>(["common"]);
  used.set(instance, names);
  // Not in i18next's types, but what its translator calls for every key.
  const store = instance.store as unknown as {
    getResource(lng: string, ns: string, ...rest: unknown[]): unknown;
  };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, ...rest) => {
    names.add(ns);
    return getResource(lng, ns, ...rest);
  };
}

/** The namespaces the server's render used, as the browser reads them before hydrating. */
export function pageNamespaces(): Namespace[] {
  const listed = typeof window === "undefined" ? [] : window.__i18nNamespaces;
  const names = Array.isArray(listed) ? listed.filter(isNamespace) : [];
  return [...new Set<Namespace>(["common", ...names])];
}

/**
 * The namespaces this page's render used, handed to the browser (issue 11): it loads those
 * before hydrating (the same text, no flash) instead of the whole language. Rendered after
 * the page's content, so the server has rendered (and recorded) everything before it;
 * `useTranslation` hooks count too (react-i18next reports every namespace they ask for).
 * The browser renders the same script from the value it set.
 */
export function NamespacesScript() {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const names =
    typeof document === "undefined"
      ? [
          ...new Set([
            ...(used.get(i18n) ?? []),
            ...(i18n.reportNamespaces?.getUsedNamespaces() ?? []),
          ]),
        ].filter(isNamespace)
      : pageNamespaces();
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `window.__i18nNamespaces=${JSON.stringify(names)}` }}
    />
  );
}
