import admin from "../../public/locales/zh/admin.json";
import common from "../../public/locales/zh/common.json";
import insight from "../../public/locales/zh/insight.json";
import kg from "../../public/locales/zh/kg.json";
import table from "../../public/locales/zh/table.json";

/** Every namespace of one language, for the server (the browser loads each apart: namespaces.ts). */
export default { common, table, kg, admin, insight };
