import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { sessionSecret } from "./env.server";
import { csrfCookie } from "./session.server";

/** The console's own anti-forgery token (browser → console), a signed double-submit cookie. */
export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: "csrf", secret: sessionSecret() });

/** Refuses a write whose form lacks the page's token: 403, nothing done. */
export async function validateCsrf(request: Request, formData?: FormData) {
  try {
    if (formData) await csrf.validate(formData, request.headers);
    else await csrf.validate(request);
  } catch (e) {
    if (e instanceof CSRFError) {
      throw new Response("页面已过期，请刷新后重试（CSRF）", { status: 403, statusText: "CSRF" });
    }
    throw e;
  }
}
