import type { ResourceScreen } from "~/table/registry";
import type { TableState } from "~/table/table-state";
import type { Row, TableSchema } from "~/table/types";

export interface GridProps {
  screen: ResourceScreen;
  schema: TableSchema;
  rows: Row[];
  state: TableState;
  /** Columns the user hid (remembered per user and screen). */
  hidden: string[];
}

/** The bulk form the rows' checkboxes belong to (they sit in the table, outside the form). */
export const formIdOf = (screen: ResourceScreen) => `rt-bulk-${screen.key}`;
