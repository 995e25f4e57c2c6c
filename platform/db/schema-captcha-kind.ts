/** Which challenge a captcha is (image or text): a wrong answer to a text question counts as a login failure. */
export const captchaKindSchema = /* sql */ `
ALTER TABLE captchas ADD COLUMN kind TEXT NOT NULL DEFAULT 'image';
`;
