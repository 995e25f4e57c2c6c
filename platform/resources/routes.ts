import express, { type Router } from "express";
import type { PlatformContext } from "../context.js";

export function mountResources(_router: Router, _ctx: PlatformContext) {}

export function templateRouter(_ctx: PlatformContext): Router {
  return express.Router();
}
