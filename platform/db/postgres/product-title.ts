/** PostgreSQL form of 012-product-title (../schema-product-title.ts): the same statements. */
export { productTitleSchema } from "../schema-product-title.js";
