// The same 10 user rows as the console's users page, from the same store (bench/bare-table.tsx).
export { default, loader } from "../../bare-table";
