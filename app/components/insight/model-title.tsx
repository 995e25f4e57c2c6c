import type { ModelRecord } from "@contract/insight";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "~/components/kg/page";
import { StatusBadge } from "./status-badge";

/** A model page's title: the model, its version and status, its type and the page's name, the way back to the list. */
export function ModelTitle({
  model,
  sub,
  children,
}: {
  model: Pick<ModelRecord, "name" | "version" | "status" | "type">;
  sub: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("insight");
  return (
    <PageTitle
      title={
        <>
          {model.name} <span className="muted">v{model.version}</span>{" "}
          <StatusBadge status={model.status} />
        </>
      }
      sub={
        <>
          <span>{t(`model.type.${model.type}`)}</span>
          {sub}
        </>
      }
    >
      <Link className="kg-button light" to="/model/index">
        {t("model.backToList")}
      </Link>
      {children}
    </PageTitle>
  );
}
