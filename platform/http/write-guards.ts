import type { RequestHandler } from "express";
import type { PlatformContext } from "../context.js";

/** Placeholder until the CSRF and nonce work lands. */
export function writeGuards(_ctx: PlatformContext): RequestHandler {
  return (_req, _res, next) => next();
}
