/**
 * The server half of the generic table (issue 3): loaders and actions every table screen
 * shares, parameterised by the screen's key. A screen's route modules only name the screen:
 *
 *   export const loader = (args: LoaderFunctionArgs) => tableLoader("users", args);
 *
 * (an arrow defined in the route module, so the browser build drops it with its import).
 */
export { tableAction, tableLoader, FEATURE_FLAGS } from "./resource/table.server";
export { formAction, formLoader, backToTable, tableUrl } from "./resource/form.server";
export {
  bulkDeleteAction,
  bulkDeleteLoader,
  deleteAction,
  deleteLoader,
} from "./resource/delete.server";
export { importAction, importLoader, MAX_IMPORT_BYTES } from "./resource/import.server";
export { downloadLoader, exportAction, exportLoader } from "./resource/export.server";
export { resetPasswordAction, resetPasswordLoader } from "./resource/users.server";
export { permissionAction, permissionLoader, PERMISSION_PATH } from "./resource/permission.server";
export { failureMessage, fetchList, fetchSchema } from "./resource/platform.server";
