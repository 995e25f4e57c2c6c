import { useTranslation } from "react-i18next";
import { KeptChoices } from "./kept-choices";
import type { SelectOption } from "~/table/types";

const ACTIONS = ["read", "create", "update", "delete"] as const;

interface MatrixRow {
  model: string;
  /** A readable name: a permission's own name without its action ("用户：查看" → "用户", "Users: view" → "Users"). */
  title: string;
  cells: Partial<Record<(typeof ACTIONS)[number], SelectOption>>;
  others: SelectOption[];
}

/** Codenames `app__model__action` as one row per app__model, one column per CRUD action. */
export function matrixRows(options: SelectOption[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const o of options) {
    const code = String(o.key);
    const parts = code.split("__");
    const model = parts.length >= 3 ? parts.slice(0, -1).join("__") : code;
    const action = parts.length >= 3 ? parts[parts.length - 1] : "";
    const row = rows.get(model) ?? { model, title: "", cells: {}, others: [] };
    if (!row.title || action === "read") row.title = o.label.split(/[:：]/)[0].trim() || model;
    if ((ACTIONS as readonly string[]).includes(action))
      row.cells[action as (typeof ACTIONS)[number]] = o;
    else row.others.push(o);
    rows.set(model, row);
  }
  return [...rows.values()];
}

/**
 * The permission matrix of access control (spec §3 role labels: permissions): a checkbox per
 * codename, named `name`, so a plain form posts the chosen codenames.
 */
export function PermissionMatrix({
  name,
  options,
  chosen,
  disabled,
}: {
  name: string;
  options: SelectOption[];
  chosen: string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation("table");
  const rows = matrixRows(options);
  const box = (o: SelectOption) => (
    <input
      type="checkbox"
      className="rt-check"
      name={name}
      value={String(o.key)}
      defaultChecked={chosen.includes(String(o.key))}
      disabled={disabled || o.disabled}
      aria-label={o.label}
      title={String(o.key)}
    />
  );
  return (
    <>
      {/* Keeps the field in the form when every box is cleared, so saving can remove them all. */}
      {!disabled && <input type="hidden" name={name} value="" />}
      {!disabled && <KeptChoices name={name} options={options} chosen={chosen} />}
      <table className="rt-matrix" data-testid="permission-matrix">
        <thead>
          <tr>
            <th scope="col">{t("permission.module")}</th>
            {ACTIONS.map((a) => (
              <th scope="col" key={a}>
                {t(`permission.${a}`)}
              </th>
            ))}
            <th scope="col">{t("permission.other")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.model}>
              <td>
                {row.title !== row.model && <div>{row.title}</div>}
                <code>{row.model}</code>
              </td>
              {ACTIONS.map((a) => (
                <td key={a}>{row.cells[a] ? box(row.cells[a]!) : null}</td>
              ))}
              <td style={{ textAlign: "left" }}>
                {row.others.map((o) => (
                  <label
                    key={String(o.key)}
                    style={{
                      display: "inline-flex",
                      gap: 4,
                      marginRight: 10,
                      alignItems: "center",
                    }}
                  >
                    {box(o)} {o.label}
                  </label>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
