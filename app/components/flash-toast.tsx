import { Notification } from "@mantine/core/esm/components/Notification/Notification.mjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export type Toast = { type: "success" | "error" | "info"; message: string };

/**
 * Where flash messages appear: two live regions that are always in the page, so a message put
 * into one after a save or a delete (JavaScript) is read out: a success or a notice politely
 * (`status`, once whatever has focus has been read), an error at once (`alert`). Neither is
 * focused: a message goes away by itself. Without JavaScript the message is simply in the
 * page. The layouts put the regions first in `<main>` (main-landmark.tsx), after the skip link
 * and the navigation, so the skip link stays the first Tab stop and the message is the first
 * thing read in the page's content.
 */
export function FlashRegion({ toast, toastKey }: { toast: Toast | null; toastKey?: string }) {
  const shown = toast && <FlashToast key={toastKey ?? toast.message} toast={toast} />;
  const error = toast?.type === "error";
  return (
    <div className="flash-region" data-testid="flash-region">
      <div role="status">{!error && shown}</div>
      <div role="alert">{error && shown}</div>
    </div>
  );
}

/**
 * A flash message of the error catalogue: stays without JavaScript, fades after 4 s with it
 * (6 s for an error), but not while the keyboard is on its close button.
 */
export function FlashToast({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => setOpen(false), toast.type === "error" ? 6000 : 4000);
    return () => clearTimeout(timer);
  }, [toast, held]);
  if (!open) return null;
  return (
    <div
      className="flash-toast"
      data-testid="flash"
      data-type={toast.type}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Notification
        color={toast.type === "error" ? "red" : toast.type === "success" ? "green" : "brand"}
        withCloseButton
        onClose={() => {
          setOpen(false);
          // Closed from the keyboard: focus stays in the content rather than falling to <body>.
          if (held) document.querySelector<HTMLElement>("main")?.focus();
        }}
        closeButtonProps={{ "aria-label": t("layout.closeMessage") }}
        // The region around it is the live region; the message itself is no second one.
        role="none"
        withBorder
      >
        {toast.message}
      </Notification>
    </div>
  );
}
