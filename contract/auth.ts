/** GET /api/common/users/captcha/: which challenge to issue (`?kind=`, image by default). */
export type CaptchaKind = "image" | "text";

/** A distorted image of 4 characters. */
export interface ImageCaptcha {
  captcha_id: string;
  kind: "image";
  image: string;
}

/** The operation of a text question: "a plus b" or "a minus b", answered in digits. */
export interface TextChallenge {
  op: "plus" | "minus";
  a: number;
  b: number;
}

/**
 * A question read as text (screen readers, text browsers): `question` is the platform's own
 * wording (Chinese, like its messages); `challenge` lets a client word it in its language.
 */
export interface TextCaptcha {
  captcha_id: string;
  kind: "text";
  question: string;
  challenge: TextChallenge;
}

export type Captcha = ImageCaptcha | TextCaptcha;
