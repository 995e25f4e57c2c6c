/** PostgreSQL form of 011-captcha-kind (../schema-captcha-kind.ts). */
export const captchaKindSchema = /* sql */ `
ALTER TABLE captchas ADD COLUMN kind TEXT NOT NULL DEFAULT 'image';
`;
