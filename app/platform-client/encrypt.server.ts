import forge from "node-forge";

const keyCache = new Map<string, forge.pki.rsa.PublicKey>();

/**
 * The body-encryption of spec §7: the JSON text (non-ASCII escaped as \uXXXX, so one
 * character is one byte) is cut into 100-character pieces, each RSA-OAEP encrypted with
 * the platform's public key; the base64 pieces are joined with "," into the single field `data`.
 */
export function encryptBody(publicKeyPem: string, body: unknown): { data: string } {
  let key = keyCache.get(publicKeyPem);
  if (!key) {
    key = forge.pki.publicKeyFromPem(publicKeyPem);
    keyCache.set(publicKeyPem, key);
  }
  const text = JSON.stringify(body).replace(
    /[\u007f-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 100) {
    pieces.push(forge.util.encode64(key.encrypt(text.slice(i, i + 100), "RSA-OAEP")));
  }
  return { data: pieces.join(",") };
}
