import type { Response, Router } from "express";
import { requirePermission } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { handle } from "../http/errors.js";
import { invalidParam, pageParams, stringParam } from "../http/params.js";
import { ensureCsrfCookie } from "./write-guards.js";
import { clientErrors } from "../resources/defs/common.js";
import { resourceSchema } from "../resources/service.js";
import { listClientErrors, recordClientError } from "./client-errors.js";
import { publicConfigs } from "./configs.js";
import { bodyObject } from "../http/input.js";
import { issueNonce } from "./nonces.js";
import { rsaKeys } from "./secrets.js";

/** Who may read the client error log and its schema. */
const requireErrorLogReader = (res: Response) =>
  requirePermission(res, "common__clienterror__read");

export function mountCommon(router: Router, ctx: PlatformContext) {
  router.get(
    "/common/configs/all",
    handle(async (req, res) => {
      const { publicPem } = await rsaKeys(ctx);
      ensureCsrfCookie(req, res);
      res.json({ ...(await publicConfigs(ctx)), YF_RSA_PUBLIC_KEY: publicPem });
    }),
  );

  router.get(
    "/common/nonce",
    handle(async (req, res) => {
      // Spec §7 calls it with key=random, the only kind of nonce there is.
      const key = stringParam(req.query, "key");
      if (key !== undefined && key !== "random")
        throw invalidParam("key", "参数 key 只能是 random");
      res.json({ nonce: await issueNonce(ctx) });
    }),
  );

  router.post(
    "/common/clienterrors",
    handle(async (req, res) => {
      const body = bodyObject(req.body);
      const id = await recordClientError(
        ctx,
        { error: body.error, info: body.info, url: body.url },
        { user: res.locals.user, address: req.ip || "", userAgent: req.get("user-agent") || "" },
      );
      res.status(201).json({ id });
    }),
  );

  // The log's schema, shaped like every generic resource's (GET /{app}/{name}/schema/).
  router.get(
    "/common/clienterrors/schema",
    handle(async (_req, res) => {
      const user = requireErrorLogReader(res);
      res.json(await resourceSchema(ctx, clientErrors, user));
    }),
  );

  router.get(
    "/common/clienterrors",
    handle(async (req, res) => {
      requireErrorLogReader(res);
      const { page, pageSize } = pageParams(req.query, { clamp: true });
      res.json(await listClientErrors(ctx, page, pageSize));
    }),
  );
}
