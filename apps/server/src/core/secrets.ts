import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';

/**
 * Secrets at rest (shops' marketplace tokens): AES-256-GCM with the key of `config.secretsKey`
 * (32 bytes, base64 or hex). Production refuses to start without it; elsewhere an unset key is
 * a random one kept in `${dataDir}/secrets.key` (created once, mode 0600, read on later starts).
 *
 * A ciphertext is text: `v1:` + base64url of iv (12 bytes) ‖ tag (16 bytes) ‖ encrypted bytes.
 * The version names the scheme, so a later key rotation or algorithm can read the old ones.
 */
export interface Secrets {
  encrypt(plain: string): string;
  /** Throws when the text was not written with this key (or was altered). */
  decrypt(cipherText: string): string;
  /** An HMAC-SHA256 of `text` (base64url) with a key derived from the secrets key for signing only. */
  sign(text: string): string;
  /** Whether `signature` is `sign(text)`, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Whether `text` has the shape of a ciphertext of `encrypt` (a version, then at least an iv and a
 * tag in base64url). Used to refuse a clear value in a secret column and to redact audit values.
 */
export const isCipherText = (text: unknown): text is string =>
  typeof text === 'string' && /^v\d+:[A-Za-z0-9_-]{38,}$/.test(text);

/** Reads a 32-byte key from base64 or hex; throws naming the variable otherwise. */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error('SECRETS_KEY must be 32 bytes, written as base64 (44 characters) or hex (64 characters)');
  }
  return key;
}

export function secretsWithKey(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error('The secrets key is 32 bytes');
  // a key of its own for signatures, so a signature never reveals anything about the encryption key
  const signingKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'seller-admin signing', 32));
  const sign = (text: string) => createHmac('sha256', signingKey).update(text, 'utf8').digest('base64url');
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(cipherText) {
      const [version, payload] = cipherText.split(':', 2);
      if (version !== VERSION || !payload) throw new Error('Not a secret written by this product');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Secret too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * A secret kept in a file of the data folder (mode 0600): made by `make` the first time, read on
 * every later call, by any process. The file appears complete or not at all (written aside, then
 * hard-linked into place), so processes starting together on one folder never read it half written
 * and all end up with the one value.
 */
export async function dataFolderSecret(dataDir: string, fileName: string, make: () => string): Promise<string> {
  const path = join(dataDir, fileName);
  await mkdir(dataDir, { recursive: true });
  const aside = join(dataDir, `.${fileName}.${randomUUID()}`);
  await writeFile(aside, make(), { mode: 0o600 });
  try {
    await link(aside, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(aside).catch(() => {});
  }
  return (await readFile(path, 'utf8')).trim();
}

/** The key file of a development or test data folder: created once, read afterwards. */
async function keyFile(dataDir: string): Promise<Buffer> {
  return parseSecretsKey(await dataFolderSecret(dataDir, 'secrets.key', () => randomBytes(32).toString('base64')));
}

/** Where the marketplace simulator's control key is kept when MARKETPLACE_SIMULATOR_KEY is unset. */
export const SIMULATOR_KEY_FILE = 'marketplace-simulator.key';

/**
 * The key of the marketplace simulator's control API (`x-sim-key`): MARKETPLACE_SIMULATOR_KEY, or
 * a random one made once per data folder (`${dataDir}/marketplace-simulator.key`), which is where
 * a developer, a test or the demo seed reads it.
 */
export function simulatorKey(config: Pick<AppConfig, 'marketplaceSimulatorKey' | 'dataDir'>): Promise<string> {
  if (config.marketplaceSimulatorKey) return Promise.resolve(config.marketplaceSimulatorKey);
  return dataFolderSecret(config.dataDir, SIMULATOR_KEY_FILE, () => randomBytes(24).toString('base64url'));
}

const opened = new WeakMap<AppConfig, Promise<Secrets>>();

/** The secrets of this configuration (one key per app; the first call reads or creates it). */
export function secretsFor(config: Pick<AppConfig, 'secretsKey' | 'production' | 'dataDir'>): Promise<Secrets> {
  const known = opened.get(config as AppConfig);
  if (known) return known;
  const opening = (async () => {
    if (config.secretsKey) return secretsWithKey(parseSecretsKey(config.secretsKey));
    if (config.production) {
      throw new Error(
        'SECRETS_KEY must be set when NODE_ENV=production: 32 random bytes as base64 or hex ' +
          '(e.g. `openssl rand -base64 32`); it encrypts the shops’ marketplace tokens at rest',
      );
    }
    return secretsWithKey(await keyFile(config.dataDir));
  })();
  opened.set(config as AppConfig, opening);
  opening.catch(() => opened.delete(config as AppConfig));
  return opening;
}
