import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import forge from "node-forge";
import { configFlag } from "./configs.js";
import { storedRsaKeys } from "./secrets.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";

/** Characters of JSON text per RSA block: well under the 214-byte limit of RSA-2048 OAEP/SHA-1. */
export const CHUNK_CHARS = 100;
/** Each block costs an RSA private operation; this bounds the work one request can cause. */
const MAX_CHUNKS = 1000;

const decryptFailed = () => new HttpError(400, "请求体解密失败", "decrypt_failed");

/**
 * The envelope a client sends when body encryption is on: the JSON text, with every
 * non-ASCII character escaped as \uXXXX (so a 100-character piece never splits a
 * multi-byte character), cut into 100-character pieces, each RSA-OAEP (SHA-1) encrypted
 * and base64-encoded, joined with ",". Pure: only node-forge, no Node APIs, so the
 * console can run the same code.
 */
export function encryptForPlatform(publicKeyPem: string, body: unknown): { data: string } {
  const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  const ascii = JSON.stringify(body).replace(
    /[\u0080-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
  const pieces: string[] = [];
  for (let i = 0; i < ascii.length; i += CHUNK_CHARS) {
    pieces.push(
      forge.util.encode64(publicKey.encrypt(ascii.slice(i, i + CHUNK_CHARS), "RSA-OAEP")),
    );
  }
  return { data: pieces.join(",") };
}

function decryptEnvelope(privateKey: crypto.KeyObject, data: string): unknown {
  const pieces = data.split(",");
  if (pieces.length > MAX_CHUNKS) throw new HttpError(413, "请求体过大", "too_large");
  let text = "";
  for (const piece of pieces) {
    text += crypto
      .privateDecrypt(
        { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" },
        Buffer.from(piece, "base64"),
      )
      .toString("utf8");
  }
  return JSON.parse(text);
}

const isEnvelope = (body: unknown): body is { data: string } =>
  !!body &&
  typeof body === "object" &&
  !Array.isArray(body) &&
  Object.keys(body).length === 1 &&
  typeof (body as { data?: unknown }).data === "string";

/** When YF_BODY_ENCRYPT is on, replaces an encrypted `{data}` body with the JSON it carries. */
export function decryptBody(ctx: PlatformContext): RequestHandler {
  const decrypt = async (req: Request): Promise<void> => {
    if (!isEnvelope(req.body) || !(await configFlag(ctx, "YF_BODY_ENCRYPT"))) return;
    const keys = await storedRsaKeys(ctx);
    if (!keys) throw decryptFailed();
    try {
      req.body = decryptEnvelope(keys.privateKey, req.body.data);
    } catch (e) {
      throw e instanceof HttpError ? e : decryptFailed();
    }
  };
  return (req, _res, next) => {
    decrypt(req).then(() => next(), next);
  };
}
