import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface GraphOption {
  id: number;
  name: string;
}

/**
 * The graph a statistics page shows: a plain GET form (works without JavaScript) that keeps
 * the page's other parameters as hidden fields.
 */
export function GraphPicker({
  graphs,
  value,
  allowAll,
  keep = {},
  children,
}: {
  graphs: GraphOption[];
  value: number | null;
  allowAll?: boolean;
  keep?: Record<string, string | number | null | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("insight");
  return (
    <Form method="get" className="kg-form" data-testid="graph-picker">
      {Object.entries(keep).map(([k, v]) =>
        v === undefined || v === null || v === "" ? null : (
          <input key={k} type="hidden" name={k} value={v} />
        ),
      )}
      <label>
        {t("common.graph")}
        <select name="graph" defaultValue={value ?? ""}>
          {allowAll && <option value="">{t("common.allGraphs")}</option>}
          {graphs.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {children}
      <button type="submit">{t("common.apply")}</button>
    </Form>
  );
}
