import admin from "../../public/locales/es/admin.json";
import common from "../../public/locales/es/common.json";
import insight from "../../public/locales/es/insight.json";
import kg from "../../public/locales/es/kg.json";
import table from "../../public/locales/es/table.json";

/** Every namespace of one language, for the server (the browser loads each apart: namespaces.ts). */
export default { common, table, kg, admin, insight };
