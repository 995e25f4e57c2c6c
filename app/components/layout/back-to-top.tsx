import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShellIcon } from "../ui/shell-icon";

/** Spec §9: shown after 400 px of scrolling; scrolls up smoothly (CSS scroll-behavior, so even without JavaScript). */
export const BACK_TO_TOP_THRESHOLD = 400;

export function BackToTop() {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <a
      href="#top"
      className="back-to-top"
      aria-label={t("layout.backToTop")}
      title={t("layout.backToTop")}
      data-hidden={hydrated && !visible}
      data-testid="back-to-top"
      onClick={(e) => {
        e.preventDefault();
        window.scrollTo({ top: 0, behavior: "smooth" });
      }}
    >
      <ShellIcon name="arrow-up" size={20} />
    </a>
  );
}
