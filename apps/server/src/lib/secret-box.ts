import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type TSecretBox = { seal(plain: string): string; open(sealed: string): string };

/** AES-256-GCM with a key derived from the server's secret key; output is `iv.tag.ciphertext`. */
export function createSecretBox(secretKey: string, purpose: string): TSecretBox {
  const key = createHash('sha256').update(`${purpose}:${secretKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
