import { createContext, useContext } from "react";

/**
 * The request's CSP nonce for inline scripts, provided by entry.server. The browser needs
 * none: it never adds an inline script, and hides the attribute once the page is parsed.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
