import IconEye from "@tabler/icons-react/dist/esm/icons/IconEye.mjs";
import IconEyeOff from "@tabler/icons-react/dist/esm/icons/IconEyeOff.mjs";
import { useTranslation } from "react-i18next";

/**
 * The show/hide icon of a PasswordInput with its words in the page's language: Mantine's own is
 * an icon only, which a text browser shows as "(BUTTON)".
 */
export function PasswordToggleIcon({ reveal }: { reveal: boolean }) {
  const { t } = useTranslation();
  const Icon = reveal ? IconEyeOff : IconEye;
  return (
    <>
      <Icon style={{ width: "var(--psi-icon-size)", height: "var(--psi-icon-size)" }} aria-hidden />
      <span className="visually-hidden">{t(reveal ? "hidePassword" : "showPassword")}</span>
    </>
  );
}
