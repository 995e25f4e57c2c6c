import type { RequestHandler } from "express";
import type { PlatformContext } from "../context.js";

/** Placeholder until the body-encryption work lands: passes bodies through. */
export function decryptBody(_ctx: PlatformContext): RequestHandler {
  return (_req, _res, next) => next();
}
