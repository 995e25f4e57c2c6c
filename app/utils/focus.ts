/**
 * Moves focus to an element on the page's behalf (after a dialog closed or the table's view
 * changed). One that is not focusable by itself (a table row, the current page's number)
 * becomes so for that moment only: `tabindex="-1"`, never a Tab stop, removed when it loses
 * focus.
 */
export function focusElement(element: HTMLElement | null | undefined) {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) {
    element.setAttribute("tabindex", "-1");
    element.addEventListener("blur", () => element.removeAttribute("tabindex"), { once: true });
  }
  element.focus();
}
