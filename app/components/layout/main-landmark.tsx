import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root-data";
import { FlashRegion } from "../flash-toast";

/** The id the skip link jumps to: every page has exactly one `<main>`, and it carries it. */
export const MAIN_ID = "main";

const InsideMain = createContext(false);

/** Whether this part of the page is already inside the page's `<main>` (an error page in a layout). */
export function useInsideMain() {
  return useContext(InsideMain);
}

/** The first stop of the keyboard on every layout: hidden until focused, it moves focus to `<main>`. */
export function SkipLink() {
  const { t } = useTranslation();
  // The block keeps it on a line of its own in a text browser.
  return (
    <div className="skip">
      <a href={`#${MAIN_ID}`} className="skip-link" data-testid="skip-link">
        {t("layout.skipToMain")}
      </a>
    </div>
  );
}

/**
 * The page's one `<main>`: focusable from the skip link (tabindex -1: not a Tab stop itself).
 * It starts with the flash region (the message of the last save, delete…): after the skip
 * link, not before it, and the first thing read in the content.
 */
export function Main({
  className,
  children,
  testId,
}: {
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const root = useRootData();
  const toast = root?.toast ?? null;
  return (
    <main id={MAIN_ID} tabIndex={-1} className={className} data-testid={testId}>
      {/* Keyed by the load: the same message after a second save is shown (and read) again. */}
      <FlashRegion toast={toast} toastKey={toast ? `${toast.message}${root?.now}` : undefined} />
      <InsideMain.Provider value={true}>{children}</InsideMain.Provider>
    </main>
  );
}

/** `blocking` is not in React 18's types for `<link>`; it is rendered as written. */
const RENDER_BLOCKING = { blocking: "render" };

/**
 * In `<head>`: the browser draws no frame before the parser has reached `<main>`, so the first
 * frame is not the shell alone with the page's content a parse and a layout later (decision
 * 039). Chromium stops waiting at `<main>`'s start tag: what the parser has read of it by its
 * next pause is in the first frame, the rest comes in later frames. Waiting for a mark at
 * `<main>`'s end instead was tried (docs/performance.md, decision 045's stop): no page's
 * largest paint came clearly sooner and the home page's came later. A browser
 * without `rel="expect"` ignores it; one that has it stops waiting when the document ends,
 * should a page have no `<main>`.
 */
export function PaintWithMain() {
  return <link rel="expect" href={`#${MAIN_ID}`} {...RENDER_BLOCKING} />;
}
