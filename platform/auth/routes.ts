import type { Request, Router } from "express";
import { optionalText } from "../http/input.js";
import type { PlatformContext } from "../context.js";
import { handle } from "../http/errors.js";
import { invalidParam, stringParam } from "../http/params.js";
import { issueCaptcha, issueTextCaptcha } from "./captcha.js";
import { hasPermission, requireUser, unauthenticated } from "./context.js";
import { issueSsoTicket, loginWithPassword, loginWithTicket } from "./login.js";
import { changePassword, checkNewPassword, confirmPassword } from "./password-policy.js";
import { endToken, userById, userInfo } from "./sessions.js";

/** The client's address; the server trusts loopback proxies, so X-Forwarded-For counts there. */
const addressOf = (req: Request) => req.ip || req.socket.remoteAddress || "";

/** A users/valid body that asks about a new password rather than re-confirming the current one. */
const isCandidate = (body: unknown) =>
  typeof body === "object" && body !== null && "new_password" in body && !("password" in body);

/** The session endpoints of spec §7 under /common/users (see docs/api.md, "Core"). */
export function mountAuth(router: Router, ctx: PlatformContext) {
  const users = "/common/users";

  router.get(
    `${users}/captcha`,
    handle(async (req, res) => {
      const kind = stringParam(req.query, "kind") ?? "image";
      if (kind !== "image" && kind !== "text") {
        throw invalidParam("kind", "参数 kind 只能是 image 或 text");
      }
      const issue = kind === "text" ? issueTextCaptcha : issueCaptcha;
      res.set("Cache-Control", "no-store").json(await issue(ctx, addressOf(req)));
    }),
  );

  router.post(
    `${users}/login`,
    handle(async (req, res) => {
      res.json(await loginWithPassword(ctx, req.body, addressOf(req)));
    }),
  );

  router.post(
    `${users}/ssologin`,
    handle(async (req, res) => {
      res.json(await loginWithTicket(ctx, req.body));
    }),
  );

  router.post(
    `${users}/ssoticket`,
    handle(async (req, res) => {
      const user = requireUser(res);
      const actor = { id: user.id, username: user.username, isAdmin: hasPermission(user, "admin") };
      res.status(201).json(await issueSsoTicket(ctx, actor, optionalText(req.body, "username")));
    }),
  );

  router.get(
    `${users}/info`,
    handle(async (_req, res) => {
      const user = await userById(ctx, requireUser(res).id);
      if (!user) throw unauthenticated("token_invalid");
      res.json(await userInfo(ctx, user));
    }),
  );

  router.post(
    `${users}/logout`,
    handle(async (_req, res) => {
      await endToken(ctx, requireUser(res).token, "logout");
      res.json({ detail: "已退出登录" });
    }),
  );

  router.post(
    `${users}/valid`,
    handle(async (req, res) => {
      const user = requireUser(res);
      // {new_password}: does it meet the rule; {password}: is it the caller's (docs/api.md).
      if (isCandidate(req.body)) checkNewPassword(req.body);
      else await confirmPassword(ctx, user.id, req.body, addressOf(req));
      res.json({ valid: true });
    }),
  );

  router.patch(
    `${users}/password`,
    handle(async (req, res) => {
      await changePassword(ctx, requireUser(res).id, req.body, addressOf(req));
      res.json({ detail: "密码修改成功" });
    }),
  );
}
