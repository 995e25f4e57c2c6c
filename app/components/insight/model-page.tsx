import type { ModelRecord } from "@contract/insight";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "~/components/kg/page";
import { errorBoundary } from "~/components/ui/error-boundary";
import { dynamicTitle } from "~/utils/meta";
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

/** A model page's document title: the model's name and the page's ("404" on an error page). */
export const modelPageMeta: MetaFunction = ({ data, matches }) => {
  const page = data as { model: { name: string }; title: string } | undefined;
  return dynamicTitle(matches, page ? `${page.model.name} · ${page.title}` : "404");
};

/** A model page's error boundary: the status, the platform's message, the way back to the models. */
export const ModelErrorBoundary = errorBoundary({
  back: { to: "/model/index", label: "insight:model.backToList" },
});
