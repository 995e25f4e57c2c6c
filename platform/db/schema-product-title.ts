/**
 * The product's names follow the page's language unless an operator set their own: the old
 * Chinese defaults become empty (the console shows its own name in each language).
 */
export const productTitleSchema = /* sql */ `
UPDATE configs SET value = '', description = '产品名称，用于页面标题；留空时按界面语言显示默认名称'
  WHERE key = 'YF_PRODUCT_TITLE' AND value = '知识图谱平台';
UPDATE configs SET value = '', description = '产品简称；留空时按界面语言显示默认简称'
  WHERE key = 'YF_PLATFORM_NAME_SHORT' AND value = '知识图谱';
`;
