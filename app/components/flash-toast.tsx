import { Notification } from "@mantine/core/esm/components/Notification/Notification.mjs";
import { useEffect, useState } from "react";

/** A flash message of the error catalogue: stays without JavaScript, fades after 4 s with it. */
export function FlashToast({
  toast,
}: {
  toast: { type: "success" | "error" | "info"; message: string };
}) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), toast.type === "error" ? 6000 : 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!open) return null;
  return (
    <div className="flash-toast" data-testid="flash" data-type={toast.type}>
      <Notification
        color={toast.type === "error" ? "red" : toast.type === "success" ? "green" : "brand"}
        withCloseButton
        onClose={() => setOpen(false)}
        withBorder
      >
        {toast.message}
      </Notification>
    </div>
  );
}
